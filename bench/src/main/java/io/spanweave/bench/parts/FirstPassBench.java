package io.spanweave.bench.parts;

import io.spanweave.runtime.RunFileSettings;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.viewer.facts.FactsScanner;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanSummaries;
import io.spanweave.viewer.ingest.ReadSettings;
import io.spanweave.viewer.summary.SegmentSummary;
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
 * <pre>java -jar bench/target/benchmarks.jar FirstPassBench</pre>
 */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(value = 1, jvmArgsAppend = {"-Xmx2g"})
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
    TraceConfig config = TraceConfig.builder().enabled(true).serviceName("rollout").outputDir(dir).runId("first-pass")
        .runFiles(files -> files.withCodec(RunFileSettings.NONE)).build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      SampleRollout sample = new SampleRollout();
      for (int n = 0; n < SAMPLES; n++) {
        sample.record(n / 100, n % 100);
      }
      runtime.flush();
    }
    List<Path> parts;
    try (Stream<Path> files = Files.walk(dir)) {
      parts = files.filter(p -> p.getFileName().toString().matches("traces(-\\d+)?\\.jsonl"))
          .sorted(Comparator.naturalOrder()).toList();
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
      FactsScanner.Result r = scanner.scan(chunks.get(k), chunks.get(k).length, offsets.get(k), SEGMENT);
      if (r == null) {
        throw new IllegalStateException("the facts scanner refused a chunk of the runtime's own part");
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
    int[] lines = new int[1];
    for (int k = 0; k < chunks.size(); k++) {
      byte[] chunk = chunks.get(k);
      List<ParsedSpan> spans = parser.parseBlock(chunk, chunk.length, 0, offsets.get(k), lines);
      Map<Integer, SegmentSummary> segments = SpanSummaries.of(spans, SEGMENT);
      out.consume(segments);
    }
  }

  /** The facts-only scanner: the same summaries from the bytes, no span objects. */
  @Benchmark
  @OperationsPerInvocation(SPANS)
  public void facts(Blackhole out) {
    for (int k = 0; k < chunks.size(); k++) {
      byte[] chunk = chunks.get(k);
      out.consume(scanner.scan(chunk, chunk.length, offsets.get(k), SEGMENT));
    }
  }
}
