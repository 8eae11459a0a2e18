package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * The public surface is the documented surface: every public top-level type of a published module,
 * outside the {@code internal} packages (which are not API and may change in any release), has a
 * Javadoc comment; and every such type of the libraries an application compiles against is named
 * somewhere in {@code docs/} or the README, so that nobody meets a public class the documentation
 * never mentions. (The processor, the lint rules and the viewer are tools: their public types need
 * the comment only.) A class that should not be promised goes to an {@code internal} package.
 */
class PublicSurfaceTest {

  /**
   * The modules an application's code compiles against: a public type must be named in the docs.
   */
  static final List<String> LIBRARIES =
      List.of(
          "annotations",
          "conventions",
          "run-files",
          "api",
          "runtime",
          "otlp",
          "zipkin",
          "zstd",
          "rollout-preset",
          "testing",
          "reactor",
          "spring-boot-starter",
          "genai",
          "langchain4j");

  /** Published tools: a public type needs its Javadoc comment. */
  static final List<String> TOOLS = List.of("processor", "lint-rules", "viewer");

  private static final Pattern PUBLIC_TYPE =
      Pattern.compile(
          "(?m)^public\\s+((final|abstract|sealed|non-sealed|static)\\s+)*(class|interface|enum|record|@interface)\\s+(\\w+)");
  private static final Pattern TRAILING_ANNOTATIONS =
      Pattern.compile("(\\s*@[\\w.]+(\\([^)]*\\))?)*\\s*$");

  record PublicType(String module, Path file, String name, boolean commented) {}

  @Test
  void everyPublicTypeOutsideInternalPackagesIsDocumented() throws IOException {
    String docs = docsText();
    List<String> problems = new ArrayList<>();
    int checked = 0;
    for (String module : Stream.concat(LIBRARIES.stream(), TOOLS.stream()).toList()) {
      for (PublicType type : publicTypes(module)) {
        checked++;
        if (!type.commented()) {
          problems.add(type.file() + ": public " + type.name() + " has no Javadoc comment");
        }
        if (LIBRARIES.contains(module)
            && !Pattern.compile("\\b" + type.name() + "\\b").matcher(docs).find()) {
          problems.add(
              type.file()
                  + ": public "
                  + type.name()
                  + " is named nowhere in docs/ or the README; "
                  + "document it, or move it to an internal package");
        }
      }
    }
    assertThat(checked).as("public types found").isGreaterThan(100);
    assertThat(problems).as("undocumented public types").isEmpty();
  }

  @Test
  void theCheckFindsATypeTheDocsDoNotName() {
    String docs = "`TraceConfig` is the root of the configuration.";
    assertThat(Pattern.compile("\\bTraceConfig\\b").matcher(docs).find()).isTrue();
    assertThat(Pattern.compile("\\bSpanweaveOtlp\\b").matcher(docs).find()).isFalse();
    assertThat(
            commented(
                "/** A type. */\n@Deprecated\npublic final class A {}", "public final class A"))
        .isTrue();
    assertThat(commented("// not Javadoc\npublic final class A {}", "public final class A"))
        .isFalse();
  }

  private static List<PublicType> publicTypes(String module) throws IOException {
    Path sources = repository().resolve(module).resolve("src/main/java");
    assertThat(sources).as("the sources of " + module).isDirectory();
    try (Stream<Path> files = Files.walk(sources)) {
      List<PublicType> types = new ArrayList<>();
      for (Path file : files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
        String pkg = sources.relativize(file.getParent()).toString().replace('\\', '/');
        if (pkg.equals("internal")
            || pkg.contains("/internal")
            || pkg.startsWith("internal/")
            || file.getFileName().toString().equals("package-info.java")) {
          continue;
        }
        String text = Files.readString(file, StandardCharsets.UTF_8);
        Matcher declaration = PUBLIC_TYPE.matcher(text);
        if (declaration.find()) {
          types.add(
              new PublicType(
                  module,
                  repository().relativize(file),
                  declaration.group(4),
                  commented(text, declaration.group())));
        }
      }
      return types;
    }
  }

  /** Whether the declaration is preceded by a Javadoc comment, annotations between them allowed. */
  static boolean commented(String text, String declaration) {
    String before = text.substring(0, text.indexOf(declaration));
    return TRAILING_ANNOTATIONS.matcher(before).replaceFirst("").stripTrailing().endsWith("*/")
        && before.lastIndexOf("/**") >= 0;
  }

  private static String docsText() throws IOException {
    Path docs = repository().resolve("docs");
    try (Stream<Path> pages = Files.walk(docs)) {
      return pages
              .filter(page -> page.toString().endsWith(".md"))
              .map(PublicSurfaceTest::read)
              .collect(Collectors.joining("\n"))
          + read(repository().resolve("README.md"));
    }
  }

  private static String read(Path file) {
    try {
      return Files.readString(file, StandardCharsets.UTF_8);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  private static Path repository() {
    return Path.of(System.getProperty("spanweave.docs.dir", "../docs"))
        .toAbsolutePath()
        .normalize()
        .getParent();
  }
}
