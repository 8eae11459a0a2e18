package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;

/**
 * The reading's {@link Progress} as the first pass, the relisting of a run's folder and the
 * following change it. Written by the ingest thread only, read by any (the status).
 */
final class ReadProgress {
  private volatile Progress current = new Progress("waiting for the trace file", 0, 0, 0, 0);

  Progress current() {
    return current;
  }

  /**
   * The first pass listed {@code parts} more parts of {@code storedBytes} and reads the newest
   * first.
   */
  void listed(int parts, long storedBytes) {
    Progress p = current;
    current =
        new Progress(
            "reading the newest spans",
            p.partsDone(),
            p.partsTotal() + parts,
            p.storedBytesDone(),
            p.storedBytesTotal() + storedBytes);
  }

  /**
   * The first pass read a part; once the in-memory index is full, older parts are only summarised.
   */
  void partDone(Part part, boolean memoryFull) {
    Progress p = current;
    current =
        new Progress(
            memoryFull ? "summarising older parts" : "reading the newest spans",
            p.partsDone() + 1,
            p.partsTotal(),
            p.storedBytesDone() + FileFacts.sizeOrZero(part.path()),
            p.storedBytesTotal());
  }

  /** A part that appeared after the first pass listed the folder was read. */
  void partAppeared(Part part) {
    Progress p = current;
    long size = FileFacts.sizeOrZero(part.path());
    current =
        new Progress(
            p.phase(),
            p.partsDone() + 1,
            p.partsTotal() + 1,
            p.storedBytesDone() + size,
            p.storedBytesTotal() + size);
  }

  /** The first pass is over: what is read now is appended to the run. */
  void following() {
    Progress p = current;
    current =
        new Progress(
            "following", p.partsDone(), p.partsTotal(), p.storedBytesDone(), p.storedBytesTotal());
  }
}
