package io.spanweave.runfiles.internal.summary;

import java.io.BufferedInputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutput;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

/**
 * A run's summary file: every step of the closed parts from the run's first part on, merged, so
 * that a viewer knows the steps, the timeline and the stage table of a long run from one file of a
 * few kilobytes per step instead of every part's summary (most of whose size is the trace and
 * sample hashes each segment keeps to find its traces). The runtime writes it when it closes the
 * run ({@link RunSummaryBuilder}), in {@link PartSummaryFile#DIRECTORY} beside the parts' summary
 * files, through a temporary name and an atomic rename.
 *
 * <p>It lists the parts it covers, each with the {@link PartSummaryFile.Check} of the part as it
 * was stored and the name of the part's own summary file: a viewer takes it only while every part
 * it covers is stored so and has that summary (which still tells it where each step's segments
 * are). Steps that the last parts covered may share with the parts after them are written open
 * (with their trace and sample hashes), so a trace split across the border counts once.
 *
 * <p>Layout: magic, version, segment size, the covered parts, spans, lines, malformed lines, kinds,
 * then step records each after a byte 1, and a byte 0 at the end. A step may have several records
 * (a step sealed and touched again later); a reader merges them.
 */
public final class RunSummaryFile {
  private static final int MAGIC = 0x53575253; // "SWRS"
  private static final int VERSION = 1;

  private RunSummaryFile() {}

  /** A part the run summary covers: its sequence, file name, check and own summary file. */
  public record CoveredPart(
      long sequence, String name, PartSummaryFile.Check check, String summary) {}

  /** One record of a step: whose, which, and its statistics. */
  public record Step(RunKey run, int step, StepStats stats) {}

  /** What a run summary file holds. */
  public record Contents(
      List<CoveredPart> parts,
      long spans,
      long lines,
      long malformedLines,
      Set<String> kinds,
      List<Step> steps) {}

  /** The file name of the run summary at this segment size. */
  public static String fileName(long segmentBytes) {
    return "run-" + Long.toHexString(segmentBytes) + ".summary";
  }

  /**
   * Reads a run summary file.
   *
   * @return its contents, or null when it is of another version or segment size
   * @throws java.nio.file.NoSuchFileException when there is none
   * @throws IOException when it is unreadable or cut short
   */
  public static Contents read(Path file, long segmentBytes) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    DataInput in = new BytesDataInput(bytes, bytes.length);
    List<CoveredPart> parts = parts(in, segmentBytes);
    if (parts == null) {
      return null;
    }
    long spans = in.readLong();
    long lines = in.readLong();
    long malformed = in.readLong();
    Set<String> kinds = new TreeSet<>();
    for (int k = in.readInt(); k > 0; k--) {
      kinds.add(in.readUTF());
    }
    List<Step> steps = new ArrayList<>();
    while (in.readBoolean()) {
      RunKey run = new RunKey(in.readUTF(), in.readUTF(), in.readInt());
      steps.add(new Step(run, in.readInt(), StepStats.read(in)));
    }
    return new Contents(parts, spans, lines, malformed, kinds, steps);
  }

  /**
   * Reads only the parts a run summary file covers (its first bytes), so that they can be checked
   * against the stored parts while the rest is decoded.
   *
   * @return the parts, or null when it is of another version or segment size
   * @throws java.nio.file.NoSuchFileException when there is none
   * @throws IOException when it is unreadable or cut short
   */
  public static List<CoveredPart> readParts(Path file, long segmentBytes) throws IOException {
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 1 << 16))) {
      return parts(in, segmentBytes);
    }
  }

  private static List<CoveredPart> parts(DataInput in, long segmentBytes) throws IOException {
    if (in.readInt() != MAGIC || in.readInt() != VERSION || in.readLong() != segmentBytes) {
      return null;
    }
    int n = in.readInt();
    List<CoveredPart> parts = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      parts.add(
          new CoveredPart(
              in.readLong(),
              in.readUTF(),
              new PartSummaryFile.Check(in.readLong(), in.readInt()),
              in.readUTF()));
    }
    return parts;
  }

  /** Writes the head: everything before the step records. */
  static void writeHead(
      DataOutput out,
      long segmentBytes,
      List<CoveredPart> parts,
      long spans,
      long lines,
      long malformedLines,
      Set<String> kinds)
      throws IOException {
    out.writeInt(MAGIC);
    out.writeInt(VERSION);
    out.writeLong(segmentBytes);
    out.writeInt(parts.size());
    for (CoveredPart p : parts) {
      out.writeLong(p.sequence());
      out.writeUTF(p.name());
      out.writeLong(p.check().storedBytes());
      out.writeInt(p.check().tailCrc());
      out.writeUTF(p.summary());
    }
    out.writeLong(spans);
    out.writeLong(lines);
    out.writeLong(malformedLines);
    out.writeInt(kinds.size());
    for (String kind : kinds) {
      out.writeUTF(kind);
    }
  }

  /** Writes one step record, after the byte that says one follows. */
  static void writeStep(DataOutput out, RunKey run, int step, StepStats stats) throws IOException {
    out.writeBoolean(true);
    out.writeUTF(run.service());
    out.writeUTF(run.runId());
    out.writeInt(run.attempt());
    out.writeInt(step);
    stats.write(out);
  }

  /** Ends the step records. */
  static void writeEnd(DataOutput out) throws IOException {
    out.writeBoolean(false);
  }
}
