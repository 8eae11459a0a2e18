package io.spanweave.processor;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.io.IOException;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.jar.JarFile;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import org.eclipse.jdt.internal.compiler.tool.EclipseCompiler;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Eclipse's compiler run from its command line ({@code
 * org.eclipse.jdt.internal.compiler.batch.Main} of the real ecj jar) in a JVM of its own, as a
 * batch build runs it: with the processor on {@code -processorpath} it fails closed, reporting the
 * declared secret at its line, even in a JVM without javac's module ({@code jdk.compiler}, which a
 * runtime image may leave out); with {@code -processorpath} before {@code -cp}, ecj looks for
 * processors on the class path instead, and nothing runs at all (docs/build-tools.md warns of it).
 */
class EclipseCommandLineTest {

  /** What ecj itself needs to run, and nothing of javac. */
  private static final String WITHOUT_JAVAC =
      "java.base,java.compiler,java.logging,java.management,jdk.zipfs";

  @TempDir Path work;

  @Test
  void aBatchBuildFailsClosedAndReportsTheDeclaredSecretWithoutJavacsModule() throws Exception {
    Path source =
        write(
            "test/Worker.java",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced",
            "  String generate(@TraceAttribute(\"api_key\") String key);",
            "}");
    Result result =
        ecj(
            List.of("--limit-modules", WITHOUT_JAVAC),
            "-cp",
            applicationClasspath(),
            "-processorpath",
            processorPath(),
            source.toString());

    assertThat(result.exitCode).as(result.output).isNotZero();
    assertThat(result.output)
        .contains("Worker.java (at line 5)")
        .contains(
            "[spanweave:attribute-secret] attribute 'api_key' in @TraceAttribute names a secret ('api key')")
        .contains("[spanweave] the guardrails (lint rules) could not run")
        .contains("org.eclipse.jdt.internal.compiler.apt.dispatch.BatchProcessingEnvImpl")
        .doesNotContain("NoClassDefFoundError")
        .doesNotContain("Exception");
    assertThat(work.resolve("generated/test/TracedWorker.java")).exists();
  }

  @Test
  void theProcessorPathBeforeTheClassPathIsSilentlyIgnored() throws Exception {
    Path source =
        write(
            "test/Worker.java",
            "package test;",
            "import io.spanweave.annotations.*;",
            "public interface Worker {",
            "  @Traced",
            "  String generate(@TraceAttribute(\"api_key\") String key);",
            "}");
    Result ignored =
        ecj(
            List.of(),
            "-processorpath",
            processorPath(),
            "-cp",
            applicationClasspath(),
            source.toString());
    assertThat(ignored.exitCode).as(ignored.output).isZero();
    assertThat(ignored.output).doesNotContain("spanweave");
    assertThat(work.resolve("generated/test/TracedWorker.java")).doesNotExist();
    // The other order runs the processor: the test above.
  }

  private Result ecj(List<String> jvmOptions, String... arguments)
      throws IOException, InterruptedException, URISyntaxException {
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.addAll(jvmOptions);
    command.add("-cp");
    command.add(
        Path.of(EclipseCompiler.class.getProtectionDomain().getCodeSource().getLocation().toURI())
            .toString());
    command.add("org.eclipse.jdt.internal.compiler.batch.Main");
    command.addAll(
        List.of(
            "--release",
            "17",
            "-s",
            work.resolve("generated").toString(),
            "-d",
            work.resolve("classes").toString()));
    command.addAll(List.of(arguments));
    Process process = new ProcessBuilder(command).redirectErrorStream(true).start();
    String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as(output).isTrue();
    return new Result(process.exitValue(), output);
  }

  private Path write(String name, String... lines) throws IOException {
    Path file = work.resolve("src").resolve(name);
    Files.createDirectories(file.getParent());
    Files.write(file, List.of(lines), StandardCharsets.UTF_8);
    return file;
  }

  /** The test class path: the processor and everything it needs. */
  private static String processorPath() {
    return System.getProperty("java.class.path");
  }

  /**
   * The test class path less every entry that registers an annotation processor: what an
   * application compiles against.
   */
  private static String applicationClasspath() {
    try (Stream<String> entries =
        Stream.of(System.getProperty("java.class.path").split(File.pathSeparator))) {
      return entries
          .filter(entry -> !registersProcessor(Path.of(entry)))
          .collect(Collectors.joining(File.pathSeparator));
    }
  }

  private static boolean registersProcessor(Path entry) {
    String service = "META-INF/services/javax.annotation.processing.Processor";
    if (Files.isDirectory(entry)) {
      return Files.exists(entry.resolve(service));
    }
    try (JarFile jar = new JarFile(entry.toFile())) {
      return jar.getEntry(service) != null;
    } catch (IOException e) {
      return false;
    }
  }

  private static final class Result {
    final int exitCode;
    final String output;

    Result(int exitCode, String output) {
      this.exitCode = exitCode;
      this.output = output;
    }
  }
}
