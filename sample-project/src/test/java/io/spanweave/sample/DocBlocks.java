package io.spanweave.sample;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The {@code ```java} blocks of a docs page, each either a complete example or a partial snippet.
 *
 * <p>A block is <b>complete</b> when it declares a top-level type (class, interface, record, enum,
 * annotation) and has a {@code package} or an {@code import} line: it is a source file as a reader
 * copies it, and must compile as written, with the imports it shows and no others (a block without
 * a package line is in the package of the page's other blocks). Every other block is
 * <b>partial</b>: a method body, or types shown without their imports, which the docs mark by
 * showing no imports at all; those compile with the imports a reader would add. Code that is shown
 * but does not compile (generated output, log lines) goes in {@code ```text} blocks.
 */
final class DocBlocks {

  private static final Pattern JAVA_BLOCK = Pattern.compile("(?ms)^```java[^\\n]*\\n(.*?)^```");
  private static final Pattern HEADING = Pattern.compile("(?m)^#{1,6}\\s+(.*)$");
  private static final Pattern PACKAGE = Pattern.compile("(?m)^package\\s+[\\w.]+\\s*;");
  private static final Pattern IMPORT =
      Pattern.compile("(?m)^import\\s+(static\\s+)?[\\w.*]+\\s*;");
  static final Pattern TOP_LEVEL_TYPE =
      Pattern.compile(
          "(?m)^(public\\s+)?((final|abstract|sealed|non-sealed|strictfp)\\s+)*(class|interface|record|enum|@interface)\\s+(\\w+)");

  private DocBlocks() {}

  /**
   * One {@code ```java} block: its number on the page (from 1), the line its code starts on, its
   * section.
   */
  record Block(int number, int line, String section, String code) {

    boolean complete() {
      return TOP_LEVEL_TYPE.matcher(code).find()
          && (PACKAGE.matcher(code).find() || IMPORT.matcher(code).find());
    }

    boolean declaresPackage() {
      return PACKAGE.matcher(code).find();
    }
  }

  static List<Block> of(String markdown) {
    List<Block> blocks = new ArrayList<>();
    Matcher block = JAVA_BLOCK.matcher(markdown);
    int number = 0;
    while (block.find()) {
      number++;
      int line = lineOf(markdown, block.start(1));
      blocks.add(new Block(number, line, sectionAt(markdown, block.start()), block.group(1)));
    }
    return blocks;
  }

  /** The heading the block is under, such as {@code Bad}; empty before the first heading. */
  private static String sectionAt(String markdown, int offset) {
    Matcher heading = HEADING.matcher(markdown);
    String section = "";
    while (heading.find() && heading.start() < offset) {
      section = heading.group(1).trim();
    }
    return section;
  }

  private static int lineOf(String text, int offset) {
    int line = 1;
    for (int i = 0; i < offset; i++) {
      if (text.charAt(i) == '\n') {
        line++;
      }
    }
    return line;
  }
}
