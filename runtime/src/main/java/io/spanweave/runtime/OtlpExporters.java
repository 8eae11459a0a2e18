package io.spanweave.runtime;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporter;
import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporter;
import io.opentelemetry.exporter.otlp.trace.OtlpGrpcSpanExporterBuilder;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * OpenTelemetry's OTLP exporters, over HTTP (protobuf) or gRPC, set up as
 * {@link CollectorExporters} describes. Only loaded when {@code opentelemetry-exporter-otlp} is on
 * the class path (spanweave-otlp brings it, with the JDK's HttpClient as sender); OTLP/gRPC also
 * needs a gRPC sender, such as {@code opentelemetry-exporter-sender-okhttp}, and without one
 * OpenTelemetry's own message says so.
 */
final class OtlpExporters {

  private OtlpExporters() {
  }

  static SpanExporter create(TraceConfig config) {
    ExportTarget.Otlp otlp = CollectorExporters.otlp(config);
    Map<String, String> headers = otlp.headers();
    if (otlp.protocol() == OtlpProtocol.GRPC) {
      OtlpGrpcSpanExporterBuilder grpc = OtlpGrpcSpanExporter.builder()
          .setEndpoint(otlp.tracesUrl())
          .setCompression(otlp.compression())
          .setTimeout(CollectorExporters.exporterTimeout(config))
          .setRetryPolicy(CollectorExporters.retryPolicy(config));
      headers.forEach(grpc::addHeader);
      return grpc.build();
    }
    OtlpHttpSpanExporterBuilder http = OtlpHttpSpanExporter.builder()
        .setEndpoint(otlp.tracesUrl())
        .setCompression(otlp.compression())
        .setTimeout(CollectorExporters.exporterTimeout(config))
        .setRetryPolicy(CollectorExporters.retryPolicy(config));
    headers.forEach(http::addHeader);
    useOwnExecutor(http);
    return http.build();
  }

  /**
   * The JDK HttpClient sender runs requests on an executor of at most five threads that refuses a
   * request when none is free at that instant, even while most of them are idle on their way back
   * (a span batch lost as {@code RejectedExecutionException}; HostileClientsTest saw it). Ours never
   * refuses: the batch processor in front already bounds how many exports run at once. Its threads
   * are daemons that end after a few idle seconds, so a process that never closes tracing still
   * exits. OpenTelemetry releases before this setter (the tested range starts at 1.49) keep their own.
   */
  private static void useOwnExecutor(OtlpHttpSpanExporterBuilder http) {
    try {
      http.setExecutorService(senderExecutor());
    } catch (NoSuchMethodError olderOpenTelemetry) {
      // keep the sender's own executor
    }
  }

  private static ExecutorService senderExecutor() {
    AtomicInteger threads = new AtomicInteger();
    return new ThreadPoolExecutor(0, Integer.MAX_VALUE, 5, TimeUnit.SECONDS, new SynchronousQueue<>(), task -> {
      Thread thread = new Thread(task, "spanweave-otlp-sender-" + threads.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    });
  }
}
