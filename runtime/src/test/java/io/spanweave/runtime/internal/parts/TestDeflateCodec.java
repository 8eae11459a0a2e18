package io.spanweave.runtime.internal.parts;

import io.spanweave.runtime.spi.RunPartCodec;
import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/** A codec as a module would provide one (raw zlib streams), registered in the test class path's META-INF/services. */
public final class TestDeflateCodec implements RunPartCodec {

  @Override
  public String name() {
    return "test-deflate";
  }

  @Override
  public String fileExtension() {
    return "deflate";
  }

  @Override
  public OutputStream compressing(OutputStream out) {
    return new DeflaterOutputStream(out);
  }

  @Override
  public InputStream decompressing(InputStream in) {
    return new InflaterInputStream(in);
  }
}
