package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/traces}: a page of traces, newest first. */
public record TracesAnswer(
    int total, int offset, int limit, List<String> terms, List<TraceRow> traces) {}
