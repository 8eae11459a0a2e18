package io.spanweave.viewer.index;

import java.util.Arrays;
import java.util.BitSet;

/**
 * The inverted index of free-text search: for each interned string, the traces in which it is a
 * span's name, one of its searchable attribute values, or the trace id itself. A search finds the
 * strings that contain its term (few, and found in the pool's text, not per span) and unions their
 * traces here, instead of testing every span's values: the work is the number of postings of the
 * matching strings, not the number of spans in the file.
 *
 * <p>Most strings (sample ids, session ids, trace ids) occur in one trace, so the first trace of a
 * string is kept inline and only strings seen in several traces get an array. A posting equal to
 * the string's last one is not added again; spans of a trace are mostly read together, so that
 * keeps nearly all lists free of repeats (a rare repeat only costs a set bit set twice).
 *
 * <p>Written by the indexing thread under the index's write lock, read under its read lock.
 */
final class SearchPostings {
  private static final int NONE = -1;

  private int[] first = filled(1024);
  private int[][] more = new int[1024][];
  private int[] moreCount = new int[1024];

  /** Records that string {@code stringId} occurs in trace {@code trace}. */
  void add(int stringId, int trace) {
    if (stringId < 0) {
      return;
    }
    if (stringId >= first.length) {
      grow(stringId);
    }
    int head = first[stringId];
    if (head == NONE) {
      first[stringId] = trace;
      return;
    }
    int n = moreCount[stringId];
    int[] list = more[stringId];
    if (head == trace || (n > 0 && list[n - 1] == trace)) {
      return;
    }
    if (list == null) {
      list = new int[4];
      more[stringId] = list;
    } else if (n == list.length) {
      list = Arrays.copyOf(list, n + (n >> 1) + 4);
      more[stringId] = list;
    }
    list[n] = trace;
    moreCount[stringId] = n + 1;
  }

  /** Sets in {@code traces} every trace of every string in {@code stringIds}. */
  void addTraces(BitSet stringIds, BitSet traces) {
    for (int id = stringIds.nextSetBit(0);
        id >= 0 && id < first.length;
        id = stringIds.nextSetBit(id + 1)) {
      int head = first[id];
      if (head == NONE) {
        continue;
      }
      traces.set(head);
      int[] list = more[id];
      for (int k = 0, n = moreCount[id]; k < n; k++) {
        traces.set(list[k]);
      }
    }
  }

  private void grow(int stringId) {
    int size = Math.max(stringId + 1, first.length + (first.length >> 1));
    int old = first.length;
    first = Arrays.copyOf(first, size);
    Arrays.fill(first, old, size, NONE);
    more = Arrays.copyOf(more, size);
    moreCount = Arrays.copyOf(moreCount, size);
  }

  private static int[] filled(int length) {
    int[] a = new int[length];
    Arrays.fill(a, NONE);
    return a;
  }
}
