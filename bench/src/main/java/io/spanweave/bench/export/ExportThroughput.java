package io.spanweave.bench.export;

import io.spanweave.bench.otel.HandWritten;
import io.spanweave.bench.sdk.EncoderAlone;
import io.spanweave.bench.sdk.OtelJsonFile;
import io.spanweave.bench.stage.TracedWorker;
import io.spanweave.bench.stage.Worker;
import io.spanweave.bench.stage.WorkerImpl;
import io.spanweave.runtime.BatchSettings;
import io.spanweave.runtime.RunParts;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.io.InputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.locks.LockSupport;
import java.util.stream.Stream;

/**
 * Export throughput into {@code traces.jsonl} with spanweave's default runtime (the file exporter,
 * {@code live.jsonl}, the bounded queues), driven through a generated delegate on one thread.
 *
 * <ol>
 *   <li>Sustained: for each rate, spans are started and ended at that pace for {@code --seconds}; a
 *       rate passes when nothing was dropped, every span is in the file (counted in the file, not
 *       only in the counters) and the traced thread kept the pace (made its spans at the rate
 *       within 1%, so that waiting for the exporter cannot pass a rate).
 *   <li>Overload: spans as fast as one thread can make them, to show that the traced thread is
 *       never blocked: its rate, its slowest chunk, and the exact accounting {@code made = exported
 *       + dropped}.
 *   <li>Burst: {@code --burst} spans at once, then a pause; how many a burst of that size loses
 *       with the configured queue.
 * </ol>
 *
 * <p>The peer runs in the same JVM, interleaved rate by rate: OpenTelemetry's own path into the
 * same kind of file ({@link OtelJsonFile}: the SDK's {@code BatchSpanProcessor} and its OTLP/JSON
 * exporter), fed the same spans by hand-written SDK code ({@link HandWritten.HandWorker}) at the
 * same rates, with the same queue, batch size and delay. {@code --encoder} first measures the
 * encoders alone: the CPU per span of each exporter writing pre-made span data into a file, which
 * is what the export worker's own cost per span is held to.
 *
 * <p>{@code --cold-start RATE} measures a program's start instead, and only that: a fresh JVM
 * configures tracing with the default settings and records at {@code RATE} from its first span for
 * {@code --seconds}, with no warm-up, as a user's run starts; every span must be in the file.
 * {@code --cold-runs N} starts N such JVMs one after the other and sums them up.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.export.ExportThroughput \
 *     [--seconds 10] [--rates 100000,200000,300000,400000] [--overload-seconds 5] [--burst 300000] [--queue 8192]
 *     [--peer true|false] [--encoder true|false] [--warm-up-seconds 10]
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.export.ExportThroughput --cold-start 200000 --seconds 5 [--cold-runs 5]
 * </pre>
 */
public final class ExportThroughput {

  private static final int CHUNK = 256;

  /**
   * Spans a second while warming up: what both pipelines pass, so that their drop paths stay cold.
   */
  private static final long WARM_UP_RATE = 200_000;

  /**
   * How long the runtime's start-up allowance lasts after the process's first export
   * (StartupAllowance).
   */
  private static final int STARTUP_ALLOWANCE_SECONDS = 30;

  private final Worker worker = TracedWorker.wrap(new WorkerImpl());

  /**
   * The worker of the current run: spanweave's generated delegate, or hand-written code on the
   * peer.
   */
  private Worker current = worker;

  private final String[] sampleIds = new String[1024];
  private long sink;
  private final int queueSize;

  private ExportThroughput(int queueSize) {
    this.queueSize = queueSize;
    for (int i = 0; i < sampleIds.length; i++) {
      sampleIds[i] = "sample-" + i;
    }
  }

  public static void main(String[] args) throws Exception {
    int seconds = 10;
    int overloadSeconds = 5;
    int burst = 300_000;
    int queue = BatchSettings.DEFAULT_QUEUE_SIZE;
    long[] rates = {100_000, 200_000, 300_000, 400_000};
    boolean peer = true;
    boolean encoder = true;
    int warmUpSeconds = 10;
    long coldStartRate = 0;
    int coldRuns = 0;
    for (int i = 0; i < args.length; i++) {
      switch (args[i]) {
        case "--seconds":
          seconds = Integer.parseInt(args[++i]);
          break;
        case "--overload-seconds":
          overloadSeconds = Integer.parseInt(args[++i]);
          break;
        case "--burst":
          burst = Integer.parseInt(args[++i]);
          break;
        case "--queue":
          queue = Integer.parseInt(args[++i]);
          break;
        case "--peer":
          peer = Boolean.parseBoolean(args[++i]);
          break;
        case "--encoder":
          encoder = Boolean.parseBoolean(args[++i]);
          break;
        case "--warm-up-seconds":
          warmUpSeconds = Integer.parseInt(args[++i]);
          break;
        case "--rates":
          rates = Arrays.stream(args[++i].split(",")).mapToLong(Long::parseLong).toArray();
          break;
        case "--cold-start":
          coldStartRate = Long.parseLong(args[++i]);
          break;
        case "--cold-runs":
          coldRuns = Integer.parseInt(args[++i]);
          break;
        default:
          throw new IllegalArgumentException(
              "unknown argument "
                  + args[i]
                  + "; use --seconds N --rates R1,R2 --overload-seconds N --burst N --queue N --peer true|false --encoder true|false"
                  + " --warm-up-seconds N, or --cold-start RATE --seconds N [--cold-runs N]");
      }
    }
    if (coldStartRate > 0) {
      if (coldRuns > 0) {
        ColdStart.runs(coldStartRate, seconds, coldRuns);
      } else {
        ColdStart.run(coldStartRate, seconds);
      }
      return;
    }
    ExportThroughput bench = new ExportThroughput(queue);
    System.out.printf(
        Locale.ROOT,
        "export queue %d spans, batch %d, delay %s; %d cores; JDK %s%n",
        queue,
        BatchSettings.DEFAULT_BATCH_SIZE,
        BatchSettings.DEFAULT_DELAY,
        Runtime.getRuntime().availableProcessors(),
        System.getProperty("java.version"));

    if (encoder) {
      EncoderAlone.run(BatchSettings.DEFAULT_BATCH_SIZE);
      System.out.println();
    }
    // Ours warms up past the runtime's start-up allowance too (a full queue waits for the worker in
    // a
    // process's first 30 s of export), so that every rate below measures the steady state.
    int ourWarmUp = Math.max(warmUpSeconds, STARTUP_ALLOWANCE_SECONDS + 1);
    System.out.printf(
        Locale.ROOT,
        "warm-up: spanweave %d s (past its start-up allowance), OpenTelemetry %d s, at %,d spans/s%n",
        ourWarmUp,
        peer ? warmUpSeconds : 0,
        WARM_UP_RATE);
    bench.warmUp(ourWarmUp);
    if (peer) {
      bench.warmUpPeer(warmUpSeconds);
    }
    System.out.println();
    System.out.println(
        "sustained: pipeline   target/s     made/s   exported  dropped    in-file  result"
            + "  | CPU us/span: traced thread (per span made), export worker (per span written), live worker"
            + "  | live records written"
            + " (none for a span over before the live worker reached it)");
    long best = 0;
    long bestPeer = 0;
    for (long rate : rates) {
      if (bench.sustained(rate, seconds)) {
        best = Math.max(best, rate);
      }
      if (peer && bench.sustainedPeer(rate, seconds)) {
        bestPeer = Math.max(bestPeer, rate);
      }
    }
    if (peer) {
      System.out.printf(
          Locale.ROOT,
          "sustained: highest rate passed: spanweave %,d, OpenTelemetry %,d spans/s = %s%n",
          best,
          bestPeer,
          bestPeer == 0 ? "n/a" : String.format(Locale.ROOT, "%.2fx", (double) best / bestPeer));
    }
    if (overloadSeconds > 0) {
      System.out.println();
      bench.overload(overloadSeconds);
    }
    if (burst > 0) {
      System.out.println();
      bench.burst(burst);
    }
    if (sinkOf(bench) == 42) {
      System.out.println();
    }
  }

  private static long sinkOf(ExportThroughput bench) {
    return bench.sink;
  }

  private TraceRuntime start(Path dir) {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("export-bench")
            .outputDir(dir)
            .batch(batch -> batch.withQueueSize(queueSize))
            .build();
    return Tracing.configure(config);
  }

  private void make(long count, long startIndex) {
    long s = sink;
    Worker worker = current;
    for (long i = 0; i < count; i++) {
      long n = startIndex + i;
      s += worker.step(sampleIds[(int) (n & 1023)], (int) (n & 7));
    }
    sink = s;
  }

  /**
   * JIT-compiles the producer and the exporters, at {@link #WARM_UP_RATE} for {@code seconds}: in
   * the first seconds C2 takes several seconds of CPU, which on two cores the measured rates would
   * otherwise share with it (5 s was too short for that).
   */
  private void warmUp(int seconds) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export");
    try (TraceRuntime runtime = start(dir)) {
      paced(WARM_UP_RATE, seconds);
      runtime.flush();
    } finally {
      delete(dir);
    }
  }

  /** The same for the peer, through OpenTelemetry's own file path. */
  private void warmUpPeer(int seconds) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export-otel");
    try (OtelJsonFile otel = startPeer(dir)) {
      current =
          new HandWritten.HandWorker(
              otel.tracer("export-bench"), HandWritten.RUN_ID_ON_RESOURCE, new WorkerImpl());
      paced(WARM_UP_RATE, seconds);
      otel.flush();
    } finally {
      current = worker;
      delete(dir);
    }
  }

  private OtelJsonFile startPeer(Path dir) throws IOException {
    return OtelJsonFile.start(
        dir.resolve("traces.jsonl"),
        "export-bench",
        queueSize,
        BatchSettings.DEFAULT_BATCH_SIZE,
        BatchSettings.DEFAULT_DELAY);
  }

  /**
   * OpenTelemetry's path at {@code rate}: the SDK's batch processor counts its drops only in a
   * meter provider, so what it dropped is what is missing from the file.
   */
  private boolean sustainedPeer(long rate, int seconds) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export-otel");
    try {
      long made;
      long nanos;
      long[] cpu;
      Path file;
      try (OtelJsonFile otel = startPeer(dir)) {
        current =
            new HandWritten.HandWorker(
                otel.tracer("export-bench"), HandWritten.RUN_ID_ON_RESOURCE, new WorkerImpl());
        long[] before = cpu();
        long start = System.nanoTime();
        made = paced(rate, seconds);
        nanos = System.nanoTime() - start;
        otel.flush();
        cpu = cpu();
        for (int i = 0; i < cpu.length; i++) {
          cpu[i] -= before[i];
        }
        file = otel.file();
      } finally {
        current = worker;
      }
      long inFile = countSpans(file);
      boolean pass = inFile == made && keptPace(made, nanos, rate);
      System.out.printf(
          Locale.ROOT,
          "sustained: OpenTelemetry %,9d  %,9.0f  %,9d  %,7d  %,9d  %s  | %.2f, %.2f, -%n",
          rate,
          made / (nanos / 1e9),
          inFile,
          made - inFile,
          inFile,
          pass ? "PASS" : "FAIL",
          cpu[0] / 1e3 / made,
          cpu[3] / 1e3 / Math.max(1, inFile));
      return pass;
    } finally {
      delete(dir);
    }
  }

  /**
   * Whether the traced thread made its spans at the rate asked (within 1%): a pipeline that held
   * the traced thread up (spanweave's start-up allowance waits for room in a full queue) does not
   * pass a rate it could not sustain by dropping nothing.
   */
  private static boolean keptPace(long made, long nanos, long rate) {
    return made / (nanos / 1e9) >= 0.99 * rate;
  }

  /** Makes spans at {@code rate} for {@code seconds}; returns how many were made. */
  private long paced(long rate, int seconds) {
    long total = rate * seconds;
    long start = System.nanoTime();
    long made = 0;
    while (made < total) {
      long n = Math.min(CHUNK, total - made);
      make(n, made);
      made += n;
      long due = start + (long) (made * 1e9 / rate);
      long wait = due - System.nanoTime();
      if (wait > 20_000) {
        LockSupport.parkNanos(wait);
      }
    }
    return made;
  }

  private boolean sustained(long rate, int seconds) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export");
    try {
      long made;
      long nanos;
      long exported;
      long dropped;
      Path file;
      Path live;
      long[] cpu;
      try (TraceRuntime runtime = start(dir)) {
        long[] before = cpu();
        long start = System.nanoTime();
        made = paced(rate, seconds);
        nanos = System.nanoTime() - start;
        runtime.flush();
        cpu = cpu();
        for (int i = 0; i < cpu.length; i++) {
          cpu[i] -= before[i];
        }
        exported = runtime.exportedSpans();
        dropped = runtime.droppedSpans();
        file = runtime.traceFile();
        live = runtime.liveFile();
      }
      long inFile = countSpans(file);
      long liveLines = countLines(live);
      boolean pass =
          dropped == 0 && inFile == made && exported == made && keptPace(made, nanos, rate);
      System.out.printf(
          Locale.ROOT,
          "sustained: spanweave     %,9d  %,9.0f  %,9d  %,7d  %,9d  %s  | %.2f, %.2f, %.2f  | live.jsonl %,d records"
              + " | compressing parts %.2f us/span%n",
          rate,
          made / (nanos / 1e9),
          exported,
          dropped,
          inFile,
          pass ? "PASS" : "FAIL",
          cpu[0] / 1e3 / made,
          cpu[1] / 1e3 / Math.max(1, exported),
          cpu[2] / 1e3 / made,
          liveLines,
          cpu[4] / 1e3 / made);
      return pass;
    } finally {
      delete(dir);
    }
  }

  private void overload(int seconds) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export");
    try {
      List<Long> chunkNanos = new ArrayList<>();
      long made = 0;
      long nanos;
      long exportedDuring;
      long exported;
      long dropped;
      Path file;
      try (TraceRuntime runtime = start(dir)) {
        long start = System.nanoTime();
        long end = start + seconds * 1_000_000_000L;
        long now = start;
        while (now < end) {
          make(1000, made);
          made += 1000;
          long t = System.nanoTime();
          chunkNanos.add(t - now);
          now = t;
        }
        nanos = now - start;
        exportedDuring = runtime.exportedSpans();
        runtime.flush();
        exported = runtime.exportedSpans();
        dropped = runtime.droppedSpans();
        file = runtime.traceFile();
      }
      long inFile = countSpans(file);
      chunkNanos.sort(Comparator.naturalOrder());
      System.out.printf(
          Locale.ROOT,
          "overload: one thread made %,d spans in %.1f s = %,.0f spans/s; exported during the run "
              + "%,d (%,.0f/s); after flush exported %,d + dropped %,d = %,d (%s); in file %,d%n",
          made,
          nanos / 1e9,
          made / (nanos / 1e9),
          exportedDuring,
          exportedDuring / (nanos / 1e9),
          exported,
          dropped,
          exported + dropped,
          exported + dropped == made ? "= made" : "!= made " + made,
          inFile);
      System.out.printf(
          Locale.ROOT,
          "overload: time per 1000 spans on the traced thread: median %.1f us, p99 %.1f us, "
              + "p99.9 %.1f us, max %.1f us%n",
          chunkNanos.get(chunkNanos.size() / 2) / 1e3,
          chunkNanos.get((int) (chunkNanos.size() * 0.99)) / 1e3,
          chunkNanos.get((int) (chunkNanos.size() * 0.999)) / 1e3,
          chunkNanos.get(chunkNanos.size() - 1) / 1e3);
    } finally {
      delete(dir);
    }
  }

  private void burst(int size) throws IOException {
    Path dir = Files.createTempDirectory("spanweave-export");
    try {
      long nanos;
      long exported;
      long dropped;
      try (TraceRuntime runtime = start(dir)) {
        long start = System.nanoTime();
        make(size, 0);
        nanos = System.nanoTime() - start;
        runtime.flush();
        exported = runtime.exportedSpans();
        dropped = runtime.droppedSpans();
      }
      System.out.printf(
          Locale.ROOT,
          "burst: %,d spans made in %.1f ms (%,.0f spans/s); exported %,d, dropped %,d%n",
          size,
          nanos / 1e6,
          size / (nanos / 1e9),
          exported,
          dropped);
    } finally {
      delete(dir);
    }
  }

  /**
   * CPU nanoseconds so far of this thread, the export worker and the live worker of the current
   * runtime, and the SDK's batch worker of the peer.
   */
  private static long[] cpu() {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long[] cpu = {threads.getCurrentThreadCpuTime(), 0, 0, 0, 0};
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (!thread.isAlive()) {
        continue;
      }
      if (thread.getName().equals("spanweave-export")) {
        cpu[1] += Math.max(0, threads.getThreadCpuTime(thread.getId()));
      } else if (thread.getName().equals("spanweave-compress")) {
        cpu[4] += Math.max(0, threads.getThreadCpuTime(thread.getId()));
      } else if (thread.getName().equals("spanweave-live")) {
        cpu[2] += Math.max(0, threads.getThreadCpuTime(thread.getId()));
      } else if (thread.getName().startsWith(OtelJsonFile.WORKER_THREAD_PREFIX)) {
        cpu[3] += Math.max(0, threads.getThreadCpuTime(thread.getId()));
      }
    }
    return cpu;
  }

  /** Lines of a file. */
  static long countLines(Path file) throws IOException {
    long count = 0;
    byte[] buffer = new byte[1 << 20];
    try (InputStream in = Files.newInputStream(file)) {
      for (int n; (n = in.read(buffer)) > 0; ) {
        for (int i = 0; i < n; i++) {
          if (buffer[i] == '\n') {
            count++;
          }
        }
      }
    }
    return count;
  }

  /**
   * Spans in a traces.jsonl: occurrences of the key {@code "spanId":} (parentSpanId does not
   * match).
   */
  static long countSpans(Path file) throws IOException {
    byte[] needle = "\"spanId\":".getBytes(java.nio.charset.StandardCharsets.US_ASCII);
    long count = 0;
    int matched = 0;
    byte[] buffer = new byte[1 << 20];
    for (RunParts.Part part : RunParts.list(file)) { // every part of the run, decompressed
      try (InputStream in = RunParts.open(part)) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          for (int i = 0; i < n; i++) {
            byte b = buffer[i];
            if (b == needle[matched]) {
              if (++matched == needle.length) {
                count++;
                matched = 0;
              }
            } else {
              matched = b == needle[0] ? 1 : 0;
            }
          }
        }
      }
    }
    return count;
  }

  private static void delete(Path dir) throws IOException {
    try (Stream<Path> paths = Files.walk(dir)) {
      paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
    }
  }
}
