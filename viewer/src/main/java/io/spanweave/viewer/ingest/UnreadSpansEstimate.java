package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.RunSummary;

/**
 * Roughly how many spans the parts not read yet hold, which {@link TraceIngest} asks once, when the
 * in-memory index is half full, to tell whether the rest of the run fits too: the listed parts'
 * bytes (the compressed ones decompressed at the ratio the compressed parts read so far had, gzip
 * level 1's 14 before any), less the bytes read, at the bytes a span the spans read so far took.
 *
 * <p>Used by the ingest thread only.
 */
final class UnreadSpansEstimate {
  private final RunSummary summary;
  private final TraceIngest traceIngest;

  /** Stored and decompressed bytes of the compressed parts read so far: their ratio. */
  private long compressedStored;

  private long compressedDecoded;

  /** Stored bytes of the plain and of the compressed parts listed by the first pass. */
  private long plainListed;

  private long compressedListed;

  /** Decompressed bytes of the parts whose summaries were taken from files. */
  private long summarisedBytes;

  UnreadSpansEstimate(RunSummary summary, TraceIngest traceIngest) {
    this.summary = summary;
    this.traceIngest = traceIngest;
  }

  /** The first pass listed a part (read or not, it counts towards the run's bytes). */
  void listed(Part part) {
    if (part.compressed()) {
      compressedListed += FileFacts.sizeOrZero(part.path());
    } else {
      plainListed += FileFacts.sizeOrZero(part.path());
    }
  }

  /** A closed part was read, {@code decodedBytes} of lines out of it. */
  void read(Part part, long decodedBytes) {
    if (part.compressed()) {
      compressedStored += FileFacts.sizeOrZero(part.path());
      compressedDecoded += decodedBytes;
    }
  }

  /**
   * A closed part's summary was taken from its file: {@code decodedBytes} of lines the summaries
   * hold, not read into the index yet.
   */
  void summaryTaken(Part part, long decodedBytes) {
    read(part, decodedBytes);
    summarisedBytes += decodedBytes;
  }

  /** Spans not read into the index yet, roughly. */
  long spans() {
    double ratio = compressedStored > 0 ? (double) compressedDecoded / compressedStored : 14;
    long spans = summary.read(v -> v.spans());
    // The summaries' spans came from the lines parsed into them and from summary files.
    long summarised = traceIngest.bytes() - traceIngest.indexOnlyBytes() + summarisedBytes;
    double bytesPerSpan = spans > 0 ? (double) summarised / spans : 600;
    double unread = plainListed + compressedListed * ratio - traceIngest.bytes();
    return (long) (Math.max(0, unread) / Math.max(1, bytesPerSpan));
  }
}
