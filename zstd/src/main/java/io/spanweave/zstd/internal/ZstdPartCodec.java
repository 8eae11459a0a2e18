package io.spanweave.zstd.internal;

import com.github.luben.zstd.ZstdInputStream;
import com.github.luben.zstd.ZstdOutputStream;
import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.FilterInputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;

/**
 * Zstandard parts ({@code .zst}, readable by {@code zstd -d} and {@code zstdcat}), written with
 * zstd-jni at level {@value #LEVEL}: the fastest of zstd's regular levels, chosen so that a run can
 * compress its parts right after a burst while the export still runs beside it. Each segment of a
 * part is one zstd frame; the reader decodes the frames one after another. A part cut short ends in
 * zstd-jni's "truncated source" error, which the runtime reports as the part's damage after the
 * bytes that decoded.
 */
public final class ZstdPartCodec implements RunPartCodec {
  static final int LEVEL = 1;

  /** Public for {@link java.util.ServiceLoader}. */
  public ZstdPartCodec() {}

  @Override
  public String name() {
    return "zstd";
  }

  @Override
  public String fileExtension() {
    return "zst";
  }

  @Override
  public OutputStream compressing(OutputStream out) throws IOException {
    return new ZstdOutputStream(out, LEVEL);
  }

  @Override
  public InputStream decompressing(InputStream in) throws IOException {
    return new CheckedInput(new ZstdInputStream(in));
  }

  /**
   * zstd-jni reports some errors of the native decoder as its unchecked {@code ZstdException};
   * readers of a part expect damage as an {@link IOException}, so that it becomes a {@link
   * io.spanweave.runfiles.spi.DamagedPartException} and never escapes as a crash.
   */
  private static final class CheckedInput extends FilterInputStream {
    CheckedInput(InputStream in) {
      super(in);
    }

    @Override
    public int read() throws IOException {
      try {
        return super.read();
      } catch (RuntimeException e) {
        throw new IOException("zstd data does not decode: " + e.getMessage(), e);
      }
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      try {
        return in.read(buffer, offset, length);
      } catch (RuntimeException e) {
        throw new IOException("zstd data does not decode: " + e.getMessage(), e);
      }
    }

    @Override
    public long skip(long n) throws IOException {
      try {
        return super.skip(n);
      } catch (RuntimeException e) {
        throw new IOException("zstd data does not decode: " + e.getMessage(), e);
      }
    }
  }
}
