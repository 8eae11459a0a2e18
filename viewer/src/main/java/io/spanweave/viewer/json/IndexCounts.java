package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: what the in-memory index holds.
 *
 * @param spans spans in it
 * @param traces traces they belong to
 * @param samples distinct samples they name
 * @param duplicateSpans spans read again (same trace and span id) and left out
 */
public record IndexCounts(int spans, int traces, int samples, long duplicateSpans) {}
