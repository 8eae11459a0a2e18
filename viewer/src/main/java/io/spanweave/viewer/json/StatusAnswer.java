package io.spanweave.viewer.json;

/**
 * {@code /api/status}: what has been read, how far, and the viewer's settings.
 *
 * @param source {@code file}, or {@code zipkin} when the spans come from a Zipkin server
 * @param backendUrl that server's URL
 * @param backendSpans spans fetched from it so far
 * @param backendPolls queries made so far
 * @param backendError why the last query failed, null when it succeeded
 * @param reading how far the run's parts are read, and what could not be
 * @param guardrails what the runtime's guardrails took out of the run's spans; null when the run's
 *     folder has no report of them (a run of an older runtime, or spans from elsewhere)
 */
public record StatusAnswer(
    int spans,
    int traces,
    int samples,
    long duplicateSpans,
    String traceFile,
    boolean traceFileExists,
    long traceFileBytes,
    long bytesRead,
    String liveFile,
    boolean loading,
    long initialLoadMillis,
    long lines,
    long malformedLines,
    long invalidSpans,
    long liveMalformedLines,
    int inFlight,
    String lastError,
    String service,
    String runId,
    String jaegerUrl,
    String zipkinUrl,
    long version,
    String source,
    String backendUrl,
    long backendSpans,
    long backendPolls,
    String backendError,
    ReadingStatus reading,
    GuardrailStatus guardrails) {}
