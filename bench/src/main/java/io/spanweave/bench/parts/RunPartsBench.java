package io.spanweave.bench.parts;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.RunFileSettings;
import io.spanweave.runtime.RunParts;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.runtime.internal.parts.SegmentedOutputStream;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadInfo;
import java.lang.management.ThreadMXBean;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import net.jpountz.lz4.LZ4FrameInputStream;
import net.jpountz.lz4.LZ4FrameOutputStream;
import org.tukaani.xz.LZMA2Options;
import org.tukaani.xz.XZInputStream;
import org.tukaani.xz.XZOutputStream;

/**
 * A run's parts on disk (issue 28), two measurements:
 *
 * <ul>
 *   <li>{@code codecs}: the runtime records sample-shaped spans ({@link SampleRollout}) until it
 *       closes its first part (64 MiB, left plain), then every candidate codec compresses and
 *       decompresses that part in memory: ratio, bytes per span, compress and decompress speed
 *       (best of the rounds, one thread), side by side in one run;
 *   <li>{@code run}: a run recorded with the runtime's defaults (parts of 64 MiB, gzip in the
 *       background; {@code --codec} another codec, such as {@code zstd} of spanweave-zstd), 1,000
 *       steps of 1,000 samples of 10 spans unless told otherwise, paced at {@code --rate} spans/s;
 *       then the bytes on disk per span, what the compressing thread cost, how many parts hold each
 *       step's spans, and the time to read every part back.
 * </ul>
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.parts.RunPartsBench codecs [--dir D] [--rounds 3]
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.parts.RunPartsBench run [--dir D] [--steps 1000] [--samples 1000] [--rate 100000] [--codec gzip]
 * </pre>
 *
 * The run's folder is deleted at the end unless {@code --keep true}; nothing it writes is
 * committed.
 */
public final class RunPartsBench {

  private static final Pattern STEP =
      Pattern.compile("\"rollout\\.step\",\"value\":\\{\"intValue\":\"(\\d+)\"");

  private RunPartsBench() {}

  public static void main(String[] args) throws Exception {
    if (args.length == 0 || !(args[0].equals("codecs") || args[0].equals("run"))) {
      System.err.println(
          "usage: RunPartsBench codecs|run [--dir D] [--rounds N] [--steps N] [--samples N] [--rate N] [--codec C] [--keep true]");
      System.exit(2);
    }
    Map<String, String> options = new HashMap<>();
    for (int k = 1; k + 1 < args.length; k += 2) {
      options.put(args[k], args[k + 1]);
    }
    Path dir = Path.of(options.getOrDefault("--dir", "bench/target/run-parts"));
    System.out.println("load average before: " + loadAverage());
    if (args[0].equals("codecs")) {
      codecs(dir, Integer.parseInt(options.getOrDefault("--rounds", "3")));
    } else {
      run(
          dir,
          Integer.parseInt(options.getOrDefault("--steps", "1000")),
          Integer.parseInt(options.getOrDefault("--samples", "1000")),
          Long.parseLong(options.getOrDefault("--rate", "100000")),
          options.getOrDefault("--codec", RunFileSettings.GZIP));
    }
    System.out.println("load average after: " + loadAverage());
    if (!Boolean.parseBoolean(options.getOrDefault("--keep", "false"))) {
      deleteTree(dir);
    }
  }

  // ---------------------------------------------------------------------------------------------
  // codecs

  private interface Wrap<T> {
    T wrap(T stream) throws IOException;
  }

  private record Codec(String name, Wrap<OutputStream> compress, Wrap<InputStream> decompress) {}

  private static List<Codec> candidates() {
    List<Codec> codecs = new ArrayList<>();
    for (int level : new int[] {1, 6, 9}) {
      codecs.add(
          new Codec(
              "JDK gzip -" + level, out -> gzip(out, level), in -> new GZIPInputStream(in, 65536)));
    }
    RunPartCodec runtimeGzip = PartCodecs.find(RunFileSettings.GZIP).orElseThrow();
    codecs.add(
        new Codec(
            "JDK gzip -1, a member per 8 MiB (the runtime's)",
            out -> new SegmentedOutputStream(out, runtimeGzip, SegmentedOutputStream.SEGMENT_BYTES),
            runtimeGzip::decompressing));
    for (int level : new int[] {1, 3, 9, 19}) {
      codecs.add(
          new Codec(
              "zstd-jni -" + level, out -> new ZstdOutputStream(out, level), ZstdInputStream::new));
    }
    for (int preset : new int[] {1, 6}) {
      codecs.add(
          new Codec(
              "xz -" + preset,
              out -> new XZOutputStream(out, new LZMA2Options(preset)),
              XZInputStream::new));
    }
    codecs.add(new Codec("lz4-java (frame)", LZ4FrameOutputStream::new, LZ4FrameInputStream::new));
    return codecs;
  }

  private static OutputStream gzip(OutputStream out, int level) throws IOException {
    return new GZIPOutputStream(out, 65536) {
      {
        def.setLevel(level);
      }
    };
  }

  private static void codecs(Path dir, int rounds) throws IOException {
    Path part = firstPart(dir.resolve("codec-input"));
    byte[] plain = Files.readAllBytes(part);
    long spans = countSpans(plain);
    System.out.printf(
        Locale.ROOT,
        "input: the runtime's first closed part, %,d bytes, %,d spans, %.0f bytes per span plain%n%n",
        plain.length,
        spans,
        (double) plain.length / spans);
    System.out.println("| codec | ratio | bytes/span | compress MB/s | decompress MB/s |");
    System.out.println("|---|---:|---:|---:|---:|");
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    for (Codec codec : candidates()) {
      byte[] compressed = null;
      double bestCompress = Double.MAX_VALUE;
      double bestDecompress = Double.MAX_VALUE;
      int codecRounds = codec.name().contains("-19") || codec.name().startsWith("xz") ? 1 : rounds;
      for (int r = 0; r < codecRounds; r++) {
        ByteArrayOutputStream sink = new ByteArrayOutputStream(plain.length / 4);
        long t0 = threads.getCurrentThreadCpuTime();
        try (OutputStream out = codec.compress().wrap(sink)) {
          for (int off = 0; off < plain.length; off += 65536) {
            out.write(plain, off, Math.min(65536, plain.length - off));
          }
        }
        bestCompress = Math.min(bestCompress, (threads.getCurrentThreadCpuTime() - t0) / 1e9);
        compressed = sink.toByteArray();
        long t1 = threads.getCurrentThreadCpuTime();
        long read = 0;
        byte[] buffer = new byte[65536];
        try (InputStream in = codec.decompress().wrap(new ByteArrayInputStream(compressed))) {
          for (int n; (n = in.read(buffer)) != -1; ) {
            read += n;
          }
        }
        bestDecompress = Math.min(bestDecompress, (threads.getCurrentThreadCpuTime() - t1) / 1e9);
        if (read != plain.length) {
          throw new IllegalStateException(
              codec.name() + " decompressed " + read + " bytes of " + plain.length);
        }
      }
      System.out.printf(
          Locale.ROOT,
          "| %s | %.1f | %.1f | %.0f | %.0f |%n",
          codec.name(),
          (double) plain.length / compressed.length,
          (double) compressed.length / spans,
          plain.length / 1e6 / bestCompress,
          plain.length / 1e6 / bestDecompress);
    }
    System.out.println(
        "\n(CPU time of the one thread; MB/s of plain bytes; best of "
            + rounds
            + " rounds, 1 round for zstd -19 and xz)");
  }

  /**
   * Records sample spans with parts of the default size, left plain, until the first part is
   * closed.
   */
  private static Path firstPart(Path outputDir) throws IOException {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rollout")
            .outputDir(outputDir)
            .runId("codec-input")
            .runFiles(files -> files.withCodec(RunFileSettings.NONE))
            .build();
    Path part;
    try (TraceRuntime runtime = Tracing.configure(config)) {
      part = runtime.traceFile().resolveSibling("traces-000001.jsonl");
      SampleRollout sample = new SampleRollout();
      for (int n = 0; !Files.exists(part); n++) {
        sample.record(n / 1000, n % 1000);
        if (n % 1000 == 999) {
          runtime.flush();
        }
      }
    }
    return part;
  }

  private static long countSpans(byte[] lines) {
    String text = new String(lines, StandardCharsets.ISO_8859_1);
    long count = 0;
    for (int k = text.indexOf("\"spanId\":"); k >= 0; k = text.indexOf("\"spanId\":", k + 1)) {
      count++;
    }
    return count;
  }

  // ---------------------------------------------------------------------------------------------
  // run

  private static void run(Path dir, int steps, int samples, long rate, String codec)
      throws Exception {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rollout")
            .outputDir(dir)
            .runId("run")
            .runFiles(files -> files.withCodec(codec))
            .build();
    System.out.printf(
        Locale.ROOT,
        "recording %,d steps of %,d samples (%,d spans) at %,d spans/s with the defaults: %s%n",
        steps,
        samples,
        (long) steps * samples * SampleRollout.SPANS_PER_SAMPLE,
        rate,
        config.runFiles());
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    AtomicLong compressCpu = new AtomicLong();
    Map<Long, Long> cpuOfCompressingThreads = new java.util.concurrent.ConcurrentHashMap<>();
    Thread watcher =
        new Thread(
            () -> {
              while (!Thread.currentThread().isInterrupted()) {
                for (ThreadInfo info : threads.dumpAllThreads(false, false)) {
                  if (info.getThreadName()
                      .startsWith(
                          "spanweave-compress")) { // the runtime's thread and those of its close
                    long cpu = threads.getThreadCpuTime(info.getThreadId());
                    cpuOfCompressingThreads.merge(info.getThreadId(), cpu, Math::max);
                    compressCpu.set(
                        cpuOfCompressingThreads.values().stream().mapToLong(Long::longValue).sum());
                  }
                }
                try {
                  Thread.sleep(100);
                } catch (InterruptedException e) {
                  return;
                }
              }
            });
    watcher.setDaemon(true);
    watcher.start();
    long processCpu0 = processCpu();
    long t0 = System.nanoTime();
    TraceRuntime runtime = Tracing.configure(config);
    SampleRollout sample = new SampleRollout();
    long nanosPerSample = 1_000_000_000L * SampleRollout.SPANS_PER_SAMPLE / rate;
    long n = 0;
    for (int step = 0; step < steps; step++) {
      for (int s = 0; s < samples; s++, n++) {
        long wait = t0 + n * nanosPerSample - System.nanoTime();
        if (wait > 0) {
          java.util.concurrent.locks.LockSupport.parkNanos(
              wait); // no busy wait: the cores are the runtime's
        }
        sample.record(step, s);
      }
      if (step % 100 == 99) {
        System.out.printf(
            Locale.ROOT,
            "  step %d at %.1f s, %,d spans dropped so far%n",
            step + 1,
            (System.nanoTime() - t0) / 1e9,
            runtime.droppedSpans());
      }
    }
    long recorded = System.nanoTime();
    runtime.close();
    long closed = System.nanoTime();
    watcher.interrupt();
    long processCpu = processCpu() - processCpu0;
    Path traces = runtime.traceFile().getParent();
    long spans = runtime.exportedSpans();
    System.out.printf(
        Locale.ROOT,
        "recorded in %.1f s, closed in %.1f s; exported %,d spans, dropped %,d; process CPU %.1f s,"
            + " of which the compressing thread %.1f s%n",
        (recorded - t0) / 1e9,
        (closed - recorded) / 1e9,
        spans,
        runtime.droppedSpans(),
        processCpu / 1e9,
        compressCpu.get() / 1e9);

    Map<String, long[]> sizes = new TreeMap<>(); // kind -> {files, bytes}
    try (Stream<Path> files = Files.list(traces)) {
      for (Path file : files.toList()) {
        String name = file.getFileName().toString();
        String kind =
            name.matches("traces-\\d+\\.jsonl\\.\\w+")
                ? "closed parts, compressed"
                : name.matches("traces-\\d+\\.jsonl") ? "closed parts, plain" : name;
        long[] entry = sizes.computeIfAbsent(kind, k -> new long[2]);
        entry[0]++;
        entry[1] += Files.size(file);
      }
    }
    long total = 0;
    long partsTotal = 0;
    System.out.println("\n| file | files | bytes | bytes per span |");
    System.out.println("|---|---:|---:|---:|");
    for (Map.Entry<String, long[]> e : sizes.entrySet()) {
      System.out.printf(
          Locale.ROOT,
          "| %s | %d | %,d | %.1f |%n",
          e.getKey(),
          e.getValue()[0],
          e.getValue()[1],
          (double) e.getValue()[1] / spans);
      total += e.getValue()[1];
      if (!e.getKey().equals("live.jsonl") && !e.getKey().startsWith(".")) {
        partsTotal += e.getValue()[1];
      }
    }
    System.out.printf(
        Locale.ROOT,
        "| **traces, all parts** | | %,d | **%.1f** |%n",
        partsTotal,
        (double) partsTotal / spans);
    System.out.printf(
        Locale.ROOT,
        "| everything in the folder | | %,d | %.1f |%n%n",
        total,
        (double) total / spans);
    Path live = traces.resolve("live.jsonl");
    long liveRecords = Files.exists(live) ? Files.lines(live).count() : 0;
    System.out.printf(
        Locale.ROOT,
        "live.jsonl: %,d records, %.0f bytes each%n",
        liveRecords,
        liveRecords == 0 ? 0.0 : (double) Files.size(live) / liveRecords);

    // Closed parts the runtime left plain at close (its compression was behind), compressed now.
    long c0 = System.nanoTime();
    long late = RunParts.compressClosedParts(traces, codec);
    long afterwards = 0;
    for (RunParts.Part part : RunParts.list(traces)) {
      afterwards += Files.size(part.path());
    }
    System.out.printf(
        Locale.ROOT,
        "after RunParts compress (%d parts left plain at close, %.1f s): traces, all parts %,d bytes,"
            + " **%.1f bytes per span**%n%n",
        late,
        (System.nanoTime() - c0) / 1e9,
        afterwards,
        (double) afterwards / spans);

    // Which parts hold each step's spans, and the time to read every part back.
    Map<Integer, BitSet> partsOfStep = new HashMap<>();
    long r0 = System.nanoTime();
    RunParts.Outcome outcome =
        RunParts.forEachLine(
            traces,
            (part, number, line) -> {
              Matcher m = STEP.matcher(line);
              while (m.find()) {
                partsOfStep
                    .computeIfAbsent(Integer.parseInt(m.group(1)), k -> new BitSet())
                    .set((int) part.sequence());
              }
            });
    long readNanos = System.nanoTime() - r0;
    int[] histogram = new int[8];
    for (BitSet parts : partsOfStep.values()) {
      histogram[Math.min(parts.cardinality(), 7)]++;
    }
    System.out.printf(
        Locale.ROOT,
        "read back: %d parts, %,d lines in %.1f s (%.2f M spans/s, every line split and matched); "
            + "skipped: %s%n",
        outcome.parts(),
        outcome.lines(),
        readNanos / 1e9,
        spans / 1e6 / (readNanos / 1e9),
        outcome.skipped());
    System.out.printf(
        Locale.ROOT,
        "steps by the number of parts holding their spans: 1 part %d, 2 parts %d, 3 parts %d, "
            + "more %d (of %d steps)%n",
        histogram[1],
        histogram[2],
        histogram[3],
        histogram[4] + histogram[5] + histogram[6] + histogram[7],
        partsOfStep.size());
  }

  private static long processCpu() {
    return ((com.sun.management.OperatingSystemMXBean) ManagementFactory.getOperatingSystemMXBean())
        .getProcessCpuTime();
  }

  private static String loadAverage() {
    try {
      return Files.readString(Path.of("/proc/loadavg")).trim();
    } catch (IOException e) {
      return String.format(
          Locale.ROOT, "%.2f", ManagementFactory.getOperatingSystemMXBean().getSystemLoadAverage());
    }
  }

  private static void deleteTree(Path dir) throws IOException {
    if (!Files.exists(dir)) {
      return;
    }
    try (Stream<Path> walk = Files.walk(dir)) {
      for (Path p : walk.sorted((a, b) -> b.getNameCount() - a.getNameCount()).toList()) {
        Files.deleteIfExists(p);
      }
    }
  }
}
