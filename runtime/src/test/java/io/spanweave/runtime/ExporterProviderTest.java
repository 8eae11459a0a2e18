package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.File;
import java.net.URISyntaxException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The exporter service interface ({@link io.spanweave.runtime.spi.SpanExporterProvider}) with fake
 * providers, in a real child JVM whose class path lists them in {@code META-INF/services}: a target
 * is exported by the provider of its name, given the run's resolved settings; spans reach it alone
 * or beside the run's file; its failure loggers are turned off unless the user set them; and a
 * provider whose classes are missing leaves tracing off with one warning that names the artifact.
 * (That the runtime names no provider at all without them is LightClassPathTest.)
 */
class ExporterProviderTest {

  @TempDir Path dir;

  @Test
  void aTargetIsExportedByTheProviderOfItsNameWithTheResolvedSettings() throws Exception {
    String classPath = System.getProperty("java.class.path") + File.pathSeparator + fakeProviders();
    Path stderr = dir.resolve("stderr.txt");
    ProcessBuilder builder =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                classPath,
                ExporterProviderMain.class.getName(),
                dir.resolve("runs").toString())
            .redirectError(stderr.toFile());
    builder
        .environment()
        .keySet()
        .removeIf(name -> name.startsWith("OTEL_") || name.startsWith("SPANWEAVE_"));
    Process process = builder.start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(out + Files.readString(stderr)).isZero();

    assertThat(out)
        .contains(
            "single.enabled=true",
            "single.exported=2",
            "single.target=true",
            "single.spans=[provided.one, provided.two]");
    assertThat(out)
        .as("the export timeout less a tenth, and OpenTelemetry's five attempts scaled to it")
        .contains("single.timeout=1800", "single.retry.attempts=5", "single.retry.initial=100");
    assertThat(out).contains("logger.quietened=OFF", "logger.userSet=FINE");
    assertThat(out).contains("composite.spans=[provided.both]", "composite.file=true");
    assertThat(out)
        .contains("broken.enabled=false")
        .contains("broken.log=spanweave: could not start tracing")
        .contains(
            "OTLP export to http://collector.invalid:4318/v1/traces (http/protobuf) needs "
                + "io.spanweave:spanweave-otlp with its dependencies")
        .contains(
            "NoClassDefFoundError: io/opentelemetry/exporter/otlp/http/trace/OtlpHttpSpanExporter");
  }

  private static String fakeProviders() throws URISyntaxException {
    return Path.of(ExporterProviderTest.class.getResource("/fake-exporter-providers").toURI())
        .toString();
  }
}
