package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import javax.tools.Diagnostic;
import javax.tools.DiagnosticCollector;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.StandardJavaFileManager;
import javax.tools.ToolProvider;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The {@code ```java} blocks of the docs compile, with the spanweave processor (and so the lint
 * rules) running on them as in a user's build: a snippet that rots fails this build.
 *
 * <ul>
 *   <li>Every <b>complete</b> example ({@link DocBlocks}: a type with its imports or its package)
 *       of every page under {@code docs/}, the root README and SKILL.md compiles <b>as written</b>:
 *       no import is added, so one it forgets fails here. On a lint rule's page, a complete example
 *       under a "Bad" heading must instead fail with that rule's {@code [spanweave:<id>]} error,
 *       and nothing else.
 *   <li>The <b>partial</b> snippets of the pages in {@link #PAGES} compile too, each in its own
 *       file of package {@code snippets.<page>}, with the imports a reader would add (java.util,
 *       java.nio.file, java.time, java.util.concurrent, java.util.function, java.lang.annotation
 *       and spanweave's annotations, API, runtime and rollout packages): a block that declares a
 *       type is a file as it is, any other a method body. The other pages' snippets are compiled by
 *       their modules' tests, or are fragments of code that a rule's page shows failing.
 * </ul>
 *
 * The blocks of one page compile together, so a complete example may use the types a partial block
 * of its page declares (it is in the same package unless it names one of its own).
 */
class DocSnippetsTest {

  /** The pages whose partial snippets this test compiles. */
  static final List<String> PAGES =
      List.of(
          "../README.md",
          "../SKILL.md",
          "README.md",
          "getting-started.md",
          "annotations.md",
          "configuration.md",
          "api.md",
          "comparison.md",
          "troubleshooting.md",
          "previews.md",
          "testing.md",
          "migration.md");

  private static final String IMPORTS =
      String.join(
          "\n",
          "import java.util.*;",
          "import java.util.concurrent.*;",
          "import java.util.function.*;",
          "import java.nio.file.*;",
          "import java.time.*;",
          "import java.lang.annotation.*;",
          "import io.spanweave.annotations.*;",
          "import io.spanweave.api.*;",
          "import io.spanweave.runtime.*;",
          "import io.spanweave.rollout.*;",
          "");
  private static final Pattern ANNOTATED_STAGE =
      Pattern.compile("(?m)^\\s*@(Traced|RolloutEndpoint)\\b");
  private static final Pattern LINT_RULE_PAGE = Pattern.compile("lint-rules/([a-z-]+)\\.md");

  @TempDir Path classes;

  /** Every page of the docs, the root README and SKILL.md, relative to docs/. */
  static Stream<String> pages() throws IOException {
    List<String> pages = new ArrayList<>(List.of("../README.md", "../SKILL.md"));
    try (Stream<Path> files = Files.walk(docsDir())) {
      files
          .filter(f -> f.toString().endsWith(".md"))
          .map(f -> docsDir().relativize(f).toString().replace('\\', '/'))
          .sorted()
          .forEach(pages::add);
    }
    return pages.stream();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void theJavaOfThePageCompiles(String page) throws IOException {
    Path file = docsDir().resolve(page).normalize();
    String pkg =
        "snippets."
            + file.getFileName()
                .toString()
                .replace(".md", "")
                .replace('-', '_')
                .toLowerCase(Locale.ROOT)
            + (page.startsWith("../")
                ? "_root"
                : page.contains("/")
                    ? "_" + page.substring(0, page.indexOf('/')).replace('-', '_')
                    : "");
    Matcher rulePage = LINT_RULE_PAGE.matcher(page);
    String ruleId = rulePage.matches() ? rulePage.group(1) : null;

    Map<JavaFileObject, DocBlocks.Block> sources = new LinkedHashMap<>();
    List<JavaFileObject> bad = new ArrayList<>();
    StringBuilder allJava = new StringBuilder();
    for (DocBlocks.Block block : DocBlocks.of(Files.readString(file, StandardCharsets.UTF_8))) {
      JavaFileObject source;
      if (block.complete()) {
        source =
            source(
                pkg,
                block,
                block.declaresPackage() ? block.code() : "package " + pkg + ";\n" + block.code());
        if (ruleId != null && block.section().equalsIgnoreCase("Bad")) {
          bad.add(source);
        }
      } else if (PAGES.contains(page)) {
        source = source(pkg, block, "package " + pkg + ";\n" + IMPORTS + partialBody(block));
      } else {
        continue; // a fragment, compiled by its module's tests or shown failing on a rule's page
      }
      sources.put(source, block);
      allJava.append(block.code());
    }
    if (sources.isEmpty()) {
      return; // a page without Java to compile here
    }

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter output = new StringWriter();
    boolean compiled;
    try (StandardJavaFileManager files =
        javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      // The processor is on the class path (a provided dependency of this module) and is found
      // there, as
      // javac finds it on a user's annotationProcessorPaths.
      List<String> options =
          List.of(
              "--release",
              "17",
              "-d",
              classes.toString(),
              "-classpath",
              System.getProperty("java.class.path"),
              "-implicit:none",
              "-Xlint:none");
      compiled = javac.getTask(output, files, diagnostics, options, null, sources.keySet()).call();
    }
    String report = report(page, sources, diagnostics) + output;

    if (bad.isEmpty()) {
      assertThat(compiled).as("the Java of %s compiles:%n%s", page, report).isTrue();
    } else {
      // A rule's bad example compiles with javac and fails with its rule, and only with it.
      for (JavaFileObject example : bad) {
        assertThat(diagnostics.getDiagnostics())
            .as(
                "%s, the bad example on line %d fails with [spanweave:%s]:%n%s",
                page, sources.get(example).line(), ruleId, report)
            .anyMatch(
                d ->
                    d.getSource() == example
                        && d.getMessage(Locale.ROOT).startsWith("[spanweave:" + ruleId + "]"));
      }
      assertThat(diagnostics.getDiagnostics())
          .as("no other error in %s:%n%s", page, report)
          .filteredOn(d -> d.getKind() == Diagnostic.Kind.ERROR)
          .allMatch(
              d ->
                  bad.contains(d.getSource())
                      && d.getMessage(Locale.ROOT).startsWith("[spanweave:" + ruleId + "]"));
    }
    // The processor ran: an annotated snippet got its delegate.
    if (compiled && ANNOTATED_STAGE.matcher(allJava).find()) {
      try (Stream<Path> written = Files.walk(classes)) {
        assertThat(written.anyMatch(p -> p.getFileName().toString().startsWith("Traced")))
            .as("delegates generated for %s", page)
            .isTrue();
      }
    }
  }

  private static Path docsDir() {
    return Path.of(System.getProperty("spanweave.docs.dir", "../docs"));
  }

  /** A partial block as a file: a type as it is, or a method body in a class of its own. */
  private static String partialBody(DocBlocks.Block block) {
    if (DocBlocks.TOP_LEVEL_TYPE.matcher(block.code()).find()) {
      return publicTypes(block.code()).size() > 1
          ? block.code().replaceAll("(?m)^public\\s+", "")
          : block.code();
    }
    return "final class Snippet"
        + block.number()
        + " {\n  @SuppressWarnings(\"unused\")\n  static void run() throws Exception {\n"
        + block.code()
        + "\n  }\n}\n";
  }

  private static List<String> publicTypes(String code) {
    Matcher type = DocBlocks.TOP_LEVEL_TYPE.matcher(code);
    List<String> names = new ArrayList<>();
    while (type.find()) {
      if (type.group(1) != null) {
        names.add(type.group(5));
      }
    }
    return names;
  }

  /**
   * A file named after its one public type, else {@code Snippet<n>}; several public types in one
   * block (a page showing both ends of a call) are made package-private in one file.
   */
  private static JavaFileObject source(String pkg, DocBlocks.Block block, String text) {
    List<String> publicTypes = publicTypes(block.code());
    String name = publicTypes.size() == 1 ? publicTypes.get(0) : "Snippet" + block.number();
    String filePackage = block.declaresPackage() ? packageOf(block.code()) : pkg;
    return new SimpleJavaFileObject(
        java.net.URI.create("string:///" + filePackage.replace('.', '/') + "/" + name + ".java"),
        JavaFileObject.Kind.SOURCE) {
      @Override
      public CharSequence getCharContent(boolean ignoreEncodingErrors) {
        return text;
      }

      @Override
      public String toString() {
        return name + ".java:\n" + text;
      }
    };
  }

  private static String packageOf(String code) {
    Matcher pkg = Pattern.compile("(?m)^package\\s+([\\w.]+)\\s*;").matcher(code);
    return pkg.find() ? pkg.group(1) : "";
  }

  /** The diagnostics, each with the page line of its block, and the sources compiled. */
  private static String report(
      String page,
      Map<JavaFileObject, DocBlocks.Block> sources,
      DiagnosticCollector<JavaFileObject> diagnostics) {
    StringBuilder report = new StringBuilder();
    for (Diagnostic<? extends JavaFileObject> d : diagnostics.getDiagnostics()) {
      DocBlocks.Block block = sources.get(d.getSource());
      report
          .append(d.getKind())
          .append(' ')
          .append(
              block == null
                  ? ""
                  : page + " block " + block.number() + " (line " + block.line() + "), ")
          .append(d.getSource() == null ? "" : d.getSource().getName())
          .append(':')
          .append(d.getLineNumber())
          .append(": ")
          .append(d.getMessage(Locale.ROOT))
          .append('\n');
    }
    report.append("sources:\n");
    sources.keySet().forEach(s -> report.append(s).append('\n'));
    return report.toString();
  }
}
