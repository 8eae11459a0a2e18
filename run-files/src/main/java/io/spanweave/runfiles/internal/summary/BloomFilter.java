package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;

/**
 * Which 32-bit hashes may be in a segment (about 1% false positives at 10 bits a hash, none
 * missed): how a trace or sample id is found among thousands of segments without reading them.
 */
final class BloomFilter {
  private static final int HASHES = 7;
  private final long[] bits;
  private final int size;

  private BloomFilter(long[] bits) {
    this.bits = bits;
    this.size = bits.length * 64;
  }

  static BloomFilter of(int[] hashes) {
    int words = Math.max(1, (hashes.length * 10 + 63) / 64);
    BloomFilter f = new BloomFilter(new long[words]);
    for (int h : hashes) {
      f.add(h);
    }
    return f;
  }

  private void add(int hash) {
    int h2 = second(hash);
    for (int k = 0; k < HASHES; k++) {
      int bit = Math.floorMod(hash + k * h2, size);
      bits[bit >>> 6] |= 1L << bit;
    }
  }

  boolean mightContain(int hash) {
    if (hash == 0) {
      hash = 1;
    }
    int h2 = second(hash);
    for (int k = 0; k < HASHES; k++) {
      int bit = Math.floorMod(hash + k * h2, size);
      if ((bits[bit >>> 6] & (1L << bit)) == 0) {
        return false;
      }
    }
    return true;
  }

  private static int second(int hash) {
    int h = hash * 0x85EBCA6B;
    h ^= h >>> 13;
    h *= 0xC2B2AE35;
    return (h ^ h >>> 16) | 1;
  }

  int bytes() {
    return bits.length * 8;
  }

  void write(DataOutput out) throws IOException {
    out.writeInt(bits.length);
    for (long w : bits) {
      out.writeLong(w);
    }
  }

  static BloomFilter read(DataInput in) throws IOException {
    long[] bits = new long[in.readInt()];
    for (int k = 0; k < bits.length; k++) {
      bits[k] = in.readLong();
    }
    return new BloomFilter(bits);
  }
}
