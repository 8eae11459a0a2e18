package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run that records a burst and closes is compact on disk: every closed part compressed by the
 * time close returns.
 */
class BurstCompactionTest {

  private static final int SPANS = 200_000;

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  @Test
  void everyClosedPartIsCompressedWhenTheRuntimeHasClosedAndTheRunTakesLessThan120BytesASpan()
      throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("burst")
                .runFiles(files -> files.withPartMaxBytes(2L << 20))
                // The bound of close: ample here, so that a loaded test machine measures the
                // behaviour, not its load.
                .batch(batch -> batch.withQueueSize(1 << 16).withTimeout(Duration.ofSeconds(120)))
                .build());
    for (int i = 0; i < SPANS; i++) { // as fast as the thread goes: a burst
      Map<String, Object> attributes = new LinkedHashMap<>();
      attributes.put("rollout.id", "s" + (i / 10));
      attributes.put("rollout.step", (long) (i / 10_000));
      attributes.put("rollout.task", i % 3 == 0 ? "math" : "code");
      try (TraceScope span =
          Trace.span(i % 10 == 0 ? "single_turn_agent_loop.run" : "env.step", attributes)) {
        Trace.setAttribute("rollout.span_name_path", "single_turn_agent_loop.run -> env.step");
      }
    }
    Path traces = runtime.traceFile().getParent();
    runtime.close();

    List<String> names;
    long bytes = 0;
    try (Stream<Path> files = Files.list(traces)) {
      names = files.map(p -> p.getFileName().toString()).sorted().toList();
    }
    for (RunParts.Part part : RunParts.list(traces)) {
      bytes += Files.size(part.path());
    }
    long written = runtime.exportedSpans();
    assertThat(written)
        .as("spans written (a loaded machine may drop some: counted, never waited for)")
        .isPositive();
    assertThat(names)
        .as("closed parts")
        .filteredOn(n -> n.startsWith("traces-"))
        .hasSizeGreaterThan(10)
        .allMatch(n -> n.endsWith(".jsonl.gz"));
    assertThat(names).noneMatch(n -> n.endsWith(".tmp"));
    assertThat((double) bytes / written).as("bytes a span on disk").isLessThan(120);
    assertThat(TestRuns.runLines(runtime.traceFile())).isNotEmpty();
  }
}
