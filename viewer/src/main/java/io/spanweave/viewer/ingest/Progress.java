package io.spanweave.viewer.ingest;

/**
 * How far the reading of the run's parts is: parts and stored bytes done of how many, and what it
 * does now. {@code /api/status} reports it; {@link ReadProgress} keeps the current one.
 */
public record Progress(
    String phase, int partsDone, int partsTotal, long storedBytesDone, long storedBytesTotal) {}
