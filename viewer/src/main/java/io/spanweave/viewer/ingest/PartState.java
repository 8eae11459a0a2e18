package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.spi.SeekPoint;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.TreeMap;

/**
 * What the viewer knows of one part of the run: where it is now (a part is renamed when rotated and
 * replaced by its compressed copy later; its identity is the fingerprint of its first bytes), the
 * summaries of its segments, where its codec can start reading, which segments are in the newest
 * spans held in memory, and whether it was read to its end or why not.
 *
 * <p>Written by the ingest thread, read by HTTP threads: every method is synchronized.
 */
public final class PartState {
  private static final java.util.concurrent.atomic.AtomicLong IDS =
      new java.util.concurrent.atomic.AtomicLong();
  private final long id = IDS.incrementAndGet();
  private Part part;
  private long fingerprint;
  private final TreeMap<Integer, SegmentSummary> segments = new TreeMap<>();
  private final List<SeekPoint> seekPoints = new ArrayList<>(List.of(SeekPoint.START));
  private final BitSet inMemory = new BitSet();
  private final BitSet notInMemory = new BitSet();
  private boolean complete;
  private boolean fromCache;
  private boolean summarisedOnly;
  private String problem;
  private long decodedBytes;

  PartState(Part part, long fingerprint) {
    this.part = part;
    this.fingerprint = fingerprint;
  }

  /** Tells this part apart from every other one this JVM has seen, whatever its name. */
  public long id() {
    return id;
  }

  public synchronized Part part() {
    return part;
  }

  synchronized void movedTo(Part now) {
    this.part = now;
  }

  /**
   * Hash of the part's first decompressed bytes; 0 for the live part while it is too short to tell.
   */
  public synchronized long fingerprint() {
    return fingerprint;
  }

  synchronized void identify(long fingerprint) {
    this.fingerprint = fingerprint;
  }

  synchronized SegmentSummary segment(int index) {
    return segments.computeIfAbsent(index, SegmentSummary::new);
  }

  synchronized void putSegment(SegmentSummary summary) {
    segments.put(summary.index(), summary);
  }

  /** Its segments in order. */
  public synchronized List<SegmentSummary> segments() {
    return new ArrayList<>(segments.values());
  }

  synchronized void addSeekPoints(List<SeekPoint> points) {
    for (SeekPoint p : points) {
      if (p.offset() > seekPoints.get(seekPoints.size() - 1).offset()) {
        seekPoints.add(p);
      }
    }
  }

  synchronized List<SeekPoint> seekPoints() {
    return List.copyOf(seekPoints);
  }

  /** The last place the codec can start reading at or before {@code offset}. */
  public synchronized SeekPoint seekPointBefore(long offset) {
    SeekPoint best = SeekPoint.START;
    for (SeekPoint p : seekPoints) {
      if (p.offset() <= offset) {
        best = p;
      }
    }
    return best;
  }

  synchronized void markInMemory(int segment, boolean indexed) {
    (indexed ? inMemory : notInMemory).set(segment);
  }

  /**
   * Whether all of the segment's lines read so far are in the in-memory index of the newest spans.
   */
  public synchronized boolean inMemory(int segment) {
    return inMemory.get(segment) && !notInMemory.get(segment);
  }

  /** Whether any of the part's spans went into the in-memory index. */
  synchronized boolean anyInMemory() {
    return !inMemory.isEmpty();
  }

  synchronized void forgetInMemory() {
    inMemory.clear();
    notInMemory.clear();
  }

  /** Whether every line of the part was read (closed parts), or its summary came from the cache. */
  public synchronized boolean complete() {
    return complete;
  }

  synchronized void completed(boolean fromCache) {
    this.complete = true;
    this.fromCache = fromCache;
  }

  public synchronized boolean fromCache() {
    return fromCache;
  }

  /**
   * Whether its summaries came from a file and not all its spans have been read into the in-memory
   * index: lines read from it now go into the index only, and while any part is so, the index does
   * not hold every span.
   */
  public synchronized boolean summarisedOnly() {
    return summarisedOnly;
  }

  synchronized void summarisedOnly(boolean summarisedOnly) {
    this.summarisedOnly = summarisedOnly;
  }

  /** Why some or all of it could not be read (damaged, deleted, no codec), or null. */
  public synchronized String problem() {
    return problem;
  }

  synchronized void problem(String problem) {
    this.problem = problem;
  }

  public synchronized long decodedBytes() {
    return decodedBytes;
  }

  synchronized void decoded(long bytes) {
    decodedBytes += bytes;
  }
}
