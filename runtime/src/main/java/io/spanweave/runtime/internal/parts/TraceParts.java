package io.spanweave.runtime.internal.parts;

import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.Closeable;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;

/**
 * A run's {@code traces.jsonl} as the runtime writes it: one {@link JsonLinesFile} shared by the
 * exporter and the local collector, closed as a part at a size, and the {@link PartCompressor} that
 * compresses the closed parts, and the {@link PartSummaries} that summarise them for the viewer and
 * write the run manifest at close. Opening it also queues the recovery of what a killed process of
 * the same run left behind, and the summaries' catch-up on the parts earlier processes closed.
 */
public final class TraceParts implements Closeable {

  private final PartNames names;
  private final JsonLinesFile file;
  private final PartCompressor compressor;
  private final PartSummaries summaries;
  private final boolean closesLastPart;

  private TraceParts(
      PartNames names,
      JsonLinesFile file,
      PartCompressor compressor,
      PartSummaries summaries,
      boolean closesLastPart) {
    this.closesLastPart = closesLastPart;
    this.names = names;
    this.file = file;
    this.compressor = compressor;
    this.summaries = summaries;
  }

  /**
   * Opens the run's file for the process that owns it: {@link #open(Path, long, RunPartCodec,
   * boolean)} closing the last part at close.
   */
  public static TraceParts open(Path active, long maxBytes, RunPartCodec codec) throws IOException {
    return open(active, maxBytes, codec, true);
  }

  /**
   * @param maxBytes size at which the part being written is closed; 0 never closes it
   * @param codec how closed parts are compressed; {@code null} leaves them plain
   * @param closesLastPart whether {@link #close} closes the part being written as the last part of
   *     a run already in parts: for the process that owns the run's files, not for a worker that
   *     keeps a copy of its spans in them and closes while its driver still writes
   */
  public static TraceParts open(
      Path active, long maxBytes, RunPartCodec codec, boolean closesLastPart) throws IOException {
    PartNames names = new PartNames(active);
    PartSummaries summaries = maxBytes == 0 ? null : new PartSummaries(names);
    PartCompressor compressor = codec == null ? null : new PartCompressor(names, codec, summaries);
    JsonLinesFile file =
        JsonLinesFile.open(
            active,
            maxBytes == 0 ? null : new PartRotation(names, maxBytes, compressor, summaries));
    if (!names.listClosed().isEmpty()) {
      // This run was written before: finish what a killed process left, and name the summaries
      // of earlier processes' parts (summarising those that have none) for the manifest.
      if (compressor != null) {
        compressor.recoverLater();
      }
      if (summaries != null) {
        summaries.catchUpLater(compressor == null);
      }
    }
    return new TraceParts(names, file, compressor, summaries, closesLastPart);
  }

  public JsonLinesFile file() {
    return file;
  }

  /** Parts that stay plain because they could not be compressed; 0 without compression. */
  public long partsLeftPlain() {
    return compressor == null ? 0 : compressor.leftPlain();
  }

  /** Parts compressed so far. */
  public long partsCompressed() {
    return compressor == null ? 0 : compressor.compressed();
  }

  /** Summaries of closed parts written so far; 0 when the file is never closed as parts. */
  public long partsSummarised() {
    return summaries == null ? 0 : summaries.written();
  }

  /**
   * Closes the file, then gives the compressor at most {@code compressionWait} for the parts still
   * queued; those it does not reach stay plain (and readable). The summaries of the parts
   * compressed get what is left of the wait; then the run summary and the run manifest are written,
   * last.
   *
   * <p>A run already written in parts closes its part being written as a part too, so a viewer
   * opens the finished run from its run summary without parsing a part being written first; a run
   * that never reached a part's size keeps its one {@code traces.jsonl}.
   */
  public void close(Duration compressionWait) throws IOException {
    long start = System.nanoTime();
    boolean inParts;
    try {
      inParts = closesLastPart && summaries != null && !names.listClosed().isEmpty();
    } catch (IOException unlisted) {
      inParts = false; // the file is closed as it is
    }
    try {
      if (inParts) {
        file.closeAsPart();
      } else {
        file.close();
      }
    } finally {
      try {
        closeCompressor(compressionWait);
      } finally {
        if (summaries != null) {
          summaries.close(compressionWait.minusNanos(System.nanoTime() - start));
        }
      }
    }
  }

  private void closeCompressor(Duration compressionWait) {
    if (compressor != null) {
      long left = compressor.close(compressionWait);
      if (left > 0) {
        System.getLogger("io.spanweave")
            .log(
                System.Logger.Level.INFO,
                "spanweave: "
                    + left
                    + " closed parts of "
                    + file.path().getParent()
                    + " stay plain: the runtime closed before it compressed them. They read as "
                    + "they are; the next runtime that writes this run compresses them.");
      }
    }
  }

  /** Closes at once: closed parts not compressed yet stay plain. */
  @Override
  public void close() throws IOException {
    close(Duration.ZERO);
  }
}
