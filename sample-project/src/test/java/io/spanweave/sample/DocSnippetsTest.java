package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
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
 * Every {@code ```java} block of the user docs compiles, with the spanweave processor (and so the
 * lint rules) running on it as in a user's build: a snippet that rots fails this build.
 *
 * <p>The blocks of one page are compiled together, each in its own file of package
 * {@code snippets.<page>}, with the imports a reader would add (java.util, java.nio.file,
 * java.time, java.util.concurrent, java.util.function, java.lang.annotation and spanweave's
 * annotations, runtime and rollout packages). A block that declares a top-level type is a file as
 * it is, after those imports and its own (testing.md's tests import JUnit and spanweave-testing); any other block is a method body. Code that is shown but not meant to compile (generated
 * output, log lines) is in {@code ```text} blocks.
 */
class DocSnippetsTest {

  /** The pages whose snippets this test owns; the other pages' snippets are compiled by their modules' tests. */
  static final List<String> PAGES = List.of("../README.md", "../SKILL.md", "README.md", "getting-started.md", "annotations.md",
      "configuration.md", "api.md", "comparison.md", "troubleshooting.md", "previews.md", "testing.md",
      "migration.md");

  private static final String IMPORTS = String.join("\n",
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
  private static final Pattern JAVA_BLOCK = Pattern.compile("(?ms)^```java\\n(.*?)^```");
  private static final Pattern ANNOTATED_STAGE = Pattern.compile("(?m)^\\s*@(Traced|RolloutEndpoint)\\b");
  private static final Pattern TOP_LEVEL_TYPE = Pattern.compile(
      "(?m)^(public\\s+)?((final|abstract|sealed)\\s+)*(class|interface|record|enum|@interface)\\s+(\\w+)");

  @TempDir
  Path classes;

  static Stream<String> pages() {
    return PAGES.stream();
  }

  @ParameterizedTest
  @MethodSource("pages")
  void everyJavaSnippetOfThePageCompiles(String page) throws IOException {
    Path file = docsDir().resolve(page).normalize();
    String markdown = Files.readString(file, StandardCharsets.UTF_8);
    String pkg = "snippets." + file.getFileName().toString().replace(".md", "").replace('-', '_').toLowerCase(Locale.ROOT)
        + (page.startsWith("../") ? "_root" : "");
    List<JavaFileObject> sources = new ArrayList<>();
    StringBuilder allJava = new StringBuilder();
    Matcher block = JAVA_BLOCK.matcher(markdown);
    int n = 0;
    while (block.find()) {
      n++;
      sources.add(source(pkg, n, block.group(1)));
      allJava.append(block.group(1));
    }
    if (sources.isEmpty()) {
      return; // a page without Java
    }

    JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
    DiagnosticCollector<JavaFileObject> diagnostics = new DiagnosticCollector<>();
    StringWriter output = new StringWriter();
    try (StandardJavaFileManager files = javac.getStandardFileManager(diagnostics, Locale.ROOT, StandardCharsets.UTF_8)) {
      // The processor is on the class path (a provided dependency of this module) and is found there, as
      // javac finds it on a user's annotationProcessorPaths.
      List<String> options = List.of("--release", "17", "-d", classes.toString(),
          "-classpath", System.getProperty("java.class.path"), "-implicit:none", "-Xlint:none");
      boolean compiled = javac.getTask(output, files, diagnostics, options, null, sources).call();
      StringBuilder report = new StringBuilder();
      diagnostics.getDiagnostics().forEach(d -> report.append(d.getKind()).append(' ')
          .append(d.getSource() == null ? "" : d.getSource().getName()).append(':').append(d.getLineNumber())
          .append(": ").append(d.getMessage(Locale.ROOT)).append('\n'));
      assertThat(compiled).as("the java snippets of %s compile:%n%s%s%nsources:%n%s", file, report, output,
          describe(sources)).isTrue();
    }
    // The processor ran: an annotated snippet got its delegate.
    if (ANNOTATED_STAGE.matcher(allJava).find()) {
      try (Stream<Path> written = Files.walk(classes)) {
        assertThat(written.anyMatch(p -> p.getFileName().toString().startsWith("Traced")))
            .as("delegates generated for %s", page).isTrue();
      }
    }
  }

  private static Path docsDir() {
    return Path.of(System.getProperty("spanweave.docs.dir", "../docs"));
  }

  private static JavaFileObject source(String pkg, int n, String code) {
    Matcher type = TOP_LEVEL_TYPE.matcher(code);
    List<String> publicTypes = new ArrayList<>();
    while (type.find()) {
      if (type.group(1) != null) {
        publicTypes.add(type.group(5));
      }
    }
    boolean declaresTypes = TOP_LEVEL_TYPE.matcher(code).find();
    String name;
    String body;
    if (!declaresTypes) {
      name = "Snippet" + n;
      body = "final class " + name + " {\n  @SuppressWarnings(\"unused\")\n  static void run() throws Exception {\n"
          + code + "\n  }\n}\n";
    } else if (publicTypes.size() == 1) {
      name = publicTypes.get(0);
      body = code;
    } else {
      // Several public types in one block, as a page shows two ends of a call: one file, package-private.
      name = "Snippet" + n;
      body = code.replaceAll("(?m)^public\\s+", "");
    }
    String text = "package " + pkg + ";\n" + IMPORTS + body;
    return new SimpleJavaFileObject(java.net.URI.create("string:///" + pkg.replace('.', '/') + "/" + name + ".java"),
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

  private static String describe(List<JavaFileObject> sources) {
    StringBuilder all = new StringBuilder();
    sources.forEach(s -> all.append(s).append('\n'));
    return all.toString();
  }
}
