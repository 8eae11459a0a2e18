package io.spanweave.runtime.internal.parts;

import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.IOException;
import java.io.OutputStream;

/**
 * Compresses a part as a sequence of independently compressed segments, one after another in one
 * file: a new codec stream (a gzip member, a zstd frame) starts at the first line end after every
 * {@code segmentBytes} of input. Every gzip and zstd reader reads such a file whole (the formats
 * allow concatenation); a reader that keeps the offsets of the segments can start reading in the
 * middle of a part, at a whole line. Closing it finishes the last segment and leaves {@code out}
 * open.
 */
public final class SegmentedOutputStream extends OutputStream {

  /** Default segment: 8 MiB of lines, what the viewer asked for to enter a part mid-way. */
  public static final long SEGMENT_BYTES = 8L << 20;

  private final OutputStream out;
  private final RunPartCodec codec;
  private final long segmentBytes;
  private OutputStream segment;
  private long inSegment;

  public SegmentedOutputStream(OutputStream out, RunPartCodec codec, long segmentBytes) {
    this.out = out;
    this.codec = codec;
    this.segmentBytes = segmentBytes;
  }

  @Override
  public void write(int b) throws IOException {
    write(new byte[] {(byte) b}, 0, 1);
  }

  @Override
  public void write(byte[] bytes, int offset, int length) throws IOException {
    while (length > 0) {
      if (segment == null) {
        segment = codec.compressing(new KeptOpen(out));
        inSegment = 0;
      }
      int n = length;
      if (inSegment + length >= segmentBytes) {
        // Past the segment's size: write up to the first line end from there, then start a new
        // segment.
        int from = offset + (int) Math.max(0, segmentBytes - inSegment);
        for (int k = from; k < offset + length; k++) {
          if (bytes[k] == '\n') {
            n = k - offset + 1;
            break;
          }
        }
      }
      segment.write(bytes, offset, n);
      inSegment += n;
      offset += n;
      length -= n;
      if (inSegment >= segmentBytes && bytes[offset - 1] == '\n') {
        segment.close();
        segment = null;
      }
    }
  }

  @Override
  public void close() throws IOException {
    if (segment != null) {
      segment.close();
      segment = null;
    }
    out.flush();
  }

  /** {@code out} for one segment: closing the segment's codec stream must not close the file. */
  private static final class KeptOpen extends OutputStream {
    private final OutputStream out;

    KeptOpen(OutputStream out) {
      this.out = out;
    }

    @Override
    public void write(int b) throws IOException {
      out.write(b);
    }

    @Override
    public void write(byte[] b, int off, int len) throws IOException {
      out.write(b, off, len);
    }

    @Override
    public void flush() throws IOException {
      out.flush();
    }

    @Override
    public void close() throws IOException {
      out.flush();
    }
  }
}
