package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The OpenTelemetry variables and {@code -Dotel.*} properties of a real JVM reach a runtime its
 * code configures with a builder ({@link ConfigurationChildMain}), with OpenTelemetry's precedence.
 */
class OtelEnvironmentProcessTest {

  @TempDir Path dir;

  private String run(
      Map<String, String> env, List<String> jvmOptions, Path outputDir, StringBuilder stderr)
      throws Exception {
    try (ChildJvm child =
        ChildJvm.start(
            dir, env, jvmOptions, ConfigurationChildMain.class, "builder", outputDir.toString())) {
      String out = child.awaitOutput();
      stderr.append(child.stderr());
      assertThat(child.process().exitValue()).as("exit code; stderr:%n%s", stderr).isZero();
      return out;
    }
  }

  @Test
  void otelSdkDisabledOpensNoPortStartsNoThreadWritesNoFileAndSaysSo() throws Exception {
    Path outputDir = dir.resolve("traces");
    StringBuilder stderr = new StringBuilder();

    String out = run(Map.of("OTEL_SDK_DISABLED", "true"), List.of(), outputDir, stderr);

    assertThat(out).contains("enabled=false", "collector=false", "newThreads=[]");
    assertThat(outputDir).as("no file, no directory").doesNotExist();
    assertThat(stderr.toString()).contains("spanweave tracing off: OTEL_SDK_DISABLED=true");
    assertThat(stderr.toString().lines().filter(line -> line.contains("spanweave tracing")).count())
        .isEqualTo(1);
  }

  @Test
  void theSystemPropertyTurnsTracingOffTooAndWinsOverTheVariable() throws Exception {
    StringBuilder offErr = new StringBuilder();
    String off = run(Map.of(), List.of("-Dotel.sdk.disabled=true"), dir.resolve("off"), offErr);
    assertThat(off).contains("enabled=false");
    assertThat(offErr.toString()).contains("spanweave tracing off: -Dotel.sdk.disabled=true");
    assertThat(dir.resolve("off")).doesNotExist();

    StringBuilder onErr = new StringBuilder();
    String on =
        run(
            Map.of("OTEL_SDK_DISABLED", "true"),
            List.of("-Dotel.sdk.disabled=false"),
            dir.resolve("on"),
            onErr);
    assertThat(on).contains("enabled=true");
    assertThat(onErr.toString()).contains("spanweave tracing on: service=from-builder");
  }

  @Test
  void aSystemPropertyWinsOverItsVariableWhichWinsOverTheBuilder() throws Exception {
    StringBuilder stderr = new StringBuilder();
    assertThat(run(Map.of(), List.of(), dir.resolve("a"), stderr)).contains("service=from-builder");
    assertThat(run(Map.of("OTEL_SERVICE_NAME", "from-env"), List.of(), dir.resolve("b"), stderr))
        .contains("service=from-env");
    assertThat(
            run(
                Map.of("OTEL_SERVICE_NAME", "from-env"),
                List.of("-Dotel.service.name=from-property"),
                dir.resolve("c"),
                stderr))
        .contains("service=from-property");
  }

  @Test
  void theExporterListOfTheEnvironmentReplacesTheBuildersChoice() throws Exception {
    StringBuilder stderr = new StringBuilder();
    Path outputDir = dir.resolve("none");

    String out = run(Map.of("OTEL_TRACES_EXPORTER", "none"), List.of(), outputDir, stderr);

    assertThat(out).contains("enabled=true", "exporter=none", "collector=false");
    if (Files.exists(outputDir)) {
      try (Stream<Path> files = Files.walk(outputDir)) {
        assertThat(files.filter(path -> path.getFileName().toString().equals("traces.jsonl")))
            .isEmpty();
      }
    }
    assertThat(stderr.toString())
        .contains("spanweave tracing on: service=from-builder", "exporter=none");
  }
}
