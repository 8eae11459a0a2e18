package io.spanweave.runtime.internal.guard;

import io.spanweave.conventions.ContentPolicy;
import io.spanweave.conventions.ContentPolicy.Action;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;

/**
 * {@link ContentPolicy}'s answers for the keys and event names that recur span after span, so that
 * each distinct key is read as words once: a direct-mapped table of {@value #SLOTS} names, looked
 * up by a {@code String} or by UTF-8 bytes without making a string. A name whose slot another
 * holds is read again when it comes back, so memory stays bounded whatever a sender writes. Not
 * thread-safe: one per writer or encoder.
 */
public final class PolicyCache {

  private static final int SLOTS = 512;

  /** What a name is: the action for it as a key, and whether an event of that name is dropped. */
  public record Decision(String name, Action action, boolean dropsEvent) {
  }

  private final String[] names = new String[SLOTS];
  private final byte[][] utf8Names = new byte[SLOTS][];
  private final Decision[] decisions = new Decision[SLOTS];

  /** The decision for {@code name}. */
  public Decision of(String name) {
    int slot = slot(name.hashCode());
    Decision cached = decisions[slot];
    if (cached != null && names[slot] != null && names[slot].equals(name)) {
      return cached;
    }
    Decision decision = decide(name);
    names[slot] = name;
    utf8Names[slot] = null;
    decisions[slot] = decision;
    return decision;
  }

  /** The decision for the name in {@code utf8[offset, offset + length)}. */
  public Decision of(byte[] utf8, int offset, int length) {
    int hash = 1;
    for (int i = offset; i < offset + length; i++) {
      hash = 31 * hash + utf8[i];
    }
    int slot = slot(hash ^ 0x5bd1e995);
    byte[] cachedName = utf8Names[slot];
    if (cachedName != null && Arrays.equals(cachedName, 0, cachedName.length, utf8, offset, offset + length)) {
      return decisions[slot];
    }
    Decision decision = decide(new String(utf8, offset, length, StandardCharsets.UTF_8));
    names[slot] = null;
    utf8Names[slot] = Arrays.copyOfRange(utf8, offset, offset + length);
    decisions[slot] = decision;
    return decision;
  }

  private static Decision decide(String name) {
    return new Decision(name, ContentPolicy.forKey(name), ContentPolicy.dropsEvent(name));
  }

  private static int slot(int hash) {
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }
}
