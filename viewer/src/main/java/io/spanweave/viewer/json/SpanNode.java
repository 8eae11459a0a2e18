package io.spanweave.viewer.json;

/** One span of a trace's tree, with how many children it has (they load when asked). */
public record SpanNode(
    String spanId,
    String parentSpanId,
    String name,
    String stage,
    String kind,
    String status,
    String errorType,
    double offsetMs,
    double durationMs,
    int childCount) {}
