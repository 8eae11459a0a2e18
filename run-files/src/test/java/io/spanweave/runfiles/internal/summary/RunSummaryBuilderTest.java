package io.spanweave.runfiles.internal.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run summary holds what merging every part's summary in the order of the parts holds: the same
 * steps with the same counts, a trace split across two parts counted once, a step touched again
 * after it was sealed counted whole. While it is built only the open steps stay in memory.
 */
class RunSummaryBuilderTest {
  private static final long SEGMENT = 1 << 20;
  private static final RunKey RUN = new RunKey("driver", "run-a");

  @TempDir Path dir;

  /**
   * Part {@code p} of a run where step s has spans in parts s and s+1 (so every step spans a
   * border), each trace of a step in both; part 6 also holds a late span of step 1.
   */
  private static List<SegmentSummary> part(int p) {
    SegmentSummary s = new SegmentSummary(0);
    long offset = 0;
    for (int step = p - 1; step <= p; step++) {
      if (step < 1) {
        continue;
      }
      for (int k = 0; k < 20; k++) {
        String trace = "t-" + step + "-" + k;
        addSpan(s, step, trace, "s-" + step + "-" + (k % 5), p * 1_000 + k, offset);
        offset += 500;
      }
    }
    if (p == 6) {
      addSpan(s, 1, "t-1-late", "s-1-late", 9_999, offset);
    }
    s.seal();
    return List.of(s);
  }

  private static void addSpan(
      SegmentSummary s, int step, String trace, String sample, long start, long offset) {
    int traceHash = StepStats.hash(trace);
    int sampleHash = StepStats.hash(sample);
    String stage = trace.hashCode() % 2 == 0 ? "generate" : "judge";
    boolean error = trace.endsWith("-3");
    s.cell(RUN, step)
        .addSpan(stage, start, start + 1_000 + offset % 7_000, error, "E", traceHash, sampleHash);
    s.place(offset, 400, traceHash, sampleHash, start, start + 1_000, "INTERNAL");
  }

  private RunSummaryFile.CoveredPart covered(int p) {
    return new RunSummaryFile.CoveredPart(
        p, "traces-00000" + p + ".jsonl.gz", new PartSummaryFile.Check(100 + p, p), "part-" + p);
  }

  @Test
  void theRunSummaryHoldsWhatMergingThePartsInOrderHolds() throws IOException {
    RunSummary direct = new RunSummary();
    Path file;
    try (RunSummaryBuilder builder = new RunSummaryBuilder(dir, SEGMENT)) {
      for (int p = 1; p <= 8; p++) {
        for (SegmentSummary s : part(p)) {
          direct.add(s, p);
        }
        direct.sealUntouchedSince(p - 1);
        builder.add(covered(p), part(p));
      }
      List<RunSummaryFile.CoveredPart> parts = new ArrayList<>();
      for (int p = 1; p <= 8; p++) {
        parts.add(covered(p));
      }
      file = builder.write(parts);
    }
    assertThat(file.getFileName().toString()).isEqualTo("run-100000.summary");
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).containsExactly(file); // the log of sealed steps is gone
    }

    RunSummaryFile.Contents read = RunSummaryFile.read(file, SEGMENT);
    assertThat(read.parts()).extracting(RunSummaryFile.CoveredPart::sequence).hasSize(8);
    assertThat(read.parts().get(7)).isEqualTo(covered(8));
    // Step 1 was sealed after part 3 and touched again by part 6: two records, merged on reading.
    assertThat(read.steps().stream().filter(s -> s.step() == 1)).hasSize(2);
    RunSummary fromFile = new RunSummary();
    for (RunSummaryFile.Step s : read.steps()) {
      fromFile.addStep(s.run(), s.step(), s.stats(), RunSummary.LIVE_PASS);
    }
    fromFile.addLines(read.lines(), read.malformedLines(), read.kinds());

    assertThat(figures(fromFile)).isEqualTo(figures(direct));
    assertThat(figures(fromFile).get(4)).startsWith("spans 40 traces 20 errorTraces 1 samples 5");
    assertThat(fromFile.read(RunSummary.View::lines))
        .isEqualTo(direct.read(RunSummary.View::lines));
    assertThat(fromFile.read(RunSummary.View::kinds)).containsExactly("INTERNAL");
    // The steps the last two parts touched are open: a part read after them shares their traces.
    assertThat(read.steps().stream().filter(s -> s.stats().open()).map(RunSummaryFile.Step::step))
        .containsExactlyInAnyOrder(6, 7, 8);
  }

  @Test
  void onlyTheOpenStepsStayInMemoryWhileTheRunIsLong() throws IOException {
    try (RunSummaryBuilder builder = new RunSummaryBuilder(dir, SEGMENT)) {
      for (int p = 1; p <= 30; p++) {
        builder.add(covered(p), part(p));
      }
      Path log;
      try (Stream<Path> files = Files.list(dir)) {
        log = files.filter(f -> f.getFileName().toString().contains(".log.tmp-")).findFirst().get();
      }
      // 30 parts of two steps each: the 27 steps no longer touched are in the log, not held.
      assertThat(RunSummaryFile.read(log, SEGMENT)).isNull(); // a log has no head: not a summary
      assertThat(Files.size(log)).isGreaterThan(27 * 100L);
      assertThatThrownBy(() -> builder.write(List.of(covered(1))))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("1 parts listed for a run summary of 30");
    }
    try (Stream<Path> files = Files.list(dir)) {
      assertThat(files).isEmpty();
    }
  }

  @Test
  void aFileOfAnotherSegmentSizeOrCutShortIsNotARunSummary() throws IOException {
    Path file;
    try (RunSummaryBuilder builder = new RunSummaryBuilder(dir, SEGMENT)) {
      builder.add(covered(1), part(1));
      file = builder.write(List.of(covered(1)));
    }
    assertThat(RunSummaryFile.read(file, SEGMENT * 2)).isNull();
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, java.util.Arrays.copyOf(whole, whole.length - 1));
    assertThatThrownBy(() -> RunSummaryFile.read(file, SEGMENT)).isInstanceOf(IOException.class);
  }

  /** Each step's figures as text, by step. */
  private static Map<Integer, String> figures(RunSummary summary) {
    return summary.read(
        v -> {
          Map<Integer, String> out = new TreeMap<>();
          v.steps()
              .get(RUN)
              .forEach(
                  (step, s) ->
                      out.put(
                          step,
                          "spans "
                              + s.spans()
                              + " traces "
                              + s.traces()
                              + " errorTraces "
                              + s.errorTraces()
                              + " samples "
                              + s.samples()
                              + " errorSamples "
                              + s.errorSamples()
                              + " start "
                              + s.startUnixNano()
                              + " stages "
                              + stages(s)));
          return out;
        });
  }

  private static String stages(StepStats s) {
    StringBuilder out = new StringBuilder();
    s.stages()
        .forEach(
            (name, st) ->
                out.append(name)
                    .append(' ')
                    .append(st.count())
                    .append(' ')
                    .append(st.errors())
                    .append(' ')
                    .append(st.durations().percentile(50))
                    .append(' ')
                    .append(st.durations().percentile(99))
                    .append(';'));
    return out.toString();
  }
}
