package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * A JavaPoet format with its names, plain string literals and text already joined into one {@code
 * $L} piece between types: {@code "$N.attribute($S, $L)"} with {@code span, "sample.id", sampleId}
 * becomes {@code "$L"} with {@code span.attribute("sample.id", sampleId)}.
 *
 * <p>The source text is the same. The point is the writer's work: JavaPoet writes every piece of a
 * format through {@code CodeWriter.emitAndIndent}, which splits it with the regular expression
 * {@code \R}, and writes each file twice (once to collect imports). With a fresh class loader per
 * compilation that was the largest part of the processor's time (Square's JavaPoet 1.13 also
 * compiled the expression anew for each piece; Palantir's, which we use, compiles it once).
 *
 * <p>{@code $T} stays a piece of its own (JavaPoet decides imports from it), as do code blocks,
 * strings JavaPoet would escape or wrap, and any other placeholder.
 */
final class CompactFormat {

  final String format;
  final Object[] args;

  private CompactFormat(String format, Object[] args) {
    this.format = format;
    this.args = args;
  }

  static CompactFormat of(String format, Object... args) {
    StringBuilder compact = new StringBuilder();
    List<Object> compactArgs = new ArrayList<>();
    StringBuilder text = new StringBuilder();
    int next = 0;
    for (int i = 0; i < format.length(); i++) {
      char c = format.charAt(i);
      if (c != '$' || i + 1 == format.length()) {
        text.append(c);
        continue;
      }
      char placeholder = format.charAt(++i);
      boolean takesArg =
          placeholder == 'N' || placeholder == 'S' || placeholder == 'L' || placeholder == 'T';
      Object arg = takesArg ? args[next++] : null;
      if (placeholder == '$') {
        text.append('$');
      } else if (placeholder == 'N' && arg instanceof CharSequence) {
        text.append(arg);
      } else if (placeholder == 'S' && isPlainString(arg)) {
        text.append('"').append(arg).append('"');
      } else if (placeholder == 'L'
          && !(arg instanceof CodeBlock)
          && (arg instanceof CharSequence || arg instanceof Number)) {
        text.append(arg);
      } else {
        flush(text, compact, compactArgs);
        compact.append('$').append(placeholder);
        if (takesArg) {
          compactArgs.add(arg);
        }
      }
    }
    flush(text, compact, compactArgs);
    return new CompactFormat(compact.toString(), compactArgs.toArray());
  }

  /** {@link #of} as a code block. */
  static CodeBlock code(String format, Object... args) {
    CompactFormat compact = of(format, args);
    return CodeBlock.of(compact.format, compact.args);
  }

  /** {@code builder.addStatement(format, args)}, compacted. */
  static void addStatement(CodeBlock.Builder builder, String format, Object... args) {
    CompactFormat compact = of(format, args);
    builder.addStatement(compact.format, compact.args);
  }

  /** {@code builder.add(format, args)}, compacted. */
  static void add(CodeBlock.Builder builder, String format, Object... args) {
    CompactFormat compact = of(format, args);
    builder.add(compact.format, compact.args);
  }

  /** {@code builder.beginControlFlow(format, args)}, compacted. */
  static void beginControlFlow(CodeBlock.Builder builder, String format, Object... args) {
    CompactFormat compact = of(format, args);
    builder.beginControlFlow(compact.format, compact.args);
  }

  /** {@code builder.nextControlFlow(format, args)}, compacted. */
  static void nextControlFlow(CodeBlock.Builder builder, String format, Object... args) {
    CompactFormat compact = of(format, args);
    builder.nextControlFlow(compact.format, compact.args);
  }

  /**
   * A string JavaPoet writes as {@code "} + itself + {@code "}: nothing to escape, no line break.
   */
  static boolean isPlainString(Object arg) {
    if (!(arg instanceof String)) {
      return false;
    }
    String s = (String) arg;
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '"' || c == '\\' || c == '\'' || Character.isISOControl(c)) {
        return false;
      }
    }
    return true;
  }

  private static void flush(StringBuilder text, StringBuilder compact, List<Object> compactArgs) {
    if (text.length() > 0) {
      compact.append("$L");
      compactArgs.add(text.toString());
      text.setLength(0);
    }
  }
}
