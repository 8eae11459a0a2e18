package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.RunPartCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The codecs a run's parts can be stored with: gzip, built in, then those registered as {@link
 * RunPartCodec} services on the class path; and {@link PlainCodec} for the empty extension of a
 * part that is not compressed. The runtime chooses a codec by name to write with, readers find one
 * by a part's file extension.
 */
public final class PartCodecs {

  private static final RunPartCodec GZIP = GzipCodec.INSTANCE;

  private PartCodecs() {}

  /** The compressing codec called {@code name}, if there is one. */
  public static Optional<RunPartCodec> find(String name) {
    if (name.equals(GZIP.name())) {
      return Optional.of(GZIP); // the default, checked by every TraceConfig: no class path scan
    }
    return Loaded.ALL.stream().filter(codec -> codec.name().equals(name)).findFirst();
  }

  /**
   * The codec whose files end in {@code .extension} ({@link PlainCodec} for ""), if there is one.
   */
  public static Optional<RunPartCodec> byExtension(String extension) {
    if (extension.isEmpty()) {
      return Optional.of(PlainCodec.INSTANCE);
    }
    if (extension.equals(GZIP.fileExtension())) {
      return Optional.of(GZIP); // the common case, without a class path scan
    }
    return Loaded.ALL.stream().filter(codec -> codec.fileExtension().equals(extension)).findFirst();
  }

  /** The codec of parts named {@code *.<extension>}, or null when none is on the class path. */
  public static RunPartCodec forExtension(String extension) {
    return byExtension(extension).orElse(null);
  }

  /** The names of every compressing codec there is, gzip first. */
  public static List<String> names() {
    return Loaded.ALL.stream().map(RunPartCodec::name).toList();
  }

  /**
   * Loaded once, at the first look past gzip: the class path does not change while a process runs.
   */
  private static final class Loaded {
    static final List<RunPartCodec> ALL = load();

    private static List<RunPartCodec> load() {
      List<RunPartCodec> codecs = new ArrayList<>();
      codecs.add(GZIP);
      try {
        for (RunPartCodec codec :
            ServiceLoader.load(RunPartCodec.class, PartCodecs.class.getClassLoader())) {
          codecs.add(codec);
        }
      } catch (ServiceConfigurationError e) {
        // A broken codec module must not take the built-in codec with it; naming it fails where it
        // is chosen.
      }
      return List.copyOf(codecs);
    }
  }
}
