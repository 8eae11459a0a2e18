package io.spanweave.runfiles.spi;

import java.io.IOException;
import java.io.InputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.List;

/**
 * A part read through a codec's {@link RunPartCodec#decompressing} stream from its start, as {@link
 * RunPartCodec#open} does for a codec that knows no seek points. Any failure of the stream after
 * the file was opened is the part's damage, reported with the bytes delivered before it.
 */
final class DecompressedInput implements PartInput {
  private final FileChannel channel;
  private final InputStream in;
  private long position;
  private long stored;

  DecompressedInput(RunPartCodec codec, FileChannel channel) throws IOException {
    this.channel = channel;
    InputStream raw =
        new InputStream() {
          @Override
          public int read() throws IOException {
            byte[] one = new byte[1];
            return read(one, 0, 1) < 0 ? -1 : one[0] & 0xFF;
          }

          @Override
          public int read(byte[] buffer, int offset, int length) throws IOException {
            int n =
                DecompressedInput.this.channel.read(
                    ByteBuffer.wrap(buffer, offset, length), stored);
            if (n > 0) {
              stored += n;
            }
            return n;
          }
          // close() leaves the channel open: it is the caller's
        };
    try {
      this.in = codec.decompressing(raw);
    } catch (IOException e) {
      throw new DamagedPartException(
          codec.name() + " data cannot be read (" + e.getMessage() + ")", 0, stored);
    }
  }

  @Override
  public int read(byte[] buffer, int offset, int length) throws IOException {
    if (length == 0) {
      return 0;
    }
    int n;
    try {
      do {
        n = in.read(buffer, offset, length);
      } while (n == 0);
    } catch (IOException e) {
      throw new DamagedPartException(
          "data cannot be read after byte " + position + " (" + e.getMessage() + ")",
          position,
          stored);
    }
    if (n > 0) {
      position += n;
    }
    return n;
  }

  @Override
  public long position() {
    return position;
  }

  @Override
  public List<SeekPoint> seekPoints() {
    return List.of(SeekPoint.START);
  }

  @Override
  public void close() {
    try {
      in.close();
    } catch (IOException e) {
      // nothing was written: there is nothing to lose by a failed close
    }
  }
}
