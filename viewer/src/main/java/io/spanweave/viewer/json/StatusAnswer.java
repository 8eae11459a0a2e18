package io.spanweave.viewer.json;

/** {@code /api/status}: what has been read, how far, and the viewer's settings. */
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
    long version) {}
