package io.spanweave.runtime.internal.parts;

import io.spanweave.runtime.spi.RunPartCodec;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/** The codecs a run's parts can be compressed with: gzip, built in, then those on the class path. */
public final class PartCodecs {

  private static final RunPartCodec GZIP = new GzipPartCodec();

  private PartCodecs() {
  }

  /** The codec called {@code name}, if there is one. */
  public static Optional<RunPartCodec> find(String name) {
    if (name.equals(GZIP.name())) {
      return Optional.of(GZIP); // the default, checked by every TraceConfig: no class path scan
    }
    return all().stream().filter(codec -> codec.name().equals(name)).findFirst();
  }

  /** The codec whose files end in {@code .extension}, if there is one. */
  public static Optional<RunPartCodec> byExtension(String extension) {
    if (extension.equals(GZIP.fileExtension())) {
      return Optional.of(GZIP); // the common case, without a class path scan
    }
    return all().stream().filter(codec -> codec.fileExtension().equals(extension)).findFirst();
  }

  /** The names of every codec there is, gzip first. */
  public static List<String> names() {
    return all().stream().map(RunPartCodec::name).toList();
  }

  private static List<RunPartCodec> all() {
    List<RunPartCodec> codecs = new ArrayList<>();
    codecs.add(GZIP);
    try {
      for (RunPartCodec codec : ServiceLoader.load(RunPartCodec.class, PartCodecs.class.getClassLoader())) {
        codecs.add(codec);
      }
    } catch (ServiceConfigurationError e) {
      // A broken codec module must not take the built-in codec with it; naming it fails where it is chosen.
    }
    return codecs;
  }
}
