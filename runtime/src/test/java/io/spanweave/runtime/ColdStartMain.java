package io.spanweave.runtime;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import java.nio.file.Path;
import java.util.concurrent.locks.LockSupport;

/**
 * A child JVM for {@link ColdStartTest}: a program that records spans at a fixed rate from its
 * first span, with every default setting and no warm-up, as a user's run starts. {@code args}:
 * output directory, spans a second, spans in all. Prints {@code made exported dropped} and the
 * trace file, after closing tracing.
 */
public final class ColdStartMain {

  private static final Stage STEP = Stage.define("Worker.step", "step", Kind.ENV_STEP);

  private ColdStartMain() {}

  public static void main(String[] args) {
    long rate = Long.parseLong(args[1]);
    long total = Long.parseLong(args[2]);
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("cold-start")
                .outputDir(Path.of(args[0]))
                .build());
    long start = System.nanoTime();
    for (long made = 0; made < total; ) {
      for (int i = 0; i < 256 && made < total; i++, made++) {
        StageSpan span = STEP.start();
        span.attribute("sample.id", "sample-" + (made & 1023));
        span.attribute("attempt", made & 7);
        span.end();
      }
      long wait = start + (long) (made * 1e9 / rate) - System.nanoTime();
      if (wait > 20_000) {
        LockSupport.parkNanos(wait);
      }
    }
    Tracing.close();
    System.out.println(
        total
            + " "
            + runtime.exportedSpans()
            + " "
            + runtime.droppedSpans()
            + " "
            + runtime.traceFile());
  }
}
