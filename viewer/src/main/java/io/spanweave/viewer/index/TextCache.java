package io.spanweave.viewer.index;

import com.fasterxml.jackson.core.JsonParser;
import java.io.IOException;

/**
 * Canonical String instances for short texts that repeat (attribute keys, stage names, kinds, task
 * names), looked up straight from the parser's character buffer. A million spans repeat the same
 * twenty keys millions of times; without this each one is a new String that is hashed again by
 * every switch and map that sees it. One cache lives for one block of lines, so high-cardinality
 * values (ids) cannot fill it for long.
 */
final class TextCache {
  private static final int SLOTS = 4096;
  private static final int MAX_LENGTH = 48;

  private final String[] slots = new String[SLOTS];

  /** The current string token of {@code p}, canonical when short. */
  @SuppressWarnings("ReturnValueIgnored") // the new string is hashed now, on the parse thread
  String text(JsonParser p) throws IOException {
    int length = p.getTextLength();
    if (length > MAX_LENGTH) {
      return p.getText();
    }
    char[] chars = p.getTextCharacters();
    int offset = p.getTextOffset();
    int hash = 0;
    for (int i = 0; i < length; i++) {
      hash = 31 * hash + chars[offset + i];
    }
    int slot = (hash ^ (hash >>> 16)) & (SLOTS - 1);
    String cached = slots[slot];
    if (cached != null
        && cached.length() == length
        && cached.hashCode() == hash
        && regionEquals(cached, chars, offset, length)) {
      return cached;
    }
    String fresh = new String(chars, offset, length);
    fresh.hashCode();
    slots[slot] = fresh;
    return fresh;
  }

  private static boolean regionEquals(String s, char[] chars, int offset, int length) {
    for (int i = 0; i < length; i++) {
      if (s.charAt(i) != chars[offset + i]) {
        return false;
      }
    }
    return true;
  }
}
