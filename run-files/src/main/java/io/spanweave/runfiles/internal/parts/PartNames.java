package io.spanweave.runfiles.internal.parts;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The names of a run's parts, derived from the part being written, {@code <stem><ext>} (for the
 * runtime {@code traces.jsonl}):
 *
 * <pre>
 * traces.jsonl                         the part being written, plain, appended to
 * traces-000001.jsonl                  a closed part, plain (sequence from 000001, oldest first)
 * traces-000001.jsonl.gz               the same part compressed (the extension names the codec)
 * .traces-000001.jsonl.gz.4242.tmp     being compressed by process 4242; never read
 * </pre>
 *
 * A closed part never changes again. The temporary name starts with a dot, so that a reader that
 * lists {@code traces-*.jsonl*} never sees a half-written compressed part.
 */
public final class PartNames {

  /**
   * One closed part's file: its sequence number and its codec's extension ({@code null} when
   * plain).
   */
  public record Entry(long sequence, String extension, Path path) {
    /** Whether the file is compressed. */
    public boolean compressed() {
      return extension != null;
    }
  }

  /**
   * A compression under way, or left behind by a process that died: the part and the compressing
   * process.
   */
  public record Temporary(long sequence, long pid, Path path) {}

  private final Path active;
  private final Path dir;
  private final String stem;
  private final String ext;
  private final Pattern closed;
  private final Pattern temporary;

  /**
   * @param active the part being written, e.g. {@code <run>/traces/traces.jsonl}; it may not exist
   *     yet
   */
  public PartNames(Path active) {
    this.active = active.toAbsolutePath();
    this.dir = this.active.getParent();
    String name = this.active.getFileName().toString();
    int dot = name.lastIndexOf('.');
    this.stem = dot > 0 ? name.substring(0, dot) : name;
    this.ext = dot > 0 ? name.substring(dot) : "";
    this.closed =
        Pattern.compile(
            Pattern.quote(stem + "-") + "(\\d{6,})" + Pattern.quote(ext) + "(?:\\.([a-z0-9]+))?");
    this.temporary =
        Pattern.compile(
            "\\."
                + Pattern.quote(stem + "-")
                + "(\\d{6,})"
                + Pattern.quote(ext)
                + "\\.[a-z0-9]+\\.(\\d+)\\.tmp");
  }

  /** The part being written. */
  public Path active() {
    return active;
  }

  /** The part being written's name without its extension: {@code traces}. */
  String stem() {
    return stem;
  }

  /** The part being written's extension, with its dot: {@code .jsonl}. */
  String suffix() {
    return ext;
  }

  /** The directory that holds every part. */
  public Path dir() {
    return dir;
  }

  /** {@code traces-NNNNNN.jsonl}. */
  public Path closed(long sequence) {
    return dir.resolve(stem + "-" + String.format(Locale.ROOT, "%06d", sequence) + ext);
  }

  /** {@code traces-NNNNNN.jsonl.<extension>}. */
  public Path compressed(long sequence, String extension) {
    return dir.resolve(closed(sequence).getFileName() + "." + extension);
  }

  /** {@code .traces-NNNNNN.jsonl.<extension>.<pid>.tmp}. */
  public Path temporary(long sequence, String extension, long pid) {
    return dir.resolve("." + compressed(sequence, extension).getFileName() + "." + pid + ".tmp");
  }

  /** The closed part {@code fileName} names, or {@code null} when it names none. */
  public Entry parse(Path file) {
    Matcher m = closed.matcher(file.getFileName().toString());
    return m.matches() ? new Entry(Long.parseLong(m.group(1)), m.group(2), file) : null;
  }

  /** Every closed part's file in the directory, in no particular order. */
  public List<Entry> listClosed() throws IOException {
    List<Entry> entries = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir)) {
      for (Path file : files) {
        Entry entry = parse(file);
        if (entry != null) {
          entries.add(entry);
        }
      }
    } catch (NoSuchFileException e) {
      return entries; // no run here (yet)
    }
    return entries;
  }

  /** Every temporary file of a compression in the directory. */
  public List<Temporary> listTemporary() throws IOException {
    List<Temporary> found = new ArrayList<>();
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "." + stem + "-*.tmp")) {
      for (Path file : files) {
        Matcher m = temporary.matcher(file.getFileName().toString());
        if (m.matches()) {
          found.add(new Temporary(Long.parseLong(m.group(1)), Long.parseLong(m.group(2)), file));
        }
      }
    } catch (NoSuchFileException e) {
      return found;
    }
    return found;
  }

  /** The sequence number the next closed part gets: one past the highest in the directory. */
  public long nextSequence() throws IOException {
    long max = 0;
    for (Entry entry : listClosed()) {
      max = Math.max(max, entry.sequence());
    }
    return max + 1;
  }
}
