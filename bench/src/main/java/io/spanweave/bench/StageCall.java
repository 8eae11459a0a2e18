package io.spanweave.bench;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.trace.Tracer;
import io.spanweave.bench.otel.HandWritten;
import io.spanweave.bench.sdk.BenchSdk;
import io.spanweave.bench.stage.Client;
import io.spanweave.bench.stage.ClientImpl;
import io.spanweave.bench.stage.Generation;
import io.spanweave.bench.stage.ServerImpl;
import io.spanweave.bench.stage.TracedClient;
import io.spanweave.bench.stage.TracedServer;
import io.spanweave.bench.stage.TracedWorker;
import io.spanweave.bench.stage.Worker;
import io.spanweave.bench.stage.WorkerImpl;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * Per-call cost of one traced stage, the same body and the same attributes in every case:
 *
 * <ol>
 *   <li>{@code direct}: the implementation, no tracing;
 *   <li>{@code spanweaveOff}: the generated delegate, tracing off;
 *   <li>{@code otelApiNoop}: hand-written OpenTelemetry API code on {@code OpenTelemetry.noop()};
 *   <li>{@code spanweaveOn}: the generated delegate, tracing on;
 *   <li>{@code otelSdk}: the same spans written by hand against the OpenTelemetry SDK;
 *   <li>{@code spanweaveJsonl}: the generated delegate on spanweave's default runtime ({@code
 *       traces.jsonl} and {@code live.jsonl}); informational, see docs/performance.md;
 *   <li>{@code javaagent}: {@code @WithSpan} under the OpenTelemetry javaagent, in {@link
 *       StageCallJavaagent} (its own forked JVM);
 *   <li>{@code spanweaveNoProcessor} and {@code otelSdkNoProcessor}: {@code spanweaveOn} and {@code
 *       otelSdk} on an SDK without a span processor, as the javaagent runs with every exporter
 *       {@code none}: the like-for-like pair for the {@code javaagent} row;
 *   <li>{@code spanweaveOwnProcessor}: {@code spanweaveOn} with spanweave's own lock-free batch
 *       processor (the runtime's, in front of {@code traces.jsonl}) instead of the SDK's, to an
 *       exporter that discards: spanweave's pipeline on the traced thread, without the file.
 * </ol>
 *
 * <p>{@code spanweaveOn} and {@code otelSdk} go through the identical span pipeline, built by
 * {@link BenchSdk}: the SDK's batch processor in front of an exporter that discards; both write
 * {@code spanweave.run.id} on every span (spanweave does on this path, since the application's
 * resource does not name the run). Stages: {@code one} (one attribute), {@code four} (four
 * attributes), {@code step} (two attributes), {@code metrics} (plus three metrics of the result),
 * {@code async} (a {@code CompletableFuture}, span ended on completion), {@code boundary} (a CLIENT
 * span injected into a carrier map, then a SERVER span extracted from it: two spans).
 *
 * <p>Tracing is process-wide, so each benchmark needs its own fork: never run these with {@code -f
 * 0}.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(2)
public class StageCall {

  /** The arguments, read from fields so that the JIT cannot fold them. */
  @State(Scope.Thread)
  public static class Args {
    public String sampleId = "sample-000017";
    public int attempt = 1;
    public String groupId = "group-0003";
    public double temperature = 0.7;
    public Map<String, String> carrier = new HashMap<>();
  }

  /** No tracing at all. */
  @State(Scope.Benchmark)
  public static class Direct {
    Worker worker;
    Client client;

    @Setup
    public void setUp() {
      worker = new WorkerImpl();
      client = new ClientImpl(new ServerImpl());
    }
  }

  /** The generated delegates; tracing as each subclass sets it up. */
  @State(Scope.Benchmark)
  public static class Spanweave {
    Worker worker;
    Client client;
    TraceRuntime runtime;

    void wrap() {
      worker = TracedWorker.wrap(new WorkerImpl());
      client = TracedClient.wrap(new ClientImpl(TracedServer.wrap(new ServerImpl())));
    }

    /**
     * The pipeline spanweave records through, when it is one of {@link BenchSdk}'s (they write no
     * file).
     */
    BenchSdk.Discarding sdk;

    /**
     * Tracing on through {@code pipeline}, one of {@link BenchSdk}'s, handed to spanweave as the
     * application's own OpenTelemetry; then the delegates.
     */
    void wrapTracingOn(BiFunction<String, String, BenchSdk.Discarding> pipeline) {
      TraceConfig config = config(Path.of("unused"));
      sdk = pipeline.apply(config.serviceName(), config.runId());
      runtime = Tracing.configure(config, sdk.openTelemetry());
      wrap();
    }

    @TearDown
    public void tearDown() {
      if (runtime != null) {
        runtime.close();
        System.out.printf(
            "%n[spanweave] exported %d spans, dropped %d%n",
            sdk != null ? sdk.exportedSpans() : runtime.exportedSpans(), runtime.droppedSpans());
      }
      if (sdk != null) {
        sdk.close(Duration.ofSeconds(30));
        sdk = null;
      }
      Tracing.close();
    }
  }

  /** Tracing off: never configured. */
  public static class SpanweaveOff extends Spanweave {
    @Setup
    public void setUp() {
      Tracing.close();
      wrap();
    }
  }

  /** Tracing on, through the same SDK pipeline as {@link OtelSdk}. */
  public static class SpanweaveOn extends Spanweave {
    @Setup
    public void setUp() {
      wrapTracingOn(BenchSdk::discarding);
    }
  }

  /**
   * Tracing on, on an SDK without a span processor, like the javaagent with exporters {@code none}.
   */
  public static class SpanweaveNoProcessor extends Spanweave {
    @Setup
    public void setUp() {
      wrapTracingOn(BenchSdk::withoutProcessor);
    }
  }

  /** Tracing on, spanweave's own batch processor in front of an exporter that discards. */
  public static class SpanweaveOwnProcessor extends Spanweave {
    @Setup
    public void setUp() {
      wrapTracingOn(BenchSdk::spanweaveProcessor);
    }
  }

  /** Tracing on with spanweave's default backend: traces.jsonl, live.jsonl, the local collector. */
  public static class SpanweaveJsonl extends Spanweave {
    Path dir;

    @Setup
    public void setUp() throws IOException {
      dir = Files.createTempDirectory("spanweave-bench");
      runtime = Tracing.configure(config(dir));
      wrap();
    }

    @TearDown
    public void deleteFiles() throws IOException {
      try (Stream<Path> files = Files.walk(dir)) {
        files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  static TraceConfig config(Path dir) {
    return TraceConfig.builder()
        .enabled(true)
        .serviceName("bench")
        .runId(RUN_ID)
        .outputDir(dir)
        .build();
  }

  static final String RUN_ID = "bench-run";

  /** Hand-written OpenTelemetry code on a tracer. */
  @State(Scope.Benchmark)
  public static class Hand {
    Worker worker;
    Client client;

    void wrap(OpenTelemetry otel) {
      Tracer tracer = otel.getTracer("bench");
      worker = new HandWritten.HandWorker(tracer, RUN_ID, new WorkerImpl());
      client =
          new HandWritten.HandClient(
              tracer,
              otel.getPropagators(),
              RUN_ID,
              new ClientImpl(
                  new HandWritten.HandServer(
                      tracer, otel.getPropagators(), RUN_ID, new ServerImpl())));
    }
  }

  /** ... on the no-op API. */
  public static class OtelNoop extends Hand {
    @Setup
    public void setUp() {
      wrap(OpenTelemetry.noop());
    }
  }

  /** ... on the SDK, the same pipeline as {@link SpanweaveOn}. */
  public static class OtelSdk extends Hand {
    BenchSdk.Discarding sdk;

    @Setup
    public void setUp() {
      sdk = BenchSdk.discarding("bench", RUN_ID);
      wrap(sdk.openTelemetry());
    }

    @TearDown
    public void tearDown() {
      sdk.close(java.time.Duration.ofSeconds(10));
      System.out.printf("%n[otel-sdk] exported %d spans%n", sdk.exportedSpans());
    }
  }

  /** ... on the SDK without a span processor, the same as {@link SpanweaveNoProcessor}. */
  public static class OtelSdkNoProcessor extends Hand {
    BenchSdk.Discarding sdk;

    @Setup
    public void setUp() {
      sdk = BenchSdk.withoutProcessor("bench", RUN_ID);
      wrap(sdk.openTelemetry());
    }

    @TearDown
    public void tearDown() {
      sdk.close(java.time.Duration.ofSeconds(10));
    }
  }

  // ---- one: one attribute ----

  @Benchmark
  public long one_1_direct(Direct s, Args a) {
    return s.worker.one(a.sampleId);
  }

  @Benchmark
  public long one_2_spanweaveOff(SpanweaveOff s, Args a) {
    return s.worker.one(a.sampleId);
  }

  @Benchmark
  public long one_4_spanweaveOn(SpanweaveOn s, Args a) {
    return s.worker.one(a.sampleId);
  }

  @Benchmark
  public long one_5_otelSdk(OtelSdk s, Args a) {
    return s.worker.one(a.sampleId);
  }

  // ---- four: four attributes ----

  @Benchmark
  public long four_1_direct(Direct s, Args a) {
    return s.worker.four(a.sampleId, a.attempt, a.groupId, a.temperature);
  }

  @Benchmark
  public long four_2_spanweaveOff(SpanweaveOff s, Args a) {
    return s.worker.four(a.sampleId, a.attempt, a.groupId, a.temperature);
  }

  @Benchmark
  public long four_4_spanweaveOn(SpanweaveOn s, Args a) {
    return s.worker.four(a.sampleId, a.attempt, a.groupId, a.temperature);
  }

  @Benchmark
  public long four_5_otelSdk(OtelSdk s, Args a) {
    return s.worker.four(a.sampleId, a.attempt, a.groupId, a.temperature);
  }

  // ---- step: two attributes ----

  @Benchmark
  public long step_1_direct(Direct s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_2_spanweaveOff(SpanweaveOff s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_3_otelApiNoop(OtelNoop s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_4_spanweaveOn(SpanweaveOn s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_5_otelSdk(OtelSdk s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_6_spanweaveJsonl(SpanweaveJsonl s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_8_spanweaveNoProcessor(SpanweaveNoProcessor s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_9_otelSdkNoProcessor(OtelSdkNoProcessor s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  @Benchmark
  public long step_10_spanweaveOwnProcessor(SpanweaveOwnProcessor s, Args a) {
    return s.worker.step(a.sampleId, a.attempt);
  }

  // ---- metrics: two attributes and three metrics of the result ----

  @Benchmark
  public Generation metrics_1_direct(Direct s, Args a) {
    return s.worker.generate(a.sampleId, a.attempt);
  }

  @Benchmark
  public Generation metrics_2_spanweaveOff(SpanweaveOff s, Args a) {
    return s.worker.generate(a.sampleId, a.attempt);
  }

  @Benchmark
  public Generation metrics_4_spanweaveOn(SpanweaveOn s, Args a) {
    return s.worker.generate(a.sampleId, a.attempt);
  }

  @Benchmark
  public Generation metrics_5_otelSdk(OtelSdk s, Args a) {
    return s.worker.generate(a.sampleId, a.attempt);
  }

  // ---- async: a CompletableFuture, the span ends when it completes ----

  @Benchmark
  public CompletableFuture<Generation> async_1_direct(Direct s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_2_spanweaveOff(SpanweaveOff s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_4_spanweaveOn(SpanweaveOn s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_5_otelSdk(OtelSdk s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_8_spanweaveNoProcessor(
      SpanweaveNoProcessor s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_9_otelSdkNoProcessor(OtelSdkNoProcessor s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_10_spanweaveOwnProcessor(
      SpanweaveOwnProcessor s, Args a) {
    return s.worker.judge(a.sampleId, a.attempt);
  }

  // ---- boundary: CLIENT span + inject, then extract + SERVER span (two spans per call) ----

  /** The carrier is emptied before each call, in every case, so that every call injects afresh. */
  private static long boundary(Client client, Args a) {
    a.carrier.clear();
    return client.call(a.carrier, a.sampleId);
  }

  @Benchmark
  public long boundary_1_direct(Direct s, Args a) {
    return boundary(s.client, a);
  }

  @Benchmark
  public long boundary_2_spanweaveOff(SpanweaveOff s, Args a) {
    return boundary(s.client, a);
  }

  @Benchmark
  public long boundary_4_spanweaveOn(SpanweaveOn s, Args a) {
    return boundary(s.client, a);
  }

  @Benchmark
  public long boundary_5_otelSdk(OtelSdk s, Args a) {
    return boundary(s.client, a);
  }
}
