package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * Parts stored as they were written (the part being written, a closed part not compressed): any
 * offset is a place to start. Its extension is empty; it is no compression a run can be set to, so
 * {@link PartCodecs#find} and {@link PartCodecs#names} leave it out.
 */
public final class PlainCodec implements RunPartCodec {
  public static final PlainCodec INSTANCE = new PlainCodec();

  private PlainCodec() {}

  @Override
  public String name() {
    return "none";
  }

  @Override
  public String fileExtension() {
    return "";
  }

  @Override
  public OutputStream compressing(OutputStream out) {
    return out;
  }

  @Override
  public InputStream decompressing(InputStream in) {
    return in;
  }

  @Override
  public boolean seekable() {
    return true;
  }

  @Override
  public PartInput open(FileChannel channel, SeekPoint from) {
    return new PartInput() {
      private long position = from.offset();

      @Override
      public int read(byte[] buffer, int offset, int length) throws IOException {
        int n = channel.read(ByteBuffer.wrap(buffer, offset, length), position);
        if (n <= 0) {
          return -1;
        }
        position += n;
        return n;
      }

      @Override
      public long position() {
        return position;
      }

      @Override
      public List<SeekPoint> seekPoints() {
        return List.of(from);
      }

      @Override
      public void close() {}
    };
  }
}
