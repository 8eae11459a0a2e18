package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.RunPartCodec;
import java.nio.file.Path;

/**
 * One file of a run's spans.
 *
 * @param path where it is now
 * @param sequence its place among the closed parts ({@code traces-000001} is 1), or {@link #LIVE}
 *     for the part being written, or a negative rank for files rotated by other tools (logrotate's
 *     {@code traces.jsonl.1}), which come before every numbered part
 * @param codec how it is stored ({@link PlainCodec} when plain); null when no codec on the class
 *     path reads its extension
 * @param extension its codec's file extension, empty for a plain part
 * @param plainTwin the plain copy of the same part, still present while the writer compresses it,
 *     or null: read when the compressed one turns out damaged
 */
public record Part(Path path, long sequence, RunPartCodec codec, String extension, Path plainTwin) {
  public static final long LIVE = Long.MAX_VALUE;

  /**
   * A part stored with the codec of {@code extension} ({@code ""} when plain), without a plain
   * twin.
   */
  public static Part stored(Path path, long sequence, String extension) {
    return new Part(path, sequence, PartCodecs.forExtension(extension), extension, null);
  }

  public boolean live() {
    return sequence == LIVE;
  }

  /** Whether it is one of the writer's closed parts, {@code traces-NNNNNN.jsonl[.<ext>]}. */
  public boolean numbered() {
    return sequence > 0 && !live();
  }

  public boolean compressed() {
    return !extension.isEmpty();
  }

  /**
   * The part as a reader that wants every line of it reads it: its plain twin when there is one
   * (complete: the writer makes the compressed file from it and deletes it last), else itself.
   */
  public Part plainFirst() {
    return plainTwin == null ? this : new Part(plainTwin, sequence, PlainCodec.INSTANCE, "", null);
  }

  /** The file name, which is how the status and the page name a part. */
  public String name() {
    return path.getFileName().toString();
  }
}
