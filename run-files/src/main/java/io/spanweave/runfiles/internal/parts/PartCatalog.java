package io.spanweave.runfiles.internal.parts;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * The parts of one run's trace file, oldest first, found by name beside the part being written: for
 * {@code traces.jsonl},
 *
 * <ul>
 *   <li>{@code traces-NNNNNN.jsonl} and {@code traces-NNNNNN.jsonl.<ext>}: closed parts in sequence
 *       order (spanweave's rotation; a part present both plain and compressed is read compressed,
 *       with the plain copy kept as the fallback if the compressed one turns out damaged);
 *   <li>{@code traces.jsonl.N} (logrotate; a higher N is older) and {@code traces-<anything>.jsonl}
 *       (the OpenTelemetry Collector's file exporter), compressed or not: older files rotated by
 *       other tools, ordered by modification time, before the numbered parts;
 *   <li>{@code traces.jsonl} itself, the live part, last.
 * </ul>
 *
 * Temporary files (a writer's name plus {@code .tmp} or similar) match none of these and are
 * ignored. The directory may change while it is listed; {@link #list} reflects one moment.
 */
public final class PartCatalog {
  private static final Pattern NUMBERED_EXTENSION = Pattern.compile("\\d+");
  private static final Pattern CODEC_EXTENSION = Pattern.compile("[a-z0-9]{1,8}");

  private final Path live;
  private final PartNames names;
  private final String stem;
  private final String extension;

  /**
   * @param liveFile the part being written, e.g. {@code <run>/traces/traces.jsonl}; it may not
   *     exist yet
   */
  public PartCatalog(Path liveFile) {
    this.live = liveFile.toAbsolutePath().normalize();
    this.names = new PartNames(live);
    this.stem = names.stem();
    this.extension = names.suffix();
  }

  public Path liveFile() {
    return live;
  }

  /** Every part present now, oldest first, the live part (when it exists) last. */
  public List<Part> list() throws IOException {
    Path dir = live.getParent();
    List<Path> files = new ArrayList<>();
    try (Stream<Path> entries = Files.list(dir)) {
      entries.forEach(files::add);
    } catch (NoSuchFileException gone) {
      return List.of();
    }
    Map<Long, Path> plainBySequence = new HashMap<>();
    Map<Long, Path> compressedBySequence = new HashMap<>();
    List<Path> foreign = new ArrayList<>();
    String liveName = live.getFileName().toString();
    for (Path file : files) {
      String name = file.getFileName().toString();
      PartNames.Entry numbered = names.parse(file);
      if (numbered != null) {
        long sequence = numbered.sequence();
        (numbered.compressed() ? compressedBySequence : plainBySequence)
            .merge(
                sequence,
                file,
                (a, b) ->
                    a.getFileName().toString().compareTo(b.getFileName().toString()) <= 0 ? a : b);
      } else if (isForeignRotation(name, liveName)) {
        foreign.add(file);
      }
    }
    List<Part> parts = new ArrayList<>();
    foreign.sort(
        Comparator.comparingLong(PartCatalog::modifiedMillis)
            .thenComparing(
                Comparator.comparing((Path p) -> p.getFileName().toString()).reversed()));
    for (int k = 0; k < foreign.size(); k++) {
      parts.add(part(foreign.get(k), k - (long) foreign.size(), null));
    }
    java.util.TreeSet<Long> sequences = new java.util.TreeSet<>(plainBySequence.keySet());
    sequences.addAll(compressedBySequence.keySet());
    for (long sequence : sequences) {
      Path compressed = compressedBySequence.get(sequence);
      Path plain = plainBySequence.get(sequence);
      parts.add(
          compressed != null ? part(compressed, sequence, plain) : part(plain, sequence, null));
    }
    if (Files.isRegularFile(live)) {
      parts.add(new Part(live, Part.LIVE, PlainCodec.INSTANCE, "", null));
    }
    return parts;
  }

  /**
   * Whether a file that is none of the writer's numbered parts is one that another tool rotated.
   */
  private boolean isForeignRotation(String name, String liveName) {
    String base = stripCodecExtension(name);
    if (base.startsWith(liveName + ".")) {
      return NUMBERED_EXTENSION.matcher(base.substring(liveName.length() + 1)).matches();
    }
    return base.startsWith(stem + "-") && base.endsWith(extension) && !base.equals(liveName);
  }

  /** {@code traces.jsonl.1.gz} to {@code traces.jsonl.1} when a codec reads {@code gz}. */
  private String stripCodecExtension(String name) {
    int dot = name.lastIndexOf('.');
    if (dot > 0) {
      String ext = name.substring(dot + 1);
      if (CODEC_EXTENSION.matcher(ext).matches()
          && !NUMBERED_EXTENSION.matcher(ext).matches()
          && !("." + ext).equals(extension)) {
        return name.substring(0, dot);
      }
    }
    return name;
  }

  private Part part(Path file, long sequence, Path plainTwin) {
    PartNames.Entry numbered = names.parse(file);
    String ext;
    if (numbered != null) {
      ext = numbered.compressed() ? numbered.extension() : "";
    } else {
      String name = file.getFileName().toString();
      String base = stripCodecExtension(name);
      ext = base.length() == name.length() ? "" : name.substring(base.length() + 1);
    }
    return new Part(file, sequence, PartCodecs.forExtension(ext), ext, plainTwin);
  }

  private static long modifiedMillis(Path p) {
    try {
      return Files.getLastModifiedTime(p).toMillis();
    } catch (IOException e) {
      return 0;
    }
  }
}
