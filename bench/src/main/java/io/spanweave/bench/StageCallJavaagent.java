package io.spanweave.bench;

import io.spanweave.bench.stage.Generation;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The javaagent baseline of {@link StageCall}: {@code @WithSpan} on the same bodies with the same
 * parameter attributes, in a forked JVM started with the OpenTelemetry javaagent 2.22.0 and every
 * exporter off (the agent then records spans but has no processor to export them). {@code
 * StageCall} as a JMH filter matches this class too, so both run side by side.
 */
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Warmup(iterations = 3, time = 2)
@Measurement(iterations = 5, time = 2)
@Fork(
    value = 2,
    jvmArgsAppend = {
      BenchPaths.JAVAAGENT_OPTION,
      "-Dotel.traces.exporter=none",
      "-Dotel.metrics.exporter=none",
      "-Dotel.logs.exporter=none"
    })
@State(Scope.Benchmark)
public class StageCallJavaagent {

  public String sampleId = "sample-000017";
  public int attempt = 1;
  private final AgentWorker worker = new AgentWorker();

  @Benchmark
  public long step_7_javaagent() {
    return worker.step(sampleId, attempt);
  }

  @Benchmark
  public CompletableFuture<Generation> async_7_javaagent() {
    return worker.judge(sampleId, attempt);
  }
}
