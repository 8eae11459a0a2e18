package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: the trace lines read.
 *
 * @param lines lines read, over every part
 * @param malformedLines lines that are not OTLP JSON (or another span format the viewer reads)
 * @param invalidSpans spans left out because their trace or span id is missing or not an id
 */
public record LineCounts(long lines, long malformedLines, long invalidSpans) {}
