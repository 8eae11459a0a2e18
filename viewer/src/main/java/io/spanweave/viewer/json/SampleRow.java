package io.spanweave.viewer.json;

import java.util.Map;

/**
 * One sample, identified by its run and id together: a row of {@code /api/samples} and the head of
 * {@code /api/sample}. Values a sample's spans did not record are null.
 */
public record SampleRow(
    String id,
    String runId,
    String traceId,
    String status,
    String rolloutStatus,
    String group,
    String session,
    String task,
    Integer step,
    Double reward,
    Boolean filtered,
    String filterReason,
    String filterDecision,
    Boolean rewardPass,
    Boolean trainIncluded,
    String oversampleSource,
    String dropReason,
    String errorType,
    String errorMessage,
    String startUnixNano,
    double durationMs,
    Map<String, Double> stageMs) {}
