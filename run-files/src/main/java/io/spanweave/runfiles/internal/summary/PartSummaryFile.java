package io.spanweave.runfiles.internal.summary;

import io.spanweave.runfiles.internal.parts.PartFingerprint;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.BufferedInputStream;
import java.io.BufferedOutputStream;
import java.io.DataInput;
import java.io.DataInputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32C;

/**
 * A closed part's summary file: the one reader and writer of it, for the runtime (which writes one
 * when it closes a part) and the viewer (which writes one for a part nobody summarised, and reads
 * both). The file lives in {@value #DIRECTORY} beside the parts, is named by the part's fingerprint
 * and the segment size, and holds (not compressed: inflating was most of the cost of opening a long
 * run from its summaries, for a file a sixth smaller): magic, version, fingerprint, segment size,
 * the part's stored size and the checksum of its stored tail ({@link Check}), its decoded bytes,
 * its seek points and its sealed segments. It is written through a temporary name and an atomic
 * rename, so a reader never sees half a file. The temporary name ends in {@code
 * .tmp-<pid>-<thread>}, so that one left by a process that died can be told from one being written
 * ({@link StaleTemporaries}).
 */
public final class PartSummaryFile {
  /** The directory beside the parts where summaries are kept. */
  public static final String DIRECTORY = ".spanweave-viewer";

  /** 8 MiB: a step of a thousand samples of ten spans is one or two segments. */
  public static final long DEFAULT_SEGMENT_BYTES = 8L << 20;

  /** Stored bytes at the end of a part that its checksum covers. */
  static final int CHECKED_TAIL = 64 << 10;

  private static final int MAGIC = 0x53575653; // "SWVS"

  /**
   * 3: cells per attempt of a run (RunKey.attempt); 4: the part's stored size and tail checksum; 5:
   * not deflated; 6: a duration sketch's bucket counts in seven-bit groups ({@link VarInts}); 7: a
   * segment's steps before its cells, its cells after their length (a reader may skip them).
   */
  private static final int VERSION = 7;

  private PartSummaryFile() {}

  /**
   * What ties a summary to the stored part it was made from: the part's size and the CRC32C of its
   * last {@value #CHECKED_TAIL} stored bytes. Parts are written by appending, and a compressed part
   * ends with its codec's trailer (gzip's CRC32 and length of the whole content), so a part
   * replaced, compressed, cut short or grown changes one of the two; reading 64 KiB costs a part of
   * hundreds of megabytes nothing worth counting, where a checksum of all of it would cost as much
   * as reading it.
   */
  public record Check(long storedBytes, int tailCrc) {
    /** The check of the part at {@code path} as it is now. */
    public static Check of(Path path) throws IOException {
      try (FileChannel channel = FileChannel.open(path, StandardOpenOption.READ)) {
        long size = channel.size();
        int n = (int) Math.min(CHECKED_TAIL, size);
        ByteBuffer tail = ByteBuffer.allocate(n);
        while (tail.hasRemaining()) {
          if (channel.read(tail, size - n + tail.position()) < 0) {
            throw new IOException(path + " shrank while it was checked");
          }
        }
        tail.flip();
        CRC32C crc = new CRC32C();
        crc.update(tail);
        return new Check(size, (int) crc.getValue());
      }
    }
  }

  /** A part's summary: its check, decompressed length, where its codec can start, its segments. */
  public record Contents(
      Check check, long decodedBytes, List<SeekPoint> seekPoints, List<SegmentSummary> segments) {}

  /** The file name of the summary of the part with this fingerprint, at this segment size. */
  public static String fileName(long fingerprint, long segmentBytes) {
    return "part-"
        + Long.toHexString(fingerprint)
        + "-"
        + Long.toHexString(segmentBytes)
        + ".summary";
  }

  /** The summary directory of the run whose parts lie in {@code partsDir}. */
  public static Path directoryOf(Path partsDir) {
    return partsDir.resolve(DIRECTORY);
  }

  /**
   * Reads a summary file.
   *
   * @return its contents, or null when it is of another version, fingerprint or segment size
   * @throws java.nio.file.NoSuchFileException when there is none
   * @throws IOException when it is unreadable or cut short
   */
  public static Contents read(Path file, long fingerprint, long segmentBytes) throws IOException {
    return read(file, fingerprint, segmentBytes, true);
  }

  /**
   * Reads a summary file as {@link #read(Path, long, long)} does; without {@code cells} its
   * segments come compacted, their cells skipped unread: for a part whose steps a {@link
   * RunSummaryFile} holds, where only the segments' places, steps and Bloom filters are needed.
   */
  public static Contents read(Path file, long fingerprint, long segmentBytes, boolean cells)
      throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    DataInput in = new BytesDataInput(bytes, bytes.length);
    Check check = head(in, fingerprint, segmentBytes);
    if (check == null) {
      return null;
    }
    long decoded = in.readLong();
    int points = in.readInt();
    List<SeekPoint> seekPoints = new ArrayList<>(points);
    for (int k = 0; k < points; k++) {
      seekPoints.add(new SeekPoint(in.readLong(), in.readLong()));
    }
    int n = in.readInt();
    List<SegmentSummary> segments = new ArrayList<>(n);
    for (int k = 0; k < n; k++) {
      segments.add(cells ? SummaryFiles.readSegment(in) : SummaryFiles.readSegmentWithoutCells(in));
    }
    return new Contents(check, decoded, seekPoints, segments);
  }

  /**
   * A summary file's head: the check of the part it was made from, or null when it is of another
   * version, fingerprint or segment size.
   */
  private static Check head(DataInput in, long fingerprint, long segmentBytes) throws IOException {
    if (in.readInt() != MAGIC
        || in.readInt() != VERSION
        || in.readLong() != fingerprint
        || in.readLong() != segmentBytes) {
      return null;
    }
    return new Check(in.readLong(), in.readInt());
  }

  /**
   * The check recorded in the head of the summary file {@code file} (for a reader that knows the
   * file but not the part's fingerprint: a {@link RunSummaryFile} names its parts' summary files).
   *
   * @return the check, or null when there is no such file or it is of another version or segment
   *     size, or unreadable
   */
  public static Check recordedCheck(Path file, long segmentBytes) {
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 64))) {
      if (in.readInt() != MAGIC || in.readInt() != VERSION) {
        return null;
      }
      long fingerprint = in.readLong();
      return in.readLong() == segmentBytes && fingerprint != 0
          ? new Check(in.readLong(), in.readInt())
          : null;
    } catch (IOException unreadable) {
      return null;
    }
  }

  /**
   * The summary file in {@code dir} of the closed part stored at {@code part} with {@code codec},
   * when there is one for this segment size that still matches the part (its stored size and tail
   * checksum, as the viewer checks before it trusts one); reads only the file's head.
   *
   * @return the file with the part's fingerprint and check, or null when there is none, it is of
   *     another version or unreadable, or it was made from another form of the part
   * @throws IOException when the part cannot be read (deleted, renamed by its compression)
   */
  public static Match matching(Path dir, Path part, RunPartCodec codec, long segmentBytes)
      throws IOException {
    long fingerprint;
    try (FileChannel channel = FileChannel.open(part, StandardOpenOption.READ)) {
      fingerprint = PartFingerprint.of(channel, codec, true);
    }
    if (fingerprint == 0) {
      return null;
    }
    Path file = dir.resolve(fileName(fingerprint, segmentBytes));
    Check recorded;
    try (InputStream raw = Files.newInputStream(file);
        DataInputStream in = new DataInputStream(new BufferedInputStream(raw, 64))) {
      recorded = head(in, fingerprint, segmentBytes);
      if (recorded == null) {
        return null;
      }
    } catch (NoSuchFileException absent) {
      return null;
    } catch (IOException unreadable) {
      return null; // cut short or not a summary: whoever summarises the part next replaces it
    }
    return recorded.equals(Check.of(part)) ? new Match(file, fingerprint, recorded) : null;
  }

  /** A summary file that matches a part: the file, the part's fingerprint and check. */
  public record Match(Path file, long fingerprint, Check check) {}

  /**
   * Writes a closed part's summary (all its segments sealed, none compacted yet) into {@code dir}
   * (created when missing) under {@link #fileName}, through a temporary file and an atomic rename.
   *
   * @return the file written
   */
  public static Path write(Path dir, long fingerprint, long segmentBytes, Contents contents)
      throws IOException {
    Path file = dir.resolve(fileName(fingerprint, segmentBytes));
    Path temporary =
        file.resolveSibling(
            file.getFileName()
                + ".tmp-"
                + ProcessHandle.current().pid()
                + "-"
                + Thread.currentThread().getId());
    Files.createDirectories(dir);
    try {
      try (OutputStream raw = Files.newOutputStream(temporary);
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16))) {
        out.writeInt(MAGIC);
        out.writeInt(VERSION);
        out.writeLong(fingerprint);
        out.writeLong(segmentBytes);
        out.writeLong(contents.check().storedBytes());
        out.writeInt(contents.check().tailCrc());
        out.writeLong(contents.decodedBytes());
        out.writeInt(contents.seekPoints().size());
        for (SeekPoint p : contents.seekPoints()) {
          out.writeLong(p.storedOffset());
          out.writeLong(p.offset());
        }
        out.writeInt(contents.segments().size());
        for (SegmentSummary s : contents.segments()) {
          SummaryFiles.writeSegment(s, out);
        }
      }
      TemporaryFiles.moveIntoPlace(temporary, file);
      return file;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }
}
