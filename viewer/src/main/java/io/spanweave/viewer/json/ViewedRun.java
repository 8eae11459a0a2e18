package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: the run the command line names (answered when a request names none)
 * and the tracing UI trace ids link to.
 *
 * @param service the service named, or null for any
 * @param runId the run named, or null for the newest
 * @param jaegerUrl Jaeger's UI, or null
 * @param zipkinUrl Zipkin's UI, or null
 */
public record ViewedRun(String service, String runId, String jaegerUrl, String zipkinUrl) {}
