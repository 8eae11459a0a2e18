package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import java.util.ArrayList;
import java.util.List;

/**
 * A method body written as text, with only types ({@code $T}), code blocks and strings to escape
 * left to JavaPoet: the few calls of {@link CodeBlock.Builder} that the body writers use ({@code
 * addStatement}, {@code beginControlFlow}, ...), producing the same source text.
 *
 * <p>The point is the writer's work, as for {@link CompactFormat} but across statements: JavaPoet
 * writes every piece of a code block through {@code CodeWriter.emitAndIndent}, which splits it with
 * the regular expression {@code \R}, for each piece and twice per file (once to collect imports). A
 * body made of statements and control flow is dozens of pieces (each statement's text, its {@code
 * ;\n}, each {@code {\n} and {@code }\n}); here the text between two types is one piece. The
 * indentation JavaPoet would add ({@code $>}, and a statement's continuation lines) is written into
 * the text instead, in JavaPoet's unit of two spaces; JavaPoet still adds the method's own.
 */
final class BodyCode {

  private static final String INDENT = "  ";

  private final StringBuilder format = new StringBuilder();
  private final List<Object> args = new ArrayList<>();
  private final StringBuilder text = new StringBuilder();
  private int level;
  private boolean lineStart = true;

  /**
   * Inside a statement: its continuation lines are indented twice more, as JavaPoet's {@code $[}
   * does.
   */
  private boolean inStatement;

  private boolean continued;

  /** As {@link CodeBlock.Builder#addStatement}. */
  BodyCode addStatement(String format, Object... args) {
    inStatement = true;
    add(format, args);
    inStatement = false;
    continued = false;
    return text(";\n");
  }

  /** As {@link CodeBlock.Builder#beginControlFlow}. */
  BodyCode beginControlFlow(String controlFlow, Object... args) {
    add(controlFlow, args);
    text(" {\n");
    level++;
    return this;
  }

  /** As {@link CodeBlock.Builder#nextControlFlow}. */
  BodyCode nextControlFlow(String controlFlow, Object... args) {
    level--;
    text("} ");
    add(controlFlow, args);
    text(" {\n");
    level++;
    return this;
  }

  /** As {@link CodeBlock.Builder#endControlFlow()}. */
  BodyCode endControlFlow() {
    level--;
    return text("}\n");
  }

  /** As {@link CodeBlock.Builder#indent()}. */
  BodyCode indent() {
    level++;
    return this;
  }

  /** As {@link CodeBlock.Builder#unindent()}. */
  BodyCode unindent() {
    level--;
    return this;
  }

  /**
   * As {@link CodeBlock.Builder#add} for the placeholders {@code $N}, {@code $S}, {@code $L},
   * {@code $T}, {@code $$}, {@code $>} and {@code $<}: names, plain strings and text join the text;
   * types, code blocks and strings JavaPoet must escape stay pieces of their own.
   */
  BodyCode add(String template, Object... values) {
    int next = 0;
    int from = 0;
    for (int i = template.indexOf('$');
        i >= 0 && i + 1 < template.length();
        i = template.indexOf('$', from)) {
      text(template.substring(from, i));
      char placeholder = template.charAt(i + 1);
      from = i + 2;
      if (placeholder == '$') {
        text("$");
        continue;
      }
      if (placeholder == '>' || placeholder == '<') {
        level += placeholder == '>' ? 1 : -1;
        continue;
      }
      if (placeholder != 'N' && placeholder != 'S' && placeholder != 'L' && placeholder != 'T') {
        throw new IllegalArgumentException(
            "unsupported placeholder $" + placeholder + " in " + template);
      }
      Object value = values[next++];
      if (placeholder == 'N' && value instanceof CharSequence
          || placeholder == 'L' && (value instanceof CharSequence || value instanceof Number)) {
        text(value.toString());
      } else if (placeholder == 'S' && CompactFormat.isPlainString(value)) {
        text("\"").text((String) value).text("\"");
      } else {
        piece("$" + placeholder, value);
      }
    }
    return text(template.substring(from));
  }

  CodeBlock build() {
    flush();
    return CodeBlock.of(format.toString(), args.toArray());
  }

  /** Appends text, indenting each new line as JavaPoet would (it skips empty lines). */
  private BodyCode text(String s) {
    for (int i = 0; i < s.length(); i++) {
      char c = s.charAt(i);
      if (c == '\n') {
        text.append(c);
        lineStart = true;
        continued = inStatement;
        continue;
      }
      indentIfLineStart();
      text.append(c);
    }
    return this;
  }

  private void piece(String placeholder, Object value) {
    indentIfLineStart();
    flush();
    format.append(placeholder);
    args.add(value);
  }

  private void indentIfLineStart() {
    if (lineStart) {
      text.append(INDENT.repeat(level + (continued ? 2 : 0)));
      lineStart = false;
    }
  }

  private void flush() {
    if (text.length() > 0) {
      format.append("$L");
      args.add(text.toString());
      text.setLength(0);
    }
  }
}
