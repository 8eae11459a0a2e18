package io.spanweave.viewer.json;

/** One trace: a row of {@code /api/traces} and the head of {@code /api/trace}. */
public record TraceRow(
    String traceId,
    String rootName,
    String rootSpanId,
    String rootKind,
    String status,
    int spans,
    int errors,
    Integer step,
    String sample,
    String service,
    String runId,
    String startUnixNano,
    double durationMs) {}
