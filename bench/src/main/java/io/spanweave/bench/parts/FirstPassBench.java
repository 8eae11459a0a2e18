package io.spanweave.bench.parts;

import io.spanweave.runfiles.internal.facts.FactsScanner;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runtime.RunFileSettings;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanSummaries;
import io.spanweave.viewer.ingest.ReadSettings;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OperationsPerInvocation;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;
import org.openjdk.jmh.infra.Blackhole;

/**
 * The viewer's first pass over a part nobody summarised (issue 39), per span, on one thread (so
 * time is CPU time): {@code parsed} is how the summaries were built from parsed spans (the span
 * parser's block path, then {@code SpanSummaries}), {@code facts} the facts-only scanner the first
 * pass now uses for the spans the in-memory index does not take. Both read the same part, written
 * by the runtime with its defaults but left plain (decompression is apart from this), cut into the
 * 256 KiB chunks of whole lines the first pass reads, with the viewer's 8 MiB segments.
 *
 * <p>JMH's figures are wall time, which a shared machine's load inflates; {@link #main} measures
 * what issue 39 asks for, the thread's CPU time per span, in interleaved rounds (one pass of each
 * path per round, their order alternating), and prints each round and the medians.
 *
 * <pre>java -jar bench/target/benchmarks.jar FirstPassBench
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.parts.FirstPassBench [--rounds 15] [--warmup 5]
 * </pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
    value = 1,
    jvmArgsAppend = {"-Xmx2g"})
@Warmup(iterations = 3, time = 3)
@Measurement(iterations = 5, time = 3)
public class FirstPassBench {
  /** 5,000 samples of 10 spans: 50,000 spans, about 40 MB of lines. */
  static final int SAMPLES = 5_000;

  static final int SPANS = SAMPLES * SampleRollout.SPANS_PER_SAMPLE;
  private static final int CHUNK = 256 << 10;
  private static final long SEGMENT = ReadSettings.DEFAULT_SEGMENT_BYTES;

  private final List<byte[]> chunks = new ArrayList<>();
  private final List<Long> offsets = new ArrayList<>();
  private final OtlpLineParser parser = new OtlpLineParser();
  private final FactsScanner scanner = new FactsScanner();
  private Path dir;

  @Setup(Level.Trial)
  public void record() throws IOException {
    dir = Files.createTempDirectory("first-pass");
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("rollout")
            .outputDir(dir)
            .runId("first-pass")
            .runFiles(files -> files.withCodec(RunFileSettings.NONE))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      SampleRollout sample = new SampleRollout();
      for (int n = 0; n < SAMPLES; n++) {
        sample.record(n / 100, n % 100);
      }
      runtime.flush();
    }
    List<Path> parts;
    try (Stream<Path> files = Files.walk(dir)) {
      parts =
          files
              .filter(p -> p.getFileName().toString().matches("traces(-\\d+)?\\.jsonl"))
              .sorted(Comparator.naturalOrder())
              .toList();
    }
    for (Path part : parts) {
      byte[] file = Files.readAllBytes(part);
      int start = 0;
      while (start < file.length) {
        int cut = Math.min(file.length, start + CHUNK);
        while (cut < file.length && file[cut - 1] != '\n') {
          cut++;
        }
        chunks.add(Arrays.copyOfRange(file, start, cut));
        offsets.add((long) start);
        start = cut;
      }
    }
    int spans = 0;
    for (int k = 0; k < chunks.size(); k++) {
      FactsScanner.Result r =
          scanner.scan(chunks.get(k), chunks.get(k).length, offsets.get(k), SEGMENT);
      if (r == null) {
        throw new IllegalStateException(
            "the facts scanner refused a chunk of the runtime's own part");
      }
      spans += r.spans();
    }
    if (spans != SPANS) {
      throw new IllegalStateException("expected " + SPANS + " spans in the parts, found " + spans);
    }
  }

  @TearDown(Level.Trial)
  public void delete() throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      for (Path p : files.sorted(Comparator.reverseOrder()).toList()) {
        Files.delete(p);
      }
    }
  }

  /** Parsed spans, then their summaries: the first pass before issue 39. */
  @Benchmark
  @OperationsPerInvocation(SPANS)
  public void parsed(Blackhole out) throws OtlpLineParser.MalformedLineException {
    out.consume(parsedPass());
  }

  /** The facts-only scanner: the same summaries from the bytes, no span objects. */
  @Benchmark
  @OperationsPerInvocation(SPANS)
  public void facts(Blackhole out) {
    out.consume(factsPass());
  }

  /**
   * @return the segments' span counts, so the work cannot be skipped
   */
  long parsedPass() throws OtlpLineParser.MalformedLineException {
    int[] lines = new int[1];
    long spans = 0;
    for (int k = 0; k < chunks.size(); k++) {
      byte[] chunk = chunks.get(k);
      List<ParsedSpan> parsed = parser.parseBlock(chunk, chunk.length, 0, offsets.get(k), lines);
      for (SegmentSummary s : SpanSummaries.of(parsed, SEGMENT).values()) {
        spans += s.spans();
      }
    }
    return spans;
  }

  long factsPass() {
    long spans = 0;
    for (int k = 0; k < chunks.size(); k++) {
      byte[] chunk = chunks.get(k);
      for (SegmentSummary s :
          scanner.scan(chunk, chunk.length, offsets.get(k), SEGMENT).segments().values()) {
        spans += s.spans();
      }
    }
    return spans;
  }

  /** CPU time per span of both paths in interleaved rounds, on this thread. */
  public static void main(String[] args) throws Exception {
    Map<String, String> options = new java.util.HashMap<>();
    for (int k = 0; k + 1 < args.length; k += 2) {
      options.put(args[k], args[k + 1]);
    }
    int rounds = Integer.parseInt(options.getOrDefault("--rounds", "15"));
    int warmup = Integer.parseInt(options.getOrDefault("--warmup", "5"));
    java.lang.management.ThreadMXBean cpu =
        java.lang.management.ManagementFactory.getThreadMXBean();
    FirstPassBench bench = new FirstPassBench();
    bench.record();
    try {
      double[] parsed = new double[rounds];
      double[] facts = new double[rounds];
      for (int r = -warmup; r < rounds; r++) {
        boolean factsFirst = (r & 1) == 0;
        double a = 0;
        double b = 0;
        for (int pass = 0; pass < 2; pass++) {
          boolean doFacts = factsFirst == (pass == 0);
          long before = cpu.getCurrentThreadCpuTime();
          long spans = doFacts ? bench.factsPass() : bench.parsedPass();
          double perSpan = (cpu.getCurrentThreadCpuTime() - before) / 1000.0 / spans;
          if (spans != SPANS) {
            throw new IllegalStateException("a pass summarised " + spans + " spans, not " + SPANS);
          }
          if (doFacts) {
            b = perSpan;
          } else {
            a = perSpan;
          }
        }
        if (r >= 0) {
          parsed[r] = a;
          facts[r] = b;
          System.out.printf(
              java.util.Locale.ROOT,
              "round %2d: parsed %.3f µs CPU/span, facts %.3f µs CPU/span (%.2fx)%n",
              r + 1,
              a,
              b,
              a / b);
        }
      }
      Arrays.sort(parsed);
      Arrays.sort(facts);
      System.out.printf(
          java.util.Locale.ROOT,
          "median of %d rounds, %,d spans in %d chunks: parsed %.3f, facts %.3f µs CPU/span (%.2fx)%n",
          rounds,
          SPANS,
          bench.chunks.size(),
          parsed[rounds / 2],
          facts[rounds / 2],
          parsed[rounds / 2] / facts[rounds / 2]);
    } finally {
      bench.delete();
    }
  }
}
