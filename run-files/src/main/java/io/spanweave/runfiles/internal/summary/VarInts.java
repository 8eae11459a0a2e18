package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Non-negative integers in seven-bit groups, low group first (a byte for values below 128): the
 * bucket counts of a duration sketch are mostly small, and written as four bytes each they were
 * most of a run summary's size.
 */
final class VarInts {
  private VarInts() {}

  static void write(DataOutput out, int value) throws IOException {
    if (value < 0) {
      throw new IllegalArgumentException("not a count: " + value);
    }
    while (value >= 0x80) {
      out.writeByte((value & 0x7f) | 0x80);
      value >>>= 7;
    }
    out.writeByte(value);
  }

  /** Reads {@code n} counts into {@code into}. */
  static void read(DataInput in, int[] into, int n) throws IOException {
    if (in instanceof BytesDataInput bytes) {
      bytes.readVarInts(into, n);
      return;
    }
    for (int k = 0; k < n; k++) {
      into[k] = read(in);
    }
  }

  static int read(DataInput in) throws IOException {
    int value = 0;
    for (int shift = 0; shift < 35; shift += 7) {
      int b = in.readUnsignedByte();
      value |= (b & 0x7f) << shift;
      if (b < 0x80) {
        return value;
      }
    }
    throw new IOException("a count longer than five bytes: not a summary");
  }
}
