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
 * the viewer's own summary classes before they moved into run-files, from {@link SummaryFixture}.
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

  /** Each cell as text: run, step, counts, stages, metrics and LLM figures. */
  private static List<String> cells(SegmentSummary segment) {
    List<String> out = new ArrayList<>();
    segment.forEachCell(
        (run, step, stats) ->
            out.add(
                run
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
                    + stats.llmLatency().percentile(50)));
    out.sort(null);
    return out;
  }

  private static byte[] recorded() throws IOException {
    try (InputStream in = SummaryFilesTest.class.getResourceAsStream("segment-summary.bin")) {
      assertThat(in).as("segment-summary.bin").isNotNull();
      return in.readAllBytes();
    }
  }
}
