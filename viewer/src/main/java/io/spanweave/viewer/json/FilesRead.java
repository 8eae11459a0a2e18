package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: the files the viewer reads (of the first run, when it reads
 * several).
 *
 * @param traceFile the trace file (the part being written)
 * @param traceFileExists whether it exists now
 * @param traceFileBytes its size, -1 when it does not exist
 * @param bytesRead decompressed bytes of lines read so far, over every part
 * @param liveFile the {@code live.jsonl} read for spans in flight, or null
 */
public record FilesRead(
    String traceFile,
    boolean traceFileExists,
    long traceFileBytes,
    long bytesRead,
    String liveFile) {}
