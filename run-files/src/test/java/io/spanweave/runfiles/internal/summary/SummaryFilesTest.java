package io.spanweave.runfiles.internal.summary;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.spi.SeekPoint;
import java.io.ByteArrayInputStream;
import java.io.DataInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The summaries' binary form is the viewer's summary cache on disk: a cache a viewer wrote before
 * must read the same and be written again byte for byte. {@code segment-summary.bin} was written by
 * the viewer's own summary classes before they moved into run-files, from {@link SummaryFixture},
 * and written again when summary files went to version 6 (a duration sketch's bucket counts in
 * seven-bit groups; files of earlier versions are rebuilt, {@code PartSummaryFileTest}).
 */
class SummaryFilesTest {

  @Test
  void aSegmentIsWrittenAsTheViewerWroteItBeforeTheMove() throws IOException {
    assertThat(SummaryFixture.bytes(SummaryFixture.segment())).isEqualTo(recorded());
  }

  @Test
  void aSegmentTheViewerWroteReadsWithEverythingInItAndWritesTheSameBytes() throws IOException {
    SegmentSummary read =
        SummaryFiles.readSegment(new DataInputStream(new ByteArrayInputStream(recorded())));
    SegmentSummary built = SummaryFixture.segment();

    assertThat(read.index()).isEqualTo(3);
    assertThat(read.seek()).isEqualTo(new SeekPoint(1234, 25_165_824));
    assertThat(read.spans()).isEqualTo(40);
    assertThat(read.lines()).isEqualTo(built.lines());
    assertThat(read.malformedLines()).isEqualTo(2);
    assertThat(read.steps()).isEqualTo(built.steps());
    assertThat(read.kinds()).containsExactlyInAnyOrder("INTERNAL", "CLIENT");
    assertThat(read.mightHoldTrace(StepStats.hash("trace-7"))).isTrue();
    assertThat(read.mightHoldSample(StepStats.hash("run-a/sample-2"))).isTrue();
    assertThat(cells(read)).isEqualTo(cells(built));
    assertThat(SummaryFixture.bytes(read)).isEqualTo(recorded());
  }

  @Test
  void aSegmentDecodedFromBytesInMemoryIsTheSameAndACutOneIsAnError() throws IOException {
    byte[] recorded = recorded();
    SegmentSummary read = SummaryFiles.readSegment(new BytesDataInput(recorded, recorded.length));
    assertThat(cells(read)).isEqualTo(cells(SummaryFixture.segment()));
    assertThat(SummaryFixture.bytes(read)).isEqualTo(recorded);
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> SummaryFiles.readSegment(new BytesDataInput(recorded, recorded.length - 3)))
        .isInstanceOf(java.io.EOFException.class);
  }

  @Test
  void takingASegmentsCellsOverCountsAsMergingThem() throws IOException {
    RunSummary merged = new RunSummary();
    RunSummary taken = new RunSummary();
    // Two segments of open steps sharing some traces and samples, read back from their bytes as
    // from a summary file: a shared trace counts once either way.
    for (int[] spans : new int[][] {{0, 30}, {20, 40}}) {
      merged.add(openSegment(spans[0], spans[1]), 1);
      SegmentSummary segment = openSegment(spans[0], spans[1]);
      taken.addTaking(segment, 1);
      segment.compact();
    }
    List<String> open = steps(taken);
    merged.sealUntouchedSince(2);
    taken.sealUntouchedSince(2);
    assertThat(steps(taken)).isEqualTo(steps(merged)).isEqualTo(open);
    // Span 25 is in both segments: its trace and sample count once (5, not 6).
    assertThat(open)
        .anyMatch(
            cell ->
                cell.startsWith("RunKey[service=worker")
                    && cell.contains(" step 0: 6 spans, 1 errors, 5/1 traces, 5/1/0 samples,"));
  }

  /** A segment of spans {@code from} to {@code to} (2 a trace) whose steps are open. */
  private static SegmentSummary openSegment(int from, int to) throws IOException {
    SegmentSummary s = new SegmentSummary(from);
    for (int k = from; k < to; k++) {
      RunKey run = new RunKey(k % 2 == 0 ? "driver" : "worker", "");
      long start = 1_700_000_000_000_000_000L + k * 1_000_003L;
      s.cell(run, (k / 2) % 4)
          .addSpan(
              "generate",
              start,
              start + 1_000_000L,
              k % 6 == 5,
              k % 6 == 5 ? "TimeoutError" : null,
              StepStats.hash("trace-" + (k / 4)),
              StepStats.hash("sample-" + (k / 8)));
      s.place(k * 100L, 99, StepStats.hash("trace-" + (k / 4)), 0, start, start + 1, "INTERNAL");
    }
    s.seal();
    byte[] bytes = SummaryFixture.bytes(s);
    return SummaryFiles.readSegment(new BytesDataInput(bytes, bytes.length));
  }

  /** Every step of a run summary as text, as {@link #cells} gives a segment's. */
  private static List<String> steps(RunSummary summary) {
    return summary.read(
        v -> {
          List<String> out = new ArrayList<>();
          v.steps()
              .forEach((run, bySteps) -> bySteps.forEach((step, s) -> out.add(text(run, step, s))));
          out.sort(null);
          return out;
        });
  }

  /** Each cell as text: run, step, counts, stages, metrics and LLM figures. */
  private static List<String> cells(SegmentSummary segment) {
    List<String> out = new ArrayList<>();
    segment.forEachCell((run, step, stats) -> out.add(text(run, step, stats)));
    out.sort(null);
    return out;
  }

  /** One cell as text: run, step, counts, stages, metrics and LLM figures. */
  private static String text(RunKey run, int step, StepStats stats) {
    return run
        + " step "
        + step
        + ": "
        + stats.spans()
        + " spans, "
        + stats.errorSpans()
        + " errors, "
        + stats.traces()
        + "/"
        + stats.errorTraces()
        + " traces, "
        + stats.samples()
        + "/"
        + stats.errorSamples()
        + "/"
        + stats.timeoutSamples()
        + " samples, "
        + stats.startUnixNano()
        + ".."
        + stats.endUnixNano()
        + ", stages "
        + stats.stages().keySet()
        + ", metrics "
        + stats.metrics().keySet()
        + ", llm "
        + stats.llmCalls()
        + "/"
        + stats.llmErrors()
        + " "
        + stats.inputTokens()
        + "/"
        + stats.outputTokens()
        + " p50 "
        + stats.llmLatency().percentile(50);
  }

  private static byte[] recorded() throws IOException {
    try (InputStream in = SummaryFilesTest.class.getResourceAsStream("segment-summary.bin")) {
      assertThat(in).as("segment-summary.bin").isNotNull();
      return in.readAllBytes();
    }
  }
}
