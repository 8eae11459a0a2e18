package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.attribute.BasicFileAttributes;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.TreeMap;

/**
 * Reads every complete line of a run's parts in order: the closed parts by sequence, then the part
 * being written. It survives what a run being written does meanwhile: a part renamed or compressed
 * (and its plain file deleted) between listing and reading is looked up again; the part being
 * written that is closed while being read is continued in its closed file from the byte it had
 * reached; a part deleted before it is opened, or a compressed part cut short, costs only what
 * cannot be read, and says so in {@link Outcome#skipped()}. The last line of the part being
 * written, not yet ended by a newline, is not a line yet and is left for the next read.
 */
public final class PartReader {

  /** Receives each line. */
  public interface LineHandler {
    void line(Part part, long lineNumber, String line) throws IOException;
  }

  /**
   * What a read found: parts read, lines handed over, and a sentence for each part or rest of a
   * part skipped.
   */
  public record Outcome(int parts, long lines, List<String> skipped) {}

  private static final int MAX_PASSES = 10_000;

  private final PartCatalog catalog;
  private final LineHandler handler;
  private final List<String> skipped = new ArrayList<>();
  private int parts;
  private long lines;

  private PartReader(PartCatalog catalog, LineHandler handler) {
    this.catalog = catalog;
    this.handler = handler;
  }

  /**
   * Every part of the run whose part being written is {@code active}, in reading order: the
   * writer's closed parts ({@link PartCatalog}), then the part being written ({@link Part#LIVE});
   * the file of a part both plain and compressed is the plain one ({@link Part#plainFirst()}).
   * Files other tools rotated are not the writer's parts and are left out.
   */
  public static List<Part> list(Path active) throws IOException {
    PartCatalog catalog = new PartCatalog(active);
    List<Part> found = new ArrayList<>(closedParts(catalog, 0).values());
    if (Files.exists(catalog.liveFile())) {
      found.add(live(catalog));
    }
    return found;
  }

  /** The decompressed bytes of one part. */
  public static InputStream open(Part part) throws IOException {
    RunPartCodec codec = part.codec();
    if (codec == null) {
      throw new IOException(
          part.path()
              + " is compressed with a codec that is not on the class path (."
              + part.extension()
              + "); add the module that provides it");
    }
    InputStream in = Files.newInputStream(part.path());
    try {
      return codec.decompressing(in);
    } catch (IOException | RuntimeException e) {
      in.close();
      throw e;
    }
  }

  /** Hands every complete line of the run to {@code handler}, in order; see the class comment. */
  public static Outcome read(Path active, LineHandler handler) throws IOException {
    PartReader reader = new PartReader(new PartCatalog(active), handler);
    reader.readAll();
    return new Outcome(reader.parts, reader.lines, List.copyOf(reader.skipped));
  }

  private static Part live(PartCatalog catalog) {
    return new Part(catalog.liveFile(), Part.LIVE, PlainCodec.INSTANCE, "", null);
  }

  /**
   * The writer's closed parts after {@code afterSequence} by sequence, the plain file of a part
   * present in both forms: it is complete (a compressed part is made from it and it is deleted
   * last).
   */
  private static TreeMap<Long, Part> closedParts(PartCatalog catalog, long afterSequence)
      throws IOException {
    TreeMap<Long, Part> bySequence = new TreeMap<>();
    for (Part part : catalog.list()) {
      if (part.numbered() && part.sequence() > afterSequence) {
        bySequence.put(part.sequence(), part.plainFirst());
      }
    }
    return bySequence;
  }

  private void readAll() throws IOException {
    long lastSequence = 0;
    Object activeKey =
        null; // the part being written as last read, and how many bytes of it were lines
    long activeConsumed = 0;
    for (int pass = 0; pass < MAX_PASSES; pass++) {
      boolean activeWasClosed = activeKey != null && !activeKey.equals(fileKey(catalog.liveFile()));
      boolean first = true;
      for (Part part : closedParts(catalog, lastSequence).values()) {
        boolean formerActive =
            first
                && activeKey != null
                && (!part.compressed() ? activeKey.equals(fileKey(part.path())) : activeWasClosed);
        readClosed(part, formerActive ? activeConsumed : 0);
        if (formerActive) {
          activeKey = null;
          activeConsumed = 0;
        }
        lastSequence = part.sequence();
        first = false;
      }
      Path active = catalog.liveFile();
      Object key = fileKey(active);
      if (key == null && !Files.exists(active)) {
        return;
      }
      long from = Objects.equals(key, activeKey) ? activeConsumed : 0;
      try {
        activeConsumed = readFrom(live(catalog), from, true);
      } catch (NoSuchFileException closedMeanwhile) {
        continue; // renamed between the look and the open: read it as the closed part it became
      }
      activeKey = key;
      parts++;
      if (closedParts(catalog, lastSequence).isEmpty()) {
        return; // not closed while it was read: everything up to its last whole line is read
      }
    }
  }

  /**
   * Reads a closed part from byte {@code skip} on, finding it again if it was compressed or deleted
   * meanwhile.
   */
  private void readClosed(Part part, long skip) throws IOException {
    Part current = part;
    for (int attempt = 0; attempt < 3; attempt++) {
      try {
        readFrom(current, skip, false);
        parts++;
        return;
      } catch (NoSuchFileException gone) {
        Part again = closedParts(catalog, part.sequence() - 1).get(part.sequence());
        if (again == null) {
          skipped.add(
              part.path().getFileName()
                  + ": deleted before it could be read; its spans were skipped");
          return;
        }
        current = again;
      }
    }
    skipped.add(part.path().getFileName() + ": kept changing while it was read; skipped");
  }

  /**
   * Hands over the lines of {@code part} that start at or after byte {@code skip} of its
   * decompressed content; returns the bytes consumed up to the end of its last whole line.
   */
  private long readFrom(Part part, long skip, boolean beingWritten) throws IOException {
    long consumed;
    long number = 0;
    try (InputStream in = open(part)) {
      LineSplitter splitter = new LineSplitter(in, skip);
      try {
        for (String line; (line = splitter.next()) != null; ) {
          number++;
          if (!line.isBlank()) {
            lines++;
            try {
              handler.line(part, number, line);
            } catch (IOException e) {
              throw new UncheckedIOException(e); // the caller's failure, not the part's
            }
          }
        }
      } catch (NoSuchFileException e) {
        throw e;
      } catch (IOException e) {
        skipped.add(
            part.path().getFileName()
                + ": cannot be read after line "
                + number
                + " ("
                + e.getMessage()
                + "; a compressed part cut short, e.g. by a full disk or a copy that stopped); the rest of it was skipped");
        return splitter.consumed();
      }
      consumed = splitter.consumed();
      if (!beingWritten && splitter.unterminatedBytes() > 0) {
        skipped.add(
            part.path().getFileName()
                + ": ends in a line cut short ("
                + splitter.unterminatedBytes()
                + " bytes), skipped");
      }
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    return consumed;
  }

  private static Object fileKey(Path file) {
    try {
      return Files.readAttributes(file, BasicFileAttributes.class).fileKey();
    } catch (IOException e) {
      return null;
    }
  }

  /**
   * Whole lines of a stream, from byte {@code skip} on, counting the bytes consumed to the end of
   * the last whole line.
   */
  private static final class LineSplitter {
    private final InputStream in;
    private final byte[] buffer = new byte[64 * 1024];
    private int position;
    private int limit;
    private long consumed;
    private long toSkip;
    private byte[] line = new byte[4096];
    private int lineLength;

    LineSplitter(InputStream in, long skip) {
      this.in = in;
      this.toSkip = skip;
      this.consumed = 0;
    }

    /** The next whole line (without its newline), or {@code null} at the end. */
    String next() throws IOException {
      while (true) {
        if (position == limit) {
          limit = in.read(buffer, 0, buffer.length);
          position = 0;
          if (limit <= 0) {
            limit = 0;
            return null;
          }
        }
        if (toSkip > 0) {
          int skipping = (int) Math.min(toSkip, limit - position);
          position += skipping;
          toSkip -= skipping;
          consumed += skipping;
          continue;
        }
        int start = position;
        while (position < limit && buffer[position] != '\n') {
          position++;
        }
        append(start, position - start);
        if (position < limit) {
          position++; // the newline
          consumed += lineLength + 1;
          int length = lineLength > 0 && line[lineLength - 1] == '\r' ? lineLength - 1 : lineLength;
          lineLength = 0;
          return new String(line, 0, length, StandardCharsets.UTF_8);
        }
      }
    }

    private void append(int start, int length) {
      if (lineLength + length > line.length) {
        line = java.util.Arrays.copyOf(line, Math.max(line.length * 2, lineLength + length));
      }
      System.arraycopy(buffer, start, line, lineLength, length);
      lineLength += length;
    }

    long consumed() {
      return consumed;
    }

    int unterminatedBytes() {
      return lineLength;
    }
  }
}
