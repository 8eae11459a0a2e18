package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.StringPool;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Up to eight case-insensitive search terms. A term matches a trace when it is a substring of the
 * trace id, a span id, a span name or a string attribute value of any span in it; a trace matches
 * when every term does ("rollout step" finds a root named "rollout.step2.g2").
 *
 * <p>Matching strings are found once per term by scanning the string pool (each distinct value
 * once, not once per span), and remembered: pool ids never change, so later scans only look at
 * strings added since.
 */
final class SearchTerms {
  static final int MAX_TERMS = 8;
  private static final int MAX_TERM_LENGTH = 200;

  private static final class Matches {
    final BitSet ids = new BitSet();
    int scannedUpTo;
  }

  private final Map<String, Matches> byTerm = new ConcurrentHashMap<>();

  static List<String> split(String query) {
    List<String> terms = new ArrayList<>();
    if (query == null) {
      return terms;
    }
    for (String t : query.trim().split("\\s+")) {
      if (!t.isEmpty()) {
        if (t.length() > MAX_TERM_LENGTH) {
          throw new BadRequestException("search term longer than " + MAX_TERM_LENGTH + " characters");
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
  BitSet matching(String term, StringPool pool) {
    Matches m = byTerm.computeIfAbsent(term, k -> new Matches());
    synchronized (m) {
      int size = pool.size();
      for (int id = m.scannedUpTo; id < size; id++) {
        if (containsIgnoreCase(pool.get(id), term)) {
          m.ids.set(id);
        }
      }
      m.scannedUpTo = size;
      return (BitSet) m.ids.clone();
    }
  }

  /** Substring test without allocating a lower-cased copy of every string in the pool. */
  static boolean containsIgnoreCase(String haystack, String lowerNeedle) {
    int n = lowerNeedle.length();
    if (n == 0) {
      return true;
    }
    char first = lowerNeedle.charAt(0);
    for (int i = 0, last = haystack.length() - n; i <= last; i++) {
      if (Character.toLowerCase(haystack.charAt(i)) == first
          && haystack.regionMatches(true, i, lowerNeedle, 0, n)) {
        return true;
      }
    }
    return false;
  }

  /** The span id a term names exactly, or 0. */
  static long asSpanId(String term) {
    return term.length() == 16 && SpanIds.isHex(term) ? Long.parseUnsignedLong(term, 16) : 0L;
  }
}
