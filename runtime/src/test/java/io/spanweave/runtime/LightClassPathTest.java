package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Light by default: a real JVM with the test class path minus the runtime's optional dependencies
 * (OpenTelemetry's OTLP and Zipkin exporters and senders, zipkin-reporter, opentelemetry-proto,
 * protobuf) writes its spans to the run's file, its collector receives OTLP/JSON (what the
 * runtime's own children send), and where it is asked for what those bring it says which spanweave
 * artifact to add: in its startup line for the collector's protobuf, with a 415 when protobuf comes
 * anyway, a warning with tracing off for the exporters, and exit status 1 from Replay; nothing is
 * thrown into the program.
 */
class LightClassPathTest {

  @TempDir Path dir;

  @Test
  void withoutTheOptionalModulesTheFileWorksAndEverythingElseNamesTheArtifactToAdd()
      throws Exception {
    String classPath = LightClassPath.classPath();
    assertThat(classPath)
        .doesNotContain("protobuf-java")
        .doesNotContain("opentelemetry-exporter-otlp");
    Path stderr = dir.resolve("stderr.txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classPath,
                LightClassPathMain.class.getName(),
                dir.resolve("runs").toString())
            .redirectError(stderr.toFile());
    builder
        .environment()
        .keySet()
        .removeIf(name -> name.startsWith("OTEL_") || name.startsWith("SPANWEAVE_"));
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    String err = Files.readString(stderr);
    assertThat(process.exitValue()).as(out + err).isZero();

    assertThat(out)
        .contains(
            "local.enabled=true", "local.spans=2"); // one span: two pieces around one "spanId"
    assertThat(out)
        .as("OTLP/JSON is received without protobuf, and given the run id")
        .contains("collector.json.status=200", "received.line=true");
    assertThat(err)
        .as("the driver says once, at start, what its collector lacks and which artifact brings it")
        .contains(
            "(OTLP/HTTP JSON only: OTLP/HTTP protobuf and OTLP/gRPC, which most OpenTelemetry SDKs and inference engines send, "
                + "need io.spanweave:spanweave-otlp on this process");
    assertThat(out)
        .contains("collector.status=415")
        .contains("collector.body=This spanweave collector cannot decode OTLP")
        .contains("needs io.spanweave:spanweave-otlp");
    assertThat(out)
        .contains("otlp.enabled=false", "zipkin.enabled=false", "replay.exit=1")
        .contains(
            "zipkin.message=Zipkin export to http://127.0.0.1:9/api/v2/spans (zipkin) needs io.spanweave:spanweave-zipkin");
    assertThat(err)
        .contains(
            "OTLP export to http://127.0.0.1:9/v1/traces (http/protobuf) needs io.spanweave:spanweave-otlp")
        .contains("received spans from another process, needs io.spanweave:spanweave-otlp")
        .contains("Replaying ")
        .contains("as OTLP/protobuf needs io.spanweave:spanweave-otlp")
        .doesNotContain("NoClassDefFoundError")
        .doesNotContain("ClassNotFoundException");
  }
}
