package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataInputStream;
import java.io.EOFException;
import java.io.IOException;
import java.nio.BufferUnderflowException;
import java.nio.ByteBuffer;

/**
 * {@link DataInput} over bytes in memory. A summary file is read whole and inflated at once, then
 * decoded through this: the JDK's stream classes lock on every byte read, which made decoding the
 * summaries of a 100M-span run's parts take seconds.
 */
final class BytesDataInput implements DataInput {
  private final ByteBuffer bytes;

  BytesDataInput(byte[] bytes, int length) {
    this.bytes = ByteBuffer.wrap(bytes, 0, length);
  }

  @Override
  public void readFully(byte[] b) throws IOException {
    readFully(b, 0, b.length);
  }

  @Override
  public void readFully(byte[] b, int off, int len) throws IOException {
    try {
      bytes.get(b, off, len);
    } catch (BufferUnderflowException e) {
      throw new EOFException("summary cut short");
    }
  }

  /**
   * Reads {@code n} counts written by {@link VarInts#write} into {@code into}, in one loop over the
   * bytes: the bucket counts are most of a run summary, and a loop the JIT compiles at once decodes
   * them several times faster than a call per byte while the viewer starts.
   */
  void readVarInts(int[] into, int n) throws IOException {
    byte[] array = bytes.array();
    int base = bytes.arrayOffset();
    int p = base + bytes.position();
    int end = base + bytes.limit();
    for (int k = 0; k < n; k++) {
      int value = 0;
      for (int shift = 0; ; shift += 7) {
        if (p >= end) {
          throw new EOFException("summary cut short");
        }
        if (shift >= 35) {
          throw new IOException("a count longer than five bytes: not a summary");
        }
        int b = array[p++] & 0xFF;
        value |= (b & 0x7F) << shift;
        if (b < 0x80) {
          break;
        }
      }
      into[k] = value;
    }
    bytes.position(p - base);
  }

  @Override
  public int skipBytes(int n) {
    int skipped = Math.min(n, bytes.remaining());
    bytes.position(bytes.position() + skipped);
    return skipped;
  }

  @Override
  public boolean readBoolean() throws IOException {
    return readByte() != 0;
  }

  @Override
  public byte readByte() throws IOException {
    if (!bytes.hasRemaining()) {
      throw new EOFException("summary cut short");
    }
    return bytes.get();
  }

  @Override
  public int readUnsignedByte() throws IOException {
    return readByte() & 0xFF;
  }

  @Override
  public short readShort() throws IOException {
    return (short) readUnsignedShort();
  }

  @Override
  public int readUnsignedShort() throws IOException {
    need(2);
    return bytes.getShort() & 0xFFFF;
  }

  @Override
  public char readChar() throws IOException {
    return (char) readUnsignedShort();
  }

  @Override
  public int readInt() throws IOException {
    need(4);
    return bytes.getInt();
  }

  @Override
  public long readLong() throws IOException {
    need(8);
    return bytes.getLong();
  }

  @Override
  public float readFloat() throws IOException {
    return Float.intBitsToFloat(readInt());
  }

  @Override
  public double readDouble() throws IOException {
    return Double.longBitsToDouble(readLong());
  }

  /** Not in the summary format: lines are not stored. */
  @Override
  public String readLine() {
    throw new UnsupportedOperationException("summary files hold no lines");
  }

  @Override
  public String readUTF() throws IOException {
    return DataInputStream.readUTF(this);
  }

  private void need(int n) throws EOFException {
    if (bytes.remaining() < n) {
      throw new EOFException("summary cut short");
    }
  }
}
