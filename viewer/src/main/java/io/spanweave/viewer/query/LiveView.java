package io.spanweave.viewer.query;

import io.spanweave.viewer.ingest.LiveSpan;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

/** The in-flight spans of one query, with lookups by sample and trace. */
final class LiveView {
  final List<LiveSpan> spans;
  final Set<String> samples = new HashSet<>();
  final Set<String> traces = new HashSet<>();

  LiveView(List<LiveSpan> all, RunFilter runs) {
    this.spans = all.stream().filter(s -> runs.matches(s.service(), s.runId())).toList();
    for (LiveSpan s : spans) {
      if (s.sampleId() != null) {
        samples.add(s.sampleId());
      }
      traces.add(s.traceId());
    }
  }
}
