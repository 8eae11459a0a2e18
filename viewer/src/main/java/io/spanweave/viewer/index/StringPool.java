package io.spanweave.viewer.index;

import java.util.Arrays;

/**
 * Interns strings to dense int ids. Span names, stages, attribute values and sample ids repeat
 * across a million spans; storing each once and referring to it by id is what keeps the index small.
 *
 * <p>An open-addressing table of ids over the array of strings, not a {@code HashMap}: a file of a
 * million spans has about half a million distinct strings, and a map entry and a boxed id for
 * each cost 25 MB and as many objects for the collector to trace, on a heap meant to stay small.
 * Strings cache their hash codes, so a probe costs a compare of ints and one {@code equals}.
 */
public final class StringPool {
  /** The id used for "no value". */
  public static final int NONE = -1;

  /** Separates the strings in {@link #lowerText}; a search term holding it finds nothing. */
  public static final char SEPARATOR = '\u0000';

  private String[] strings = new String[1024];
  /**
   * Every string lower-cased, each followed by {@link #SEPARATOR}: what free-text search looks
   * for terms in. Kept as strings are added (a few hundredths of a second over a million-span
   * file, on the indexing thread), so no search has to build it.
   */
  private final StringBuilder lowerText = new StringBuilder(1 << 16);
  private int[] textStarts = new int[1024];
  private int size;
  /** Ids by hash slot, {@link #NONE} for an empty slot; at most half full. */
  private int[] slots = filled(2048);

  public int intern(String value) {
    if (value == null) {
      return NONE;
    }
    int hash = value.hashCode();
    int mask = slots.length - 1;
    for (int at = spread(hash) & mask; ; at = (at + 1) & mask) {
      int id = slots[at];
      if (id == NONE) {
        return add(value, at);
      }
      String s = strings[id];
      // One branch, not two: "same hash, different string" happens a few dozen times in a
      // million-span file, first after seconds of indexing, and a branch never taken until then
      // made C2 throw away and recompile the indexing method this is inlined into (1.7 s of
      // compiler CPU, measured with JFR). The extra equals on a probe miss is cheap.
      if (s.hashCode() == hash & s.equals(value)) {
        return id;
      }
    }
  }

  private int add(String value, int slot) {
    int id = size;
    if (id == strings.length) {
      strings = Arrays.copyOf(strings, id + (id >> 1));
      textStarts = Arrays.copyOf(textStarts, strings.length);
    }
    textStarts[id] = lowerText.length();
    lowerText.append(value.toLowerCase(java.util.Locale.ROOT)).append(SEPARATOR);
    strings[id] = value;
    size++;
    slots[slot] = id;
    if (size * 2 > slots.length) {
      rehash();
    }
    return id;
  }

  private void rehash() {
    int[] bigger = filled(slots.length * 2);
    int mask = bigger.length - 1;
    for (int id = 0; id < size; id++) {
      int at = spread(strings[id].hashCode()) & mask;
      while (bigger[at] != NONE) {
        at = (at + 1) & mask;
      }
      bigger[at] = id;
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
      int id = slots[at];
      if (id == NONE) {
        return NONE;
      }
      String s = strings[id];
      if (s.hashCode() == hash & s.equals(value)) { // one branch, as in intern
        return id;
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

  private static int[] filled(int length) {
    int[] a = new int[length];
    Arrays.fill(a, NONE);
    return a;
  }
}
