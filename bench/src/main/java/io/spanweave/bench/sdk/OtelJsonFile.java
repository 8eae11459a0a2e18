package io.spanweave.bench.sdk;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * The peer of spanweave's {@code traces.jsonl} path in the export benchmark: OpenTelemetry's own
 * way to write spans as OTLP/JSON lines into a file: the SDK's {@link BatchSpanProcessor} in front
 * of OpenTelemetry's released {@code otlp/stdout} exporter ({@link OtlpStdoutPeer}; its lines are
 * the OpenTelemetry Collector's file exporter format, as ours are) writing to a buffered file
 * stream. Queue, batch size and delay are set to spanweave's, so the two differ in their code only.
 */
public final class OtelJsonFile implements AutoCloseable {

  /** The name of the SDK's batch worker thread (a prefix: the SDK numbers them). */
  public static final String WORKER_THREAD_PREFIX = "BatchSpanProcessor_WorkerThread";

  private final SdkTracerProvider provider;
  private final OutputStream out;
  private final Path file;

  private OtelJsonFile(SdkTracerProvider provider, OutputStream out, Path file) {
    this.provider = provider;
    this.out = out;
    this.file = file;
  }

  /** Starts the pipeline, appending to {@code file}. */
  public static OtelJsonFile start(
      Path file, String serviceName, int queueSize, int batchSize, Duration delay)
      throws IOException {
    OutputStream out = new BufferedOutputStream(Files.newOutputStream(file), 64 * 1024);
    SpanExporter exporter = OtlpStdoutPeer.exporter(out);
    BatchSpanProcessor processor =
        BatchSpanProcessor.builder(exporter)
            .setMaxQueueSize(queueSize)
            .setMaxExportBatchSize(batchSize)
            .setScheduleDelay(delay)
            .build();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.getDefault()
                    .merge(
                        Resource.create(
                            Attributes.builder().put("service.name", serviceName).build())))
            .addSpanProcessor(processor)
            .build();
    return new OtelJsonFile(provider, out, file);
  }

  public Tracer tracer(String scope) {
    return provider.get(scope);
  }

  public Path file() {
    return file;
  }

  /** Exports what is queued and flushes the file. */
  public void flush() throws IOException {
    provider.forceFlush().join(30, TimeUnit.SECONDS);
    out.flush();
  }

  @Override
  public void close() throws IOException {
    CompletableResultCode done = provider.shutdown();
    done.join(30, TimeUnit.SECONDS);
    out.close();
  }
}
