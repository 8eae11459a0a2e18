package io.spanweave.runtime.internal.guard;

import io.spanweave.conventions.ContentPolicy;
import io.spanweave.conventions.ContentPolicy.Action;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link ContentPolicy}'s answers for the keys and event names that recur span after span, so that
 * each distinct key is read as words once: an open-addressing table of up to {@value #MAX_NAMES}
 * names, looked up by a {@code String} or by UTF-8 bytes without making a string. When a sender
 * writes more distinct names than that, the table starts over, so memory stays bounded whatever it
 * writes. Not thread-safe: one per writer or encoder.
 */
public final class PolicyCache {

  private static final int SLOTS = 2048;
  private static final int MAX_NAMES = SLOTS / 2;

  /** What a name is: the action for it as a key, and whether an event of that name is dropped. */
  public record Decision(String name, Action action, boolean dropsEvent) {}

  private final String[] names = new String[SLOTS];
  private final Decision[] decisions = new Decision[SLOTS];
  private int size;
  private final byte[][] utf8Names = new byte[SLOTS][];
  private final Decision[] utf8Decisions = new Decision[SLOTS];
  private int utf8Size;

  /** The decision for {@code name}. */
  public Decision of(String name) {
    int slot = slot(name.hashCode());
    while (names[slot] != null) {
      if (names[slot].equals(name)) {
        return decisions[slot];
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    Decision decision = decide(name);
    if (size == MAX_NAMES) {
      java.util.Arrays.fill(names, null);
      java.util.Arrays.fill(decisions, null);
      size = 0;
      slot = slot(name.hashCode());
    }
    names[slot] = name;
    decisions[slot] = decision;
    size++;
    return decision;
  }

  /** The decision for the name in {@code utf8[offset, offset + length)}. */
  public Decision of(byte[] utf8, int offset, int length) {
    int hash = 1;
    for (int i = offset; i < offset + length; i++) {
      hash = 31 * hash + utf8[i];
    }
    int slot = slot(hash);
    while (utf8Names[slot] != null) {
      byte[] cached = utf8Names[slot];
      if (Arrays.equals(cached, 0, cached.length, utf8, offset, offset + length)) {
        return utf8Decisions[slot];
      }
      slot = (slot + 1) & (SLOTS - 1);
    }
    Decision decision = decide(new String(utf8, offset, length, StandardCharsets.UTF_8));
    if (utf8Size == MAX_NAMES) {
      Arrays.fill(utf8Names, null);
      Arrays.fill(utf8Decisions, null);
      utf8Size = 0;
      slot = slot(hash);
    }
    utf8Names[slot] = Arrays.copyOfRange(utf8, offset, offset + length);
    utf8Decisions[slot] = decision;
    utf8Size++;
    return decision;
  }

  private static Decision decide(String name) {
    return new Decision(name, ContentPolicy.forKey(name), ContentPolicy.dropsEvent(name));
  }

  private static int slot(int hash) {
    int mixed = hash * 0x9E3779B9;
    return (mixed ^ (mixed >>> 16)) & (SLOTS - 1);
  }
}
