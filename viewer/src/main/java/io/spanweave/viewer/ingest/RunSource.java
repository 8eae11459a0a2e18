package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.PartCatalog;
import java.nio.file.Path;

/**
 * One run's trace file and its parts, as the viewer follows them: the catalog of its parts, the
 * follower of the part being written and of the run's {@code live.jsonl}, and the state of the part
 * being written now. A viewer reads one or several (two runs to compare, or every run folder of an
 * output directory).
 */
final class RunSource {
  final PartCatalog catalog;
  final JsonlFollower traces;
  final JsonlFollower live;
  final SummaryCache cache;
  PartState livePart;
  long lastRelist;

  RunSource(PartCatalog catalog, JsonlFollower traces, JsonlFollower live, SummaryCache cache) {
    this.catalog = catalog;
    this.traces = traces;
    this.live = live;
    this.cache = cache;
  }

  Path traceFile() {
    return catalog.liveFile();
  }
}
