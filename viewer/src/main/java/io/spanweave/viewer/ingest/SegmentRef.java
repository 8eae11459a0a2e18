package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.summary.SegmentSummary;

/** One segment of one part: what on-demand loading reads. */
public record SegmentRef(PartState part, SegmentSummary segment) {}
