package io.spanweave.runfiles.spi;

import java.io.InputStream;
import java.io.OutputStream;
import java.util.zip.DeflaterOutputStream;
import java.util.zip.InflaterInputStream;

/**
 * A codec as a codec module would provide one: streams only, no seek points, registered in the test
 * class path's META-INF/services (zlib's deflate, with its checksum, so that a cut is noticed).
 */
public final class DeflateTestCodec implements RunPartCodec {

  @Override
  public String name() {
    return "test-deflate";
  }

  @Override
  public String fileExtension() {
    return "zz";
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
