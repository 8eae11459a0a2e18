package io.spanweave.lint;

import com.sun.source.tree.CompilationUnitTree;
import java.io.IOException;
import java.util.Set;

/**
 * Says from the source text alone whether a compilation unit can hold any position the {@link
 * LintScanner} inspects: an annotation named {@code Traced} or {@code TraceAttribute}, a use of
 * {@code PREVIEW}, a call of a method with one of the tracing API's names, or one of the rollout
 * preset's ({@link RolloutPresetApis}: its type names anywhere, its method names, which are common
 * words such as {@code message}, only as calls). Most units of a project (records, settings, plain
 * services) hold none, and their classes are then not walked at all; their imports are still
 * checked, which needs no walk.
 *
 * <p>The test errs towards walking: a name in a comment or a string, or any unicode escape (which
 * could spell a name), counts as a possible position. Only an occurrence that is plainly a method
 * declaration ({@code Map<String, Double> run(}) is not a call.
 */
final class UnitPrefilter {

  /**
   * Words after which {@code name(} is a call, not the declaration of a method named {@code name}.
   */
  private static final Set<String> KEYWORDS_BEFORE_CALLS =
      Set.of(
          "return",
          "throw",
          "yield",
          "else",
          "case",
          "default",
          "assert",
          "do",
          "new",
          "instanceof");

  private UnitPrefilter() {}

  /** Whether the unit must be walked; {@code true} when its text cannot be read. */
  static boolean mayHoldPositions(CompilationUnitTree unit) {
    String text;
    try {
      text = unit.getSourceFile().getCharContent(true).toString();
    } catch (IOException | RuntimeException e) {
      return true;
    }
    return mayHoldPositions(text);
  }

  static boolean mayHoldPositions(String text) {
    // "Trace" covers Traced and TraceAttribute (and the Trace API class).
    if (text.contains("Trace") || text.contains("PREVIEW") || text.contains("\\u")) {
      return true;
    }
    for (String name : LintScanner.API_METHOD_NAMES) {
      for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length())) {
        if (isWholeWord(text, at, name.length()) && !isMethodDeclaration(text, at, name.length())) {
          return true;
        }
      }
    }
    for (String type : RolloutPresetApis.CONSTRUCTED_TYPES) {
      if (text.contains(type)) {
        return true;
      }
    }
    // The preset's method names (message, object, reward, ...) are common words: only a call
    // counts.
    for (String name : RolloutPresetApis.METHOD_NAMES) {
      for (int at = text.indexOf(name); at >= 0; at = text.indexOf(name, at + name.length())) {
        if (isWholeWord(text, at, name.length())
            && isFollowedByParenthesis(text, at + name.length())
            && !isMethodDeclaration(text, at, name.length())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isFollowedByParenthesis(String text, int from) {
    int next = skipSpaces(text, from, 1);
    return next < text.length() && text.charAt(next) == '(';
  }

  private static boolean isWholeWord(String text, int start, int length) {
    int end = start + length;
    return (start == 0 || !Character.isJavaIdentifierPart(text.charAt(start - 1)))
        && (end == text.length() || !Character.isJavaIdentifierPart(text.charAt(end)));
  }

  /**
   * {@code Type name(}: the name is followed by a parenthesis and preceded by a type (a word that
   * is not a keyword such as {@code return}, or the end of type arguments or of an array type).
   */
  private static boolean isMethodDeclaration(String text, int start, int length) {
    int next = skipSpaces(text, start + length, 1);
    if (next >= text.length() || text.charAt(next) != '(') {
      return false;
    }
    int previous = skipSpaces(text, start - 1, -1);
    if (previous < 0 || previous == start - 1) {
      return false; // no space between a type and the name: not a declaration we recognise
    }
    char before = text.charAt(previous);
    if (before == ']') {
      return true; // int[] name(
    }
    if (before == '>') {
      return closesTypeArguments(
          text, previous); // List<String> name(, but not x -> name( or a > name(
    }
    if (!Character.isJavaIdentifierPart(before)) {
      return false;
    }
    int wordStart = previous;
    while (wordStart > 0 && Character.isJavaIdentifierPart(text.charAt(wordStart - 1))) {
      wordStart--;
    }
    return !KEYWORDS_BEFORE_CALLS.contains(text.substring(wordStart, previous + 1));
  }

  /**
   * Whether the {@code >} at {@code close} ends type arguments written right after a type name,
   * such as {@code Map<String, List<Double>>}: the matching {@code <} follows a word directly, and
   * only what type arguments are made of lies between.
   */
  private static boolean closesTypeArguments(String text, int close) {
    int depth = 0;
    for (int i = close; i >= 0; i--) {
      char c = text.charAt(i);
      if (c == '>') {
        depth++;
      } else if (c == '<') {
        depth--;
        if (depth == 0) {
          return i > 0 && Character.isJavaIdentifierPart(text.charAt(i - 1));
        }
      } else if (!Character.isJavaIdentifierPart(c)
          && !Character.isWhitespace(c)
          && ".,?[]@".indexOf(c) < 0) {
        return false;
      }
    }
    return false;
  }

  private static int skipSpaces(String text, int from, int step) {
    int i = from;
    while (i >= 0 && i < text.length() && Character.isWhitespace(text.charAt(i))) {
      i += step;
    }
    return i;
  }
}
