package io.spanweave.viewer.ingest;

import java.util.Map;

/**
 * A span that has started (per {@code live.jsonl}) and not ended yet; {@code attempt} is the
 * attempt of the run its process is in, 0 when its record names none.
 */
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
    Map<String, Object> attributes,
    int attempt) {}
