package io.spanweave.runfiles.internal.summary;

import java.io.DataInput;
import java.io.DataOutput;
import java.io.IOException;
import java.util.Arrays;

/**
 * A set of 32-bit hashes (of trace ids, of samples), open addressing, 4 bytes a slot: what lets the
 * traces of one step be counted once when its spans lie in several segments. Hash 0 is stored as 1.
 */
final class HashSet32 {
  private int[] slots;
  private int size;

  HashSet32() {
    slots = new int[16];
  }

  /** A set with room for {@code expected} hashes before it grows. */
  private HashSet32(int expected) {
    slots = new int[Math.max(16, Integer.highestOneBit(Math.max(1, expected) * 2 + 1) << 1)];
  }

  static int hash(CharSequence text) {
    long h = 0xcbf29ce484222325L;
    for (int i = 0; i < text.length(); i++) {
      h ^= text.charAt(i);
      h *= 0x100000001b3L;
    }
    h ^= h >>> 29;
    h *= 0xbf58476d1ce4e5b9L;
    h ^= h >>> 32;
    int v = (int) h;
    return v == 0 ? 1 : v;
  }

  boolean add(int hash) {
    if (hash == 0) {
      hash = 1;
    }
    if (size * 2 >= slots.length) {
      grow();
    }
    int mask = slots.length - 1;
    int i = mix(hash) & mask;
    while (slots[i] != 0) {
      if (slots[i] == hash) {
        return false;
      }
      i = (i + 1) & mask;
    }
    slots[i] = hash;
    size++;
    return true;
  }

  boolean contains(int hash) {
    if (hash == 0) {
      hash = 1;
    }
    int mask = slots.length - 1;
    int i = mix(hash) & mask;
    while (slots[i] != 0) {
      if (slots[i] == hash) {
        return true;
      }
      i = (i + 1) & mask;
    }
    return false;
  }

  void addAll(HashSet32 other) {
    if (other.size == 0) {
      return;
    }
    // Room for all of them at once: one rehash at most, not one per doubling.
    int slotsNeeded = slots.length;
    while ((size + other.size) * 2 >= slotsNeeded) {
      slotsNeeded *= 2;
    }
    if (slotsNeeded != slots.length) {
      rehash(slotsNeeded);
    }
    for (int h : other.slots) {
      if (h != 0) {
        add(h);
      }
    }
  }

  int size() {
    return size;
  }

  /** The hashes, in no particular order. */
  int[] toArray() {
    int[] out = new int[size];
    int n = 0;
    for (int h : slots) {
      if (h != 0) {
        out[n++] = h;
      }
    }
    return out;
  }

  private static int mix(int h) {
    return h * 0x9E3779B9 >>> 7 ^ h;
  }

  private void grow() {
    rehash(slots.length * 2);
  }

  private void rehash(int slotCount) {
    int[] old = slots;
    slots = new int[slotCount];
    size = 0;
    for (int h : old) {
      if (h != 0) {
        add(h);
      }
    }
  }

  void write(DataOutput out) throws IOException {
    int[] values = toArray();
    // Sorted as unsigned numbers, so that the differences written are never negative.
    for (int k = 0; k < values.length; k++) {
      values[k] ^= Integer.MIN_VALUE;
    }
    Arrays.sort(values);
    for (int k = 0; k < values.length; k++) {
      values[k] ^= Integer.MIN_VALUE;
    }
    out.writeInt(values.length);
    int previous = 0;
    for (int v : values) {
      writeVarLong(out, (v & 0xFFFFFFFFL) - (previous & 0xFFFFFFFFL));
      previous = v;
    }
  }

  static HashSet32 read(DataInput in) throws IOException {
    int n = in.readInt();
    HashSet32 set = new HashSet32(n);
    long value = 0;
    for (int k = 0; k < n; k++) {
      value += readVarLong(in);
      set.add((int) value);
    }
    return set;
  }

  static void writeVarLong(DataOutput out, long v) throws IOException {
    while ((v & ~0x7FL) != 0) {
      out.writeByte((int) ((v & 0x7F) | 0x80));
      v >>>= 7;
    }
    out.writeByte((int) v);
  }

  static long readVarLong(DataInput in) throws IOException {
    long v = 0;
    for (int shift = 0; ; shift += 7) {
      byte b = in.readByte();
      v |= (long) (b & 0x7F) << shift;
      if ((b & 0x80) == 0) {
        return v;
      }
    }
  }
}
