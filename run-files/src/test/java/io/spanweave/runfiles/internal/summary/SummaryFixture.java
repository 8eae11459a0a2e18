package io.spanweave.runfiles.internal.summary;

import io.spanweave.runfiles.spi.SeekPoint;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;

/**
 * One segment summary with every kind of content: two runs and attempts, steps, stages, errors,
 * metrics, LLM calls.
 */
final class SummaryFixture {
  private SummaryFixture() {}

  static SegmentSummary segment() {
    SegmentSummary s = new SegmentSummary(3);
    s.seekFrom(new SeekPoint(1234, 25_165_824));
    RunKey first = new RunKey("driver", "run-a");
    RunKey resumed = new RunKey("driver", "run-a", 2);
    RunKey worker = new RunKey("worker", "");
    long offset = 25_165_900;
    for (int k = 0; k < 40; k++) {
      RunKey run = k % 3 == 0 ? first : k % 3 == 1 ? resumed : worker;
      int step = k % 5 == 4 ? Integer.MIN_VALUE : k % 4;
      int trace = StepStats.hash("trace-" + (k / 2));
      int sample = k % 7 == 6 ? 0 : StepStats.hash("run-a/sample-" + (k % 6));
      long start = 1_700_000_000_000_000_000L + k * 1_000_003L;
      long end = start + 1_000_000L * (k % 9 + 1);
      boolean error = k % 8 == 5;
      StepStats stats = s.cell(run, step);
      String stage = k % 3 == 0 ? "generate" : k % 3 == 1 ? "judge" : "reward";
      stats.addSpan(stage, start, end, error, error ? "TimeoutError" : null, trace, sample);
      stats.addMetric("numTokens", 100 + k);
      stats.addMetric("reward", k * 0.25 - 3);
      if (k % 4 == 1) {
        stats.addLlmCall(
            end - start, error, 10 * k, k % 5 == 0 ? -1 : 3 * k, k % 3 == 0 ? -1 : 50_000L * k);
      }
      if (k == 11) {
        stats.addTimedOutSample(StepStats.hash("run-a/sample-late"));
      }
      if (k == 17) {
        stats.addFailedSample(StepStats.hash("run-a/sample-broken"));
      }
      s.place(offset, 700 + k, trace, sample, start, end, k % 2 == 0 ? "INTERNAL" : "CLIENT");
      if (k % 3 != 2) {
        offset += 700 + k + 1; // every third span shares its line with the one before
      }
    }
    s.malformed(2);
    s.forEachCell((run, step, stats) -> stats.seal());
    s.seal();
    return s;
  }

  static byte[] bytes(SegmentSummary s) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      SummaryFiles.writeSegment(s, out);
    }
    return bytes.toByteArray();
  }
}
