package io.spanweave.viewer.parts;

import java.io.IOException;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;

/** Parts stored as they were written: any offset is a place to start. */
public final class PlainCodec implements PartCodec {
  public static final PlainCodec INSTANCE = new PlainCodec();

  private PlainCodec() {}

  @Override
  public String extension() {
    return "";
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
