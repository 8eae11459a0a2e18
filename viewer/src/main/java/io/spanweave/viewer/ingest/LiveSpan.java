package io.spanweave.viewer.ingest;

import java.util.Map;

/** A span that has started (per {@code live.jsonl}) and not ended yet. */
public record LiveSpan(
    String traceId,
    String spanId,
    String parentSpanId,
    String name,
    String stage,
    long startTimeUnixNano,
    String sampleId,
    String runId,
    String service,
    Object pid,
    Map<String, Object> attributes) {}
