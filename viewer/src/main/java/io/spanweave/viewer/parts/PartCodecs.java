package io.spanweave.viewer.parts;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.ServiceLoader;

/** The codecs the viewer can read, by file extension: plain and gzip built in, others from the class path. */
public final class PartCodecs {
  private static final Map<String, PartCodec> BY_EXTENSION = load();

  private PartCodecs() {}

  private static Map<String, PartCodec> load() {
    Map<String, PartCodec> codecs = new LinkedHashMap<>();
    codecs.put(PlainCodec.INSTANCE.extension(), PlainCodec.INSTANCE);
    codecs.put(GzipCodec.INSTANCE.extension(), GzipCodec.INSTANCE);
    for (PartCodec codec : ServiceLoader.load(PartCodec.class, PartCodecs.class.getClassLoader())) {
      codecs.putIfAbsent(codec.extension(), codec);
    }
    return Map.copyOf(codecs);
  }

  /** The codec of parts named {@code *.<extension>}, or null when none is installed. */
  public static PartCodec forExtension(String extension) {
    return BY_EXTENSION.get(extension);
  }
}
