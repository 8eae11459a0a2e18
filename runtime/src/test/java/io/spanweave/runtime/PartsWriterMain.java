package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.util.Map;

/**
 * A child JVM for {@link RunPartsFaultsTest}: records spans as fast as it can into a run of small
 * parts until it is killed. {@code args}: output directory, run id, part size in bytes.
 */
public final class PartsWriterMain {

  private PartsWriterMain() {}

  public static void main(String[] args) {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(Path.of(args[0]))
                .runId(args[1])
                .runFiles(files -> files.withPartMaxBytes(Long.parseLong(args[2])))
                .build());
    System.out.println("recording into " + runtime.traceFile());
    for (long i = 0; ; i++) {
      try (TraceScope span =
          Trace.span("span-" + i, Map.of("sample.id", "s-" + i, "padding", "p".repeat(300)))) {
        if (i % 2048 == 0) {
          Thread.onSpinWait();
        }
      }
    }
  }
}
