package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.runtime.spi.ExporterSettings;
import io.spanweave.runtime.spi.RecordingExporterProvider;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * Runs in a child JVM whose class path also lists the fake exporter providers ({@code
 * fake-exporter-providers/META-INF/services}), and prints what {@link ExporterProviderTest} checks,
 * one {@code key=value} per line.
 */
public final class ExporterProviderMain {

  /** A failure logger whose level the user set: the runtime must leave it alone. */
  static final String USER_SET_LOGGER = RecordingExporterProvider.LOGGER + ".user";

  private ExporterProviderMain() {}

  public static void main(String[] args) throws Exception {
    Path output = Path.of(args[0]);
    Logger userSet = Logger.getLogger(USER_SET_LOGGER);
    userSet.setLevel(Level.FINE);

    // 1. A Zipkin target: exported by the provider named zipkin, with the resolved settings.
    ExportTarget.Zipkin zipkin = ExportTarget.zipkin("http://zipkin.invalid:9411/api/v2/spans");
    try (TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .outputDir(output)
                .batch(
                    batch ->
                        batch.withDelay(Duration.ofMillis(20)).withTimeout(Duration.ofSeconds(2)))
                .export(zipkin)
                .build())) {
      Trace.run("provided.one", () -> {});
      Trace.run("provided.two", () -> {});
      runtime.flush();
      System.out.println("single.enabled=" + runtime.isEnabled());
      System.out.println("single.exported=" + runtime.exportedSpans());
      // read before close: an in-memory exporter forgets its spans when it is shut down
      System.out.println("single.spans=" + RecordingExporterProvider.exported(0));
    }
    ExporterSettings settings = RecordingExporterProvider.SETTINGS.get(0);
    System.out.println(
        "single.target="
            + (settings.tracesUrl().equals(zipkin.endpoint())
                && settings.protocol().equals(ExporterSettings.HTTP_JSON)
                && settings.headers().isEmpty()));
    System.out.println("single.timeout=" + settings.timeout().toMillis());
    System.out.println("single.retry.attempts=" + settings.retryPolicy().getMaxAttempts());
    System.out.println(
        "single.retry.initial=" + settings.retryPolicy().getInitialBackoff().toMillis());
    System.out.println(
        "logger.quietened=" + Logger.getLogger(RecordingExporterProvider.LOGGER).getLevel());
    System.out.println("logger.userSet=" + userSet.getLevel());

    // 2. The run's file and the provider's target at once: each gets every span.
    TraceConfig composite =
        TraceConfig.builder()
            .enabled(true)
            .outputDir(output)
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .export(new ExportTarget.Composite(List.of(ExportTarget.localFile(), zipkin)))
            .build();
    try (TraceRuntime runtime = Tracing.configure(composite)) {
      Trace.run("provided.both", () -> {});
      runtime.flush();
      System.out.println("composite.spans=" + RecordingExporterProvider.exported(1));
      runtime.close();
      System.out.println(
          "composite.file=" + Files.readString(runtime.traceFile()).contains("provided.both"));
    }

    // 3. A provider whose classes are missing: tracing off, one warning naming the artifact.
    CapturedLog log = CapturedLog.start();
    try (TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .outputDir(output)
                .export(ExportTarget.otlp("http://collector.invalid:4318"))
                .build())) {
      System.out.println("broken.enabled=" + runtime.isEnabled());
    } finally {
      log.close();
    }
    for (LogRecord record : log.records()) {
      System.out.println("broken.log=" + record.getMessage().replace('\n', ' '));
    }
  }
}
