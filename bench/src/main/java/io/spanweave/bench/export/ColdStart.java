package io.spanweave.bench.export;

import io.spanweave.bench.stage.TracedWorker;
import io.spanweave.bench.stage.Worker;
import io.spanweave.bench.stage.WorkerImpl;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * A program's start with tracing on, as a user's run starts: a fresh JVM configures tracing with
 * every default and records spans through a generated delegate at a fixed rate from its very first
 * span, with no warm-up, so the export path runs interpreted and then under the JIT while spans
 * keep coming. Every span made must be in the file. It also shows what the start costs the traced
 * thread (its slowest chunk of spans) and the backlog, spans ended and not yet written or dropped,
 * whose bound is the export queue's.
 */
final class ColdStart {

  private static final int CHUNK = 256;

  /** The line {@link #runs} reads from each child: made, exported, dropped, in file. */
  private static final String RESULT = "cold start result:";

  private ColdStart() {}

  /** One cold start in this JVM, which must not have recorded spans before. */
  static void run(long rate, int seconds) throws IOException {
    long jvmUpMillis = ManagementFactory.getRuntimeMXBean().getUptime();
    Path dir = Files.createTempDirectory("spanweave-cold-start");
    String[] sampleIds = new String[1024];
    for (int i = 0; i < sampleIds.length; i++) {
      sampleIds[i] = "sample-" + i;
    }
    Worker worker = TracedWorker.wrap(new WorkerImpl());
    long made = 0;
    long exported;
    long dropped;
    long maxBacklog = 0;
    long sink = 0;
    List<String> timeline = new ArrayList<>();
    List<Long> chunkNanos = new ArrayList<>();
    long total = rate * seconds;
    Path file;
    try {
      long configureStart = System.nanoTime();
      // every default: the queue, the batch, the delay, live.jsonl, the local collector
      try (TraceRuntime runtime =
          Tracing.configure(
              TraceConfig.builder()
                  .enabled(true)
                  .serviceName("cold-start")
                  .outputDir(dir)
                  .build())) {
        long start = System.nanoTime();
        long configureMillis = (start - configureStart) / 1_000_000;
        long nextReport = start + 500_000_000L;
        long windowMade = 0;
        long windowDropped = 0;
        while (made < total) {
          long chunkStart = System.nanoTime();
          long n = Math.min(CHUNK, total - made);
          for (long i = 0; i < n; i++) {
            long k = made + i;
            sink += worker.step(sampleIds[(int) (k & 1023)], (int) (k & 7));
          }
          made += n;
          long now = System.nanoTime();
          chunkNanos.add(now - chunkStart);
          maxBacklog =
              Math.max(maxBacklog, made - runtime.exportedSpans() - runtime.droppedSpans());
          if (now >= nextReport || made == total) {
            long droppedNow = runtime.droppedSpans();
            timeline.add(
                String.format(
                    Locale.ROOT,
                    "%5.1f s: made %,9d (%,8.0f/s), dropped %,7d, written %,9d",
                    (now - start) / 1e9,
                    made,
                    (made - windowMade) / 0.5,
                    droppedNow - windowDropped,
                    runtime.exportedSpans()));
            windowMade = made;
            windowDropped = droppedNow;
            nextReport += 500_000_000L;
          }
          long wait = start + (long) (made * 1e9 / rate) - System.nanoTime();
          if (wait > 20_000) {
            LockSupport.parkNanos(wait);
          }
        }
        double elapsed = (System.nanoTime() - start) / 1e9;
        runtime.flush();
        exported = runtime.exportedSpans();
        dropped = runtime.droppedSpans();
        file = runtime.traceFile();
        System.out.printf(
            Locale.ROOT,
            "cold start: JVM up %d ms, tracing configured in %d ms, then %,d spans/s asked for %d s "
                + "from the first span: made %,d in %.2f s (%,.0f/s)%n",
            jvmUpMillis,
            configureMillis,
            rate,
            seconds,
            made,
            elapsed,
            made / elapsed);
      }
      long inFile = ExportThroughput.countSpans(file);
      timeline.forEach(line -> System.out.println("  " + line));
      chunkNanos.sort(Comparator.naturalOrder());
      System.out.printf(
          Locale.ROOT,
          "cold start: time per %d spans on the traced thread: median %.0f us, p99 %.0f us, "
              + "max %.1f ms; largest backlog (ended, not yet written or dropped) %,d spans%n",
          CHUNK,
          chunkNanos.get(chunkNanos.size() / 2) / 1e3,
          chunkNanos.get((int) (chunkNanos.size() * 0.99)) / 1e3,
          chunkNanos.get(chunkNanos.size() - 1) / 1e6,
          maxBacklog);
      boolean pass = dropped == 0 && exported == made && inFile == made;
      System.out.printf(
          Locale.ROOT,
          "cold start: exported %,d, dropped %,d, in file %,d of %,d made: %s%s%n",
          exported,
          dropped,
          inFile,
          made,
          pass ? "PASS" : "FAIL",
          sink == 42 ? "" : "");
      System.out.printf(Locale.ROOT, "%s %d %d %d %d%n", RESULT, made, exported, dropped, inFile);
    } finally {
      try (Stream<Path> paths = Files.walk(dir)) {
        paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
      }
    }
  }

  /**
   * {@code runs} cold starts, each in a JVM of its own started from this one, one after the other.
   */
  static void runs(long rate, int seconds, int runs) throws IOException, InterruptedException {
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    long made = 0;
    long dropped = 0;
    long missing = 0;
    int passed = 0;
    for (int run = 1; run <= runs; run++) {
      System.out.printf(
          Locale.ROOT,
          "%n--- cold start %d of %d (load average %.2f)%n",
          run,
          runs,
          ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
      Process child =
          new ProcessBuilder(
                  java,
                  "-cp",
                  System.getProperty("java.class.path"),
                  ExportThroughput.class.getName(),
                  "--cold-start",
                  Long.toString(rate),
                  "--seconds",
                  Integer.toString(seconds))
              .redirectErrorStream(true)
              .start();
      long[] result = null;
      try (BufferedReader out =
          new BufferedReader(
              new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
        for (String line; (line = out.readLine()) != null; ) {
          if (line.startsWith(RESULT)) {
            String[] fields = line.substring(RESULT.length()).trim().split(" ");
            result =
                new long[] {
                  Long.parseLong(fields[0]),
                  Long.parseLong(fields[1]),
                  Long.parseLong(fields[2]),
                  Long.parseLong(fields[3])
                };
          } else {
            System.out.println(line);
          }
        }
      }
      if (child.waitFor() != 0 || result == null) {
        throw new IllegalStateException(
            "cold start " + run + " failed (exit " + child.exitValue() + ")");
      }
      made += result[0];
      dropped += result[2];
      missing += result[0] - result[3];
      if (result[2] == 0 && result[3] == result[0]) {
        passed++;
      }
    }
    System.out.printf(
        Locale.ROOT,
        "%ncold starts at %,d spans/s for %d s: %d of %d kept every span; %,d made, %,d dropped, "
            + "%,d not in the file%n",
        rate,
        seconds,
        passed,
        runs,
        made,
        dropped,
        missing);
  }
}
