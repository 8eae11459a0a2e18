package io.spanweave.viewer.index;

import java.util.Arrays;

/**
 * Interns strings to dense int ids. Span names, stages, attribute values and sample ids repeat
 * across a million spans; storing each once and referring to it by id is what keeps the index
 * small.
 *
 * <p>An open-addressing table of ids over the array of strings, not a {@code HashMap}: a file of a
 * million spans has about half a million distinct strings, and a map entry and a boxed id for each
 * cost 25 MB and as many objects for the collector to trace, on a heap meant to stay small. Strings
 * cache their hash codes, so a probe costs a compare of ints and one {@code equals}.
 */
public final class StringPool {
  /** The id used for "no value". */
  public static final int NONE = -1;

  /** Separates the strings in {@link #lowerText}; a search term holding it finds nothing. */
  public static final char SEPARATOR = '\u0000';

  /** An empty slot: id -1, which no string has. */
  private static final long EMPTY = -1L;

  private String[] strings = new String[1024];

  /**
   * Every string lower-cased, each followed by {@link #SEPARATOR}: what free-text search looks for
   * terms in. Kept as strings are added (a few hundredths of a second over a million-span file, on
   * the indexing thread), so no search has to build it.
   */
  private final StringBuilder lowerText = new StringBuilder(1 << 16);

  private int[] textStarts = new int[1024];
  private int size;

  /**
   * By hash slot, the string's hash code (high half) and id (low half), {@link #EMPTY} for an empty
   * slot; at most half full. A probe of another string is rejected here, without reading the
   * string, which lies anywhere in the heap (a cache miss per probe on half a million strings).
   */
  private long[] slots = emptySlots(2048);

  public int intern(String value) {
    if (value == null) {
      return NONE;
    }
    int hash = value.hashCode();
    int mask = slots.length - 1;
    for (int at = spread(hash) & mask; ; at = (at + 1) & mask) {
      long slot = slots[at];
      if (slot == EMPTY) {
        return add(value, hash, at);
      }
      if (holds(slot, hash, value)) {
        return (int) slot;
      }
    }
  }

  private int add(String value, int hash, int slot) {
    int id = size;
    if (id == strings.length) {
      strings = Arrays.copyOf(strings, id + (id >> 1));
      textStarts = Arrays.copyOf(textStarts, strings.length);
    }
    textStarts[id] = lowerText.length();
    lowerText.append(value.toLowerCase(java.util.Locale.ROOT)).append(SEPARATOR);
    strings[id] = value;
    size++;
    slots[slot] = entry(hash, id);
    if (size * 2 > slots.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    long[] bigger = new long[slots.length * 2];
    Arrays.fill(bigger, EMPTY);
    int mask = bigger.length - 1;
    for (long slot : slots) {
      if (slot != EMPTY) {
        int at = spread((int) (slot >>> 32)) & mask;
        while (bigger[at] != EMPTY) {
          at = (at + 1) & mask;
        }
        bigger[at] = slot;
      }
    }
    slots = bigger;
  }

  /** The id of an already interned string, or {@link #NONE}; never adds. */
  public int find(String value) {
    if (value == null) {
      return NONE;
    }
    int hash = value.hashCode();
    int mask = slots.length - 1;
    for (int at = spread(hash) & mask; ; at = (at + 1) & mask) {
      long slot = slots[at];
      if (slot == EMPTY) {
        return NONE;
      }
      if (holds(slot, hash, value)) {
        return (int) slot;
      }
    }
  }

  public String get(int id) {
    return id < 0 ? null : strings[id];
  }

  public int size() {
    return size;
  }

  /** Where {@code lowerTerm} next occurs in the lower-cased text of all strings, or -1. */
  public int indexOfInText(String lowerTerm, int from) {
    return lowerText.indexOf(lowerTerm, from);
  }

  /** Where string {@code id} starts in the lower-cased text; {@link #size()} gives its end. */
  public int textStart(int id) {
    return id < size ? textStarts[id] : lowerText.length();
  }

  private static int spread(int hash) {
    int h = hash * 0x9E3779B9;
    return h ^ (h >>> 16);
  }

  /**
   * Whether a slot holds {@code value}. The string is read only when the hashes match. Written so
   * that "same hash, different string" ends in the same branch as "different hash": that case
   * happens a few dozen times in a million-span file, first after seconds of indexing, and as a
   * branch of its own, never taken until then, it made C2 throw away and recompile the indexing
   * method this is inlined into (1.7 s of compiler time in a JFR recording).
   */
  private boolean holds(long slot, int hash, String value) {
    boolean sameHash = (int) (slot >>> 32) == hash;
    boolean same = sameHash ? strings[(int) slot].equals(value) : false;
    return same;
  }

  private static long entry(int hash, int id) {
    return ((long) hash << 32) | (id & 0xFFFF_FFFFL);
  }

  private static long[] emptySlots(int length) {
    long[] a = new long[length];
    Arrays.fill(a, EMPTY);
    return a;
  }
}
