package io.spanweave.otlp.internal.exporter;

import io.opentelemetry.exporter.otlp.http.trace.OtlpHttpSpanExporterBuilder;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.SynchronousQueue;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The executor the JDK HttpClient sender runs OTLP/HTTP requests on. The sender's own has at most
 * five threads and refuses a request when none is free at that instant, even while most of them are
 * idle on their way back (a span batch lost as {@code RejectedExecutionException}; the runtime's
 * HostileClientsTest saw it). Ours never refuses: the batch processor in front already bounds how
 * many exports run at once. Its threads are daemons that end after a few idle seconds, so a process
 * that never closes tracing still exits.
 */
final class SenderExecutor {

  private SenderExecutor() {}

  /**
   * Sets ours on {@code http}; OpenTelemetry releases before this setter (the tested range starts
   * at 1.49) keep their own.
   */
  static void use(OtlpHttpSpanExporterBuilder http) {
    try {
      http.setExecutorService(create());
    } catch (NoSuchMethodError olderOpenTelemetry) {
      // keep the sender's own executor
    }
  }

  private static ExecutorService create() {
    AtomicInteger threads = new AtomicInteger();
    return new ThreadPoolExecutor(
        0,
        Integer.MAX_VALUE,
        5,
        TimeUnit.SECONDS,
        new SynchronousQueue<>(),
        task -> {
          Thread thread = new Thread(task, "spanweave-otlp-sender-" + threads.incrementAndGet());
          thread.setDaemon(true);
          return thread;
        });
  }
}
