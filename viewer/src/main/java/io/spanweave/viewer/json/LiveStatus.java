package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: the live file's spans in flight.
 *
 * @param liveMalformedLines live records that could not be read
 * @param inFlight spans started and not ended whose process still runs
 */
public record LiveStatus(long liveMalformedLines, int inFlight) {}
