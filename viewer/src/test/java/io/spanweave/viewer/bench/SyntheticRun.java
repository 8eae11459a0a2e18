package io.spanweave.viewer.bench;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.StringWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.zip.Deflater;
import java.util.zip.GZIPOutputStream;

/**
 * Writes a run folder in the layout the runtime writes long runs in: closed parts {@code
 * traces/traces-NNNNNN.jsonl.gz} (gzip, a new member every {@code memberBytes} of lines so a reader
 * can start at any member) and the part being written, {@code traces/traces.jsonl}, plain. The
 * spans are {@link SyntheticTraceFile}'s rollout samples, in lines of the runtime's shape (a batch
 * of spans under one resource). Closed parts are compressed on worker threads, as the runtime
 * compresses them off the traced threads; nothing plain is written for them.
 *
 * <pre>
 * java -cp viewer/target/spanweave-viewer.jar:viewer/target/test-classes io.spanweave.viewer.bench.SyntheticRun
 *     RUN_DIR SPANS [SAMPLES_PER_STEP [PART_MB [LIVE_MB]]]</pre>
 */
public final class SyntheticRun {
  /** The runtime's default batch: spans per line. */
  public static final int SPANS_PER_LINE = 512;

  private final long spans;
  private final int samplesPerStep;
  private final int spansPerLine;
  private final long partBytes;
  private final long liveBytes;
  private final int memberBytes;
  private final int level;
  private final long seed;
  private String runId = SyntheticTraceFile.RUN_ID;

  /**
   * @param partBytes lines per closed part (decompressed)
   * @param liveBytes lines left in the live part at the end (plain), at most one part's worth
   * @param memberBytes a new gzip member every this many bytes of lines (0: one member a part)
   */
  public SyntheticRun(
      long spans,
      int samplesPerStep,
      int spansPerLine,
      long partBytes,
      long liveBytes,
      int memberBytes,
      int level,
      long seed) {
    this.spans = spans;
    this.samplesPerStep = samplesPerStep;
    this.spansPerLine = spansPerLine;
    this.partBytes = partBytes;
    this.liveBytes = liveBytes;
    this.memberBytes = memberBytes;
    this.level = level;
    this.seed = seed;
  }

  public static void main(String[] args) throws Exception {
    if (args.length < 2) {
      System.err.println(
          "usage: SyntheticRun RUN_DIR SPANS [SAMPLES_PER_STEP [PART_MB [LIVE_MB]]]");
      System.exit(2);
    }
    Path runDir = Path.of(args[0]);
    long spans = Long.parseLong(args[1]);
    int samplesPerStep = args.length > 2 ? Integer.parseInt(args[2]) : 1000;
    long partMb = args.length > 3 ? Long.parseLong(args[3]) : 64;
    long liveMb = args.length > 4 ? Long.parseLong(args[4]) : 16;
    long t0 = System.nanoTime();
    Summary s =
        new SyntheticRun(
                spans,
                samplesPerStep,
                SPANS_PER_LINE,
                partMb << 20,
                liveMb << 20,
                4 << 20,
                Deflater.BEST_SPEED,
                42)
            .write(runDir);
    System.out.printf(
        "wrote %d spans, %d steps, in %d closed parts (%.1f MB stored, %.1f MB of lines)"
            + " and a live part of %.1f MB to %s in %.1f s%n",
        spans,
        s.steps(),
        s.closedParts(),
        s.storedBytes() / 1e6,
        s.lineBytes() / 1e6,
        s.liveBytes() / 1e6,
        runDir,
        (System.nanoTime() - t0) / 1e9);
  }

  /** The run id its spans carry (default {@value SyntheticTraceFile#RUN_ID}). */
  public SyntheticRun runId(String id) {
    this.runId = id;
    return this;
  }

  /** What was written. */
  public record Summary(
      int closedParts, long storedBytes, long lineBytes, long liveBytes, int steps) {}

  /** Writes the run into {@code runDir/traces/}; returns what it wrote. */
  public Summary write(Path runDir) throws IOException, InterruptedException {
    Path traces = runDir.resolve("traces");
    Files.createDirectories(traces);
    SyntheticTraceFile generator =
        new SyntheticTraceFile(seed, runId, samplesPerStep, spansPerLine);
    long samples =
        (spans + SyntheticTraceFile.SPANS_PER_SAMPLE - 1) / SyntheticTraceFile.SPANS_PER_SAMPLE;
    int threads = Math.max(1, Runtime.getRuntime().availableProcessors());
    ExecutorService compressors = Executors.newFixedThreadPool(threads);
    List<Future<Long>> stored = new ArrayList<>();
    StringWriter text = new StringWriter(1 << 20);
    long lineBytes = 0;
    long liveWritten = 0;
    int parts = 0;
    long liveFrom = -1;
    Writer live = null;
    try {
      for (long sample = 0; sample < samples; sample++) {
        if (sample == 256 && liveFrom < 0) {
          // Lines per sample are nearly constant: the live part starts that many samples before the
          // end.
          double perSample = (double) (lineBytes + text.getBuffer().length()) / sample;
          liveFrom = Math.max(sample, samples - (long) Math.ceil(liveBytes / perSample));
        }
        if (sample == liveFrom) {
          generator.endLine(text);
          if (text.getBuffer().length() > 0) {
            String lines = take(text);
            lineBytes += lines.length();
            stored.add(compressors.submit(closedPart(traces, ++parts, lines)));
          }
          live = Files.newBufferedWriter(traces.resolve("traces.jsonl"), StandardCharsets.UTF_8);
        }
        generator.writeSample(text, sample);
        if (live != null) {
          if (text.getBuffer().length() >= 1 << 20) {
            String lines = take(text);
            liveWritten += lines.length();
            live.write(lines);
          }
        } else if (text.getBuffer().length() >= partBytes) {
          generator.endLine(text);
          String lines = take(text);
          lineBytes += lines.length();
          stored.add(compressors.submit(closedPart(traces, ++parts, lines)));
          while (stored.size() - done(stored) > threads) {
            Thread.sleep(5);
          }
        }
      }
      generator.endLine(text);
      if (live == null) {
        live = Files.newBufferedWriter(traces.resolve("traces.jsonl"), StandardCharsets.UTF_8);
      }
      String lines = take(text);
      liveWritten += lines.length();
      live.write(lines);
    } finally {
      if (live != null) {
        live.close();
      }
      compressors.shutdown();
    }
    long storedBytes = 0;
    for (Future<Long> f : stored) {
      try {
        storedBytes += f.get();
      } catch (java.util.concurrent.ExecutionException e) {
        throw new IOException(e.getCause());
      }
    }
    return new Summary(
        parts,
        storedBytes,
        lineBytes + liveWritten,
        liveWritten,
        (int) ((samples + samplesPerStep - 1) / samplesPerStep));
  }

  /**
   * The same spans in one plain file (the lines of every part and of the live part, in order), as a
   * run was written before parts: what viewers that read a single file are measured on.
   */
  public long writePlain(Path file) throws IOException {
    SyntheticTraceFile generator =
        new SyntheticTraceFile(seed, runId, samplesPerStep, spansPerLine);
    long samples =
        (spans + SyntheticTraceFile.SPANS_PER_SAMPLE - 1) / SyntheticTraceFile.SPANS_PER_SAMPLE;
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      for (long sample = 0; sample < samples; sample++) {
        generator.writeSample(w, sample);
      }
      generator.endLine(w);
    }
    return Files.size(file);
  }

  private static int done(List<Future<Long>> futures) {
    int n = 0;
    for (Future<Long> f : futures) {
      if (f.isDone()) {
        n++;
      }
    }
    return n;
  }

  private static String take(StringWriter text) {
    String s = text.toString();
    text.getBuffer().setLength(0);
    return s;
  }

  /** Compresses one part's lines to {@code traces-NNNNNN.jsonl.gz} through a temporary name. */
  private java.util.concurrent.Callable<Long> closedPart(Path traces, int sequence, String lines) {
    return () -> {
      byte[] bytes = lines.getBytes(StandardCharsets.UTF_8);
      Path target = traces.resolve(String.format("traces-%06d.jsonl.gz", sequence));
      Path temporary = target.resolveSibling(target.getFileName() + ".tmp");
      try (OutputStream out = Files.newOutputStream(temporary)) {
        writeGzipMembers(out, bytes, memberBytes, level);
      }
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      return Files.size(target);
    };
  }

  /**
   * gzip of {@code bytes}, a new member at the first line end after every {@code memberBytes} (0:
   * one).
   */
  public static void writeGzipMembers(OutputStream out, byte[] bytes, int memberBytes, int level)
      throws IOException {
    int from = 0;
    while (from < bytes.length) {
      int to = bytes.length;
      if (memberBytes > 0 && from + memberBytes < bytes.length) {
        to = from + memberBytes;
        while (to < bytes.length && bytes[to - 1] != '\n') {
          to++;
        }
      }
      ByteArrayOutputStream member = new ByteArrayOutputStream(Math.max(64, (to - from) / 8));
      try (GZIPOutputStream gz =
          new GZIPOutputStream(member, 1 << 16) {
            {
              def.setLevel(level);
            }
          }) {
        gz.write(bytes, from, to - from);
      }
      member.writeTo(out);
      from = to;
    }
  }
}
