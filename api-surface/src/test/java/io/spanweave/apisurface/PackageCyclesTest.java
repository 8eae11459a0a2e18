package io.spanweave.apisurface;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.net.JarURLConnection;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.jar.JarEntry;
import java.util.jar.JarFile;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * No module's packages form a cycle: an internal package never names the public package that uses
 * it, an SPI package never names the configuration types above it, so that each package can be
 * read, and changed, from the bottom up (as in opentelemetry-java). The classes are read from each
 * module's build output as this test's class path holds it (its {@code target/classes} or its jar).
 */
class PackageCyclesTest {

  /** A module, found through the class file of one of its classes (read, never loaded). */
  record Module(String directory, String anchorClass) {

    @Override
    public String toString() {
      return directory;
    }
  }

  static Stream<Module> modules() {
    return Stream.of(
        new Module("annotations", "io.spanweave.annotations.Traced"),
        new Module("conventions", "io.spanweave.conventions.SecretValues"),
        new Module("run-files", "io.spanweave.runfiles.spi.RunPartCodec"),
        new Module("api", "io.spanweave.api.Trace"),
        new Module("genai", "io.spanweave.genai.GenAiCall"),
        new Module("lint-rules", "io.spanweave.lint.SpanweaveLint"),
        new Module("runtime", "io.spanweave.runtime.Tracing"),
        new Module("otlp", "io.spanweave.otlp.internal.exporter.OtlpSpanExporterProvider"),
        new Module("zipkin", "io.spanweave.zipkin.internal.ZipkinSpanExporterProvider"),
        new Module("zstd", "io.spanweave.zstd.internal.ZstdPartCodec"),
        new Module("processor", "io.spanweave.processor.TracedProcessor"),
        new Module("rollout-preset", "io.spanweave.rollout.RolloutTrace"),
        new Module("testing", "io.spanweave.testing.SpanRecorder"),
        new Module("reactor", "io.spanweave.reactor.ReactiveStages"),
        new Module("langchain4j", "io.spanweave.langchain4j.SpanweaveChatModelListener"),
        new Module("openai", "io.spanweave.openai.TracedOpenAI"),
        new Module("spring-boot-starter", "io.spanweave.spring.SpanweaveAutoConfiguration"),
        new Module("viewer", "io.spanweave.viewer.Main"));
  }

  @ParameterizedTest
  @MethodSource("modules")
  void theModulesPackagesFormNoCycle(Module module) throws IOException, URISyntaxException {
    List<ClassFileReferences.Result> classes = classesOf(module);
    assertThat(classes).as("the classes of " + module).isNotEmpty();
    List<String> cycles = PackageCycles.in(classes);
    assertThat(cycles)
        .as(
            "package cycles in %s (break them so that the lower package names nothing of the upper one: move the "
                + "shared type down, or hand over plain values or an interface of the lower package)",
            module)
        .isEmpty();
  }

  @Test
  void aCycleIsReportedThroughEveryPackageWithTheClassesThatMakeIt() {
    List<ClassFileReferences.Result> classes =
        List.of(
            result("io.x.Api", "io.x.internal.Engine"),
            result("io.x.internal.Engine", "io.x.spi.Plugin"),
            result("io.x.spi.Plugin", "io.x.Settings"),
            result("io.x.Settings"),
            result("io.x.other.Free", "io.x.Api", "io.y.Elsewhere"));

    assertThat(PackageCycles.in(classes))
        .containsExactly(
            "io.x -> io.x.internal (Api names Engine) -> io.x.spi (Engine names Plugin) -> io.x (Plugin names Settings)");
  }

  @Test
  void packagesThatOnlyDependDownwardsFormNoCycle() {
    List<ClassFileReferences.Result> classes =
        List.of(
            result("io.x.Api", "io.x.internal.Engine", "io.x.spi.Plugin"),
            result("io.x.internal.Engine", "io.x.spi.Plugin"),
            result("io.x.spi.Plugin"));

    assertThat(PackageCycles.in(classes)).isEmpty();
  }

  @Test
  void aClassFileNamesTheClassesItCompilesAgainstButNotItsStringLiterals()
      throws IOException, URISyntaxException {
    ClassFileReferences.Result read = readClass(PackageCyclesTest.class.getName());

    assertThat(read.className()).isEqualTo(PackageCyclesTest.class.getName());
    assertThat(read.references())
        .contains(
            ClassFileReferences.Result.class.getName(),
            PackageCycles.class.getName(),
            Module.class.getName());
    // named above only in string literals
    assertThat(read.references()).doesNotContain("io.spanweave.annotations.Traced", "io.x.Api");
  }

  private static ClassFileReferences.Result result(String className, String... references) {
    return new ClassFileReferences.Result(className, new java.util.TreeSet<>(List.of(references)));
  }

  private static ClassFileReferences.Result readClass(String className) throws IOException {
    try (InputStream in = resource(className).openStream()) {
      return ClassFileReferences.read(in.readAllBytes());
    }
  }

  private static URL resource(String className) {
    String name = className.replace('.', '/') + ".class";
    URL url = PackageCyclesTest.class.getClassLoader().getResource(name);
    assertThat(url).as(name + " on the test class path").isNotNull();
    return url;
  }

  /** Every class of the jar or directory that holds the module's anchor class. */
  private static List<ClassFileReferences.Result> classesOf(Module module)
      throws IOException, URISyntaxException {
    URL url = resource(module.anchorClass());
    List<ClassFileReferences.Result> classes = new ArrayList<>();
    if (url.getProtocol().equals("jar")) {
      JarURLConnection connection = (JarURLConnection) url.openConnection();
      try (JarFile jar = new JarFile(Path.of(connection.getJarFileURL().toURI()).toFile())) {
        for (JarEntry entry : Collections.list(jar.entries())) {
          if (isClass(entry.getName())) {
            try (InputStream in = jar.getInputStream(entry)) {
              classes.add(ClassFileReferences.read(in.readAllBytes()));
            }
          }
        }
      }
      return classes;
    }
    Path file = Path.of(url.toURI());
    Path root = file;
    for (int i = 0; i < module.anchorClass().split("\\.").length; i++) {
      root = root.getParent();
    }
    try (Stream<Path> files = Files.walk(root)) {
      for (Path path : files.filter(path -> isClass(path.toString())).sorted().toList()) {
        classes.add(ClassFileReferences.read(Files.readAllBytes(path)));
      }
    }
    return classes;
  }

  /**
   * A class file, not {@code module-info} or {@code package-info} (they name no package of their
   * own).
   */
  private static boolean isClass(String name) {
    return name.endsWith(".class")
        && !name.endsWith("module-info.class")
        && !name.endsWith("package-info.class")
        && !name.startsWith("META-INF/");
  }
}
