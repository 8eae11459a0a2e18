package io.spanweave.viewer.query;

import io.spanweave.viewer.ingest.LiveSpan;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The in-flight spans of one query, with lookups by sample and trace. */
final class LiveView {
  final List<LiveSpan> spans;

  /** Run and sample id of in-flight spans that name their run. */
  private final Set<String> samplesOfRuns = new HashSet<>();

  /** Sample ids of in-flight spans that name no run. */
  private final Set<String> samplesWithoutRun = new HashSet<>();

  final Set<String> traces = new HashSet<>();

  /**
   * @param shown what the query shows of the index, or null: an in-flight span whose own service or
   *     run does not match is still one of a trace the query shows (a worker's span in the driver's
   *     trace)
   */
  LiveView(List<LiveSpan> all, RunFilter runs, ShownRuns shown) {
    this.spans =
        all.stream()
            .filter(
                s ->
                    runs.matches(s.service(), s.runId())
                        || (shown != null && shown.traceHex(s.traceId())))
            .toList();
    for (LiveSpan s : spans) {
      if (s.sampleId() != null) {
        if (s.runId() == null) {
          samplesWithoutRun.add(s.sampleId());
        } else {
          samplesOfRuns.add(runAndSample(s.runId(), s.sampleId()));
        }
      }
      traces.add(s.traceId());
    }
  }

  /** Whether sample {@code id} of run {@code run} has a span in flight. */
  boolean hasSample(String run, String id) {
    return samplesWithoutRun.contains(id) || samplesOfRuns.contains(runAndSample(run, id));
  }

  /** Whether a live span is one of sample {@code id} of run {@code run}. */
  static boolean isOf(LiveSpan s, String run, String id) {
    return id.equals(s.sampleId()) && (s.runId() == null || s.runId().equals(run));
  }

  private static String runAndSample(String run, String id) {
    return (run == null ? "" : run) + '\u0000' + id;
  }
}
