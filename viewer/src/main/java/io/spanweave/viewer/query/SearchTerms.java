package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.StringPool;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;

/**
 * Up to eight case-insensitive search terms. A term matches a trace when it is a substring of the
 * trace id, a span id, a span name or a string attribute value of any span in it; a trace matches
 * when every term does ("rollout step" finds a root named "rollout.step2.g2").
 *
 * <p>Matching strings are found in one lower-cased text holding every distinct string of the index
 * once (kept by the pool), with the JDK's vectorised {@code indexOf}; a hit maps back to its string
 * id by a forward search. That is a few milliseconds for a million spans, where testing each string
 * on its own took hundreds. The traces of the matching strings then come from the index's inverted
 * index.
 */
final class SearchTerms {
  static final int MAX_TERMS = 8;
  private static final int MAX_TERM_LENGTH = 200;

  static List<String> split(String query) {
    List<String> terms = new ArrayList<>();
    if (query == null) {
      return terms;
    }
    for (String t : query.trim().split("\\s+")) {
      if (!t.isEmpty()) {
        if (t.length() > MAX_TERM_LENGTH) {
          throw new BadRequestException(
              "search term longer than " + MAX_TERM_LENGTH + " characters");
        }
        terms.add(t.toLowerCase(Locale.ROOT));
      }
    }
    if (terms.size() > MAX_TERMS) {
      throw new BadRequestException("at most " + MAX_TERMS + " search terms, got " + terms.size());
    }
    return terms;
  }

  /** Pool ids of strings containing {@code term}; the caller holds the index read lock. */
  static BitSet matching(String term, StringPool pool) {
    int size = pool.size();
    BitSet ids = new BitSet(size);
    if (term.indexOf(StringPool.SEPARATOR) >= 0) {
      return ids;
    }
    int from = 0;
    int id = 0;
    while (true) {
      int at = pool.indexOfInText(term, from);
      if (at < 0) {
        break;
      }
      id = idAt(pool, size, at, id);
      ids.set(id);
      from = pool.textStart(id + 1);
    }
    return ids;
  }

  /**
   * The id of the string at {@code offset}, searching forward from {@code atLeast} (hits come in
   * order): a gallop, then a binary search, so a term found in most strings costs about one step
   * per hit and a rare term a logarithm.
   */
  private static int idAt(StringPool pool, int size, int offset, int atLeast) {
    int lo = atLeast; // starts at or before offset: hits come after the previous hit's string
    int hi = lo + 1;
    for (int step = 1; hi < size && pool.textStart(hi) <= offset; step <<= 1) {
      lo = hi;
      hi = lo + step;
    }
    hi = Math.min(hi, size) - 1;
    while (lo < hi) {
      int mid = (lo + hi + 1) >>> 1;
      if (pool.textStart(mid) <= offset) {
        lo = mid;
      } else {
        hi = mid - 1;
      }
    }
    return lo;
  }

  /** The span id a term names exactly, or 0. */
  static long asSpanId(String term) {
    return term.length() == 16 && SpanIds.isHex(term) ? Long.parseUnsignedLong(term, 16) : 0L;
  }
}
