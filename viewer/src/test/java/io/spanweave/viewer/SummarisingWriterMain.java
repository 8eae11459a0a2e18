package io.spanweave.viewer;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;

/**
 * A child JVM for {@link RuntimeSummariesTest}: records rollout samples into a run of small gzip
 * parts, step after step, until it is killed. {@code args}: output directory, run id.
 */
public final class SummarisingWriterMain {
  private SummarisingWriterMain() {}

  public static void main(String[] args) throws InterruptedException {
    Tracing.configure(
        TraceConfig.builder()
            .enabled(true)
            .serviceName("summaries-kill")
            .outputDir(Path.of(args[0]))
            .runId(args[1])
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .runFiles(files -> files.withPartMaxBytes(256 << 10))
            .build());
    for (long k = 0; ; k++) {
      String id = "s-" + k;
      try (TraceScope root =
          Trace.span(
              "agent.run",
              Map.of("rollout.id", id, "rollout.step", 1 + k / 100, "spanweave.stage", "agent"))) {
        Trace.run(
            "worker.generate", Map.of("rollout.id", id, "spanweave.stage", "generate"), () -> {});
        Trace.run(
            "judger.run",
            Map.of(
                "rollout.id",
                id,
                "spanweave.stage",
                "judge",
                "rollout.reward.score",
                (k % 5) / 4.0),
            () -> {});
      }
      if (k % 50 == 0) {
        Thread.sleep(2);
      }
    }
  }
}
