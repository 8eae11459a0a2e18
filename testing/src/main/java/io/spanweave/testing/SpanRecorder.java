package io.spanweave.testing;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.testing.internal.SharedTracing;
import io.spanweave.testing.internal.SpanBucket;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.function.UnaryOperator;

/**
 * Records the spans of one test in memory: tracing is on from {@link #start()} to {@link #close()},
 * with no file, no port and no thread, and every span that starts in the recorder's context is
 * kept, visible the moment it ends.
 *
 * <pre>{@code
 * try (SpanRecorder spans = SpanRecorder.start()) {    // TestNG, a main method, or JUnit without the extension
 *   judge.judge("s-1");
 *   spans.assertThat().stage("judge").ranOnce().hasMetric("reward", 1.0);
 * }
 * }</pre>
 *
 * <p>The recorder's context is made current on the thread that starts it; spans started there, and
 * wherever that context travels ({@code TraceContext.wrap}ped tasks and executors, {@code
 * TraceContext.current()} attached elsewhere, carriers read back in this process), are this
 * recorder's. Several recorders may be open at once, on parallel test threads: each keeps only its
 * own spans. Spans started on a thread that never received the context (a plain pool, a thread
 * started by hand) belong to no recorder.
 *
 * <p>Close it on the thread that started it. Its spans stay readable after it closed.
 */
public final class SpanRecorder implements AutoCloseable {

  /** How long {@link #spans()} waits at most for spans that are still open on other threads. */
  static final Duration SETTLE_PATIENCE = Duration.ofSeconds(2);

  private final SharedTracing.Lease lease;
  private final SpanBucket bucket;
  private final Context context;
  private final Scope scope;
  private final Thread thread;
  private volatile boolean closed;

  // The scope stays open for the recorder's life: the recorder is the resource, and close() closes
  // it.
  @SuppressWarnings("MustBeClosedChecker")
  private SpanRecorder(SharedTracing.Lease lease) {
    this.lease = lease;
    this.bucket = lease.newBucket();
    this.context = lease.contextFor(Context.current(), bucket);
    this.scope = context.makeCurrent();
    this.thread = Thread.currentThread();
  }

  /** Starts recording with the default settings: tracing on, service {@code spanweave-test}. */
  public static SpanRecorder start() {
    return start(UnaryOperator.identity());
  }

  /**
   * Starts recording with settings of your own, such as an extension the code under test needs:
   * {@code SpanRecorder.start(config -> config.enableExtension(RolloutTrace.EXTENSION))}. Settings
   * about the run's files, collector, viewer, exporter and sampler do not apply: spans stay in
   * memory and every span is kept.
   *
   * <p>Tracing is process-wide, so recorders with different settings cannot record at the same
   * time: this one waits until recorders with other settings have closed.
   */
  public static SpanRecorder start(UnaryOperator<TraceConfig.Builder> settings) {
    Objects.requireNonNull(settings, "settings");
    TraceConfig.Builder builder =
        settings.apply(TraceConfig.builder().serviceName("spanweave-test"));
    TraceConfig config =
        Objects.requireNonNull(builder, "settings returned null")
            .enabled(true)
            .viewer(viewer -> viewer.withEnabled(false))
            .build();
    return new SpanRecorder(SharedTracing.acquire(config));
  }

  /**
   * The spans that ended so far, in the order they ended. A span that is still open on another
   * thread (a stage whose {@code CompletionStage} completed a moment ago and is being ended) is
   * waited for, briefly; the spans the calling thread has open itself are not.
   */
  public List<RecordedSpan> spans() {
    return bucket.settled(Span.current().getSpanContext().getSpanId(), SETTLE_PATIENCE).stream()
        .map(RecordedSpans::of)
        .toList();
  }

  /** Fluent assertions over {@link #spans()}; a failure prints them as a tree. */
  public RecordedSpansAssert assertThat() {
    List<RecordedSpan> spans = spans();
    return new RecordedSpansAssert(
        spans, new RecordedSpansAssert.Recorded(spans, bucket.openNames()));
  }

  /**
   * The recorded spans as a short tree, one trace after another, as assertion failures print them.
   */
  public String tree() {
    return SpanTree.render(spans(), bucket.openNames());
  }

  /**
   * The runtime the spans are recorded through, shared by every recorder open now: its {@link
   * TraceRuntime#runId() run id} and {@link TraceRuntime#config() settings}. Do not close it; close
   * the recorder.
   */
  public TraceRuntime runtime() {
    return lease.runtime();
  }

  /**
   * Stops recording: turns tracing off when no other recorder is open. Spans open at this moment
   * are still kept when they end; spans started later are not. Idempotent.
   */
  @Override
  public void close() {
    if (closed) {
      return;
    }
    closed = true;
    if (Thread.currentThread() == thread) {
      scope.close();
    }
    lease.release(bucket);
  }

  @Override
  public String toString() {
    return "SpanRecorder{" + bucket.ended().size() + " spans}";
  }
}
