package io.spanweave.runfiles.internal.facts;

import java.util.function.Function;

/**
 * The keys of one kind of OTLP object that the walk reads (a span's, say), recognised at the
 * cursor. A writer puts an object's keys in the same order every time, so each key is first
 * guessed: the key that followed the one before it last time, matched whole (quote, name, quote,
 * colon) as a {@link JsonCursor.Literal}. A wrong guess tries the other keys' literals, and a key
 * written any other way is read token by token ({@link JsonCursor#readKey}) and compared by name:
 * every way gives the same key and checks the same grammar.
 *
 * <p>Learns the order as it reads: one instance per walk, not thread-safe.
 *
 * @param <K> the enum of the keys
 */
@SuppressWarnings("EnumOrdinal") // keys index the tables by ordinal: the walk's hot path
final class KnownKeys<K extends Enum<K>> {
  private final K[] keys;
  private final byte[][] names;

  /** Each key as written compactly, {@code "name":}, by ordinal. */
  private final JsonCursor.Literal[] literals;

  /**
   * By the ordinal of the key read before (the last slot: none, the object's first key), the
   * ordinal of the key that followed it last time.
   */
  private final int[] next;

  KnownKeys(K[] keys, Function<K, String> name) {
    this.keys = keys.clone();
    this.names = new byte[keys.length][];
    this.literals = new JsonCursor.Literal[keys.length];
    for (int k = 0; k < keys.length; k++) {
      String text = name.apply(keys[k]);
      names[k] = JsonCursor.bytes(text);
      literals[k] = JsonCursor.Literal.of('"' + text + "\":");
    }
    this.next = new int[keys.length + 1];
  }

  /**
   * Reads the key at the cursor and the colon after it.
   *
   * @param previous the key read before in the same object, null for none (or one not known)
   * @return the key, or null for a key the walk does not read (its value is next)
   */
  K read(JsonCursor in, K previous) {
    int before = previous == null ? keys.length : previous.ordinal();
    int guess = next[before];
    if (in.skip(literals[guess])) {
      return keys[guess];
    }
    K key = readUnguessed(in);
    if (key != null) {
      next[before] = key.ordinal();
    }
    return key;
  }

  private K readUnguessed(JsonCursor in) {
    for (int k = 0; k < literals.length; k++) {
      if (in.skip(literals[k])) {
        return keys[k];
      }
    }
    in.readKey();
    for (int k = 0; k < names.length; k++) {
      if (in.keyIs(names[k])) {
        return keys[k];
      }
    }
    return null;
  }
}
