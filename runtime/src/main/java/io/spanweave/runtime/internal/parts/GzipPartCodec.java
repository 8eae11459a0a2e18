package io.spanweave.runtime.internal.parts;

import io.spanweave.runtime.spi.RunPartCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * The built-in codec: the JDK's gzip, readable by {@code zcat} and every tool. Level
 * {@value #LEVEL}: the level chosen by measurement (docs/performance.md, "Run parts"), where the
 * ratio already meets the target and compressing costs the least CPU beside the export.
 */
final class GzipPartCodec implements RunPartCodec {

  static final int LEVEL = Deflater.BEST_SPEED;
  private static final int BUFFER = 64 * 1024;

  @Override
  public String name() {
    return "gzip";
  }

  @Override
  public String fileExtension() {
    return "gz";
  }

  @Override
  public OutputStream compressing(OutputStream out) throws IOException {
    return new GZIPOutputStream(out, BUFFER) {
      {
        def.setLevel(LEVEL);
      }
    };
  }

  @Override
  public InputStream decompressing(InputStream in) throws IOException {
    return new GZIPInputStream(in, BUFFER);
  }
}
