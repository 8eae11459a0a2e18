package io.spanweave.runtime.internal.parts;

import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;

/**
 * A codec as a module would provide one (gzip at level 9, another name and extension), registered
 * in the test class path's META-INF/services.
 */
public final class TestGzip9Codec implements RunPartCodec {

  @Override
  public String name() {
    return "test-gzip9";
  }

  @Override
  public String fileExtension() {
    return "gz9";
  }

  @Override
  public OutputStream compressing(OutputStream out) throws IOException {
    return new GZIPOutputStream(out) {
      {
        def.setLevel(Deflater.BEST_COMPRESSION);
      }
    };
  }

  @Override
  public InputStream decompressing(InputStream in) throws IOException {
    return new GZIPInputStream(in);
  }
}
