package io.spanweave.runfiles.internal.facts;

import java.util.function.Function;

/**
 * The keys of one kind of OTLP object that the walk reads (a span's, say), recognised at the
 * cursor. Each key is first tried as the writers write it, quote, name, quote and colon matched
 * whole as a {@link JsonCursor.Literal} among the few keys starting with the same letter; a key not
 * written that way is read token by token ({@link JsonCursor#readKey}) and compared by name, so
 * both ways give the same answer and check the same grammar.
 *
 * <p>Immutable; {@link #read} moves the cursor it is given.
 *
 * @param <K> the enum of the keys
 */
final class KnownKeys<K extends Enum<K>> {
  private final K[] keys;
  private final byte[][] names;

  /** By a key's first byte: the literals of the keys starting with it, and those keys. */
  private final JsonCursor.Literal[][] literals = new JsonCursor.Literal[128][];

  private final Object[][] byLiteral = new Object[128][];

  KnownKeys(K[] keys, Function<K, String> name) {
    this.keys = keys.clone();
    this.names = new byte[keys.length][];
    for (int k = 0; k < keys.length; k++) {
      String text = name.apply(keys[k]);
      names[k] = JsonCursor.bytes(text);
      int first = text.charAt(0);
      JsonCursor.Literal[] more = literals[first];
      int n = more == null ? 0 : more.length;
      literals[first] =
          java.util.Arrays.copyOf(more == null ? new JsonCursor.Literal[0] : more, n + 1);
      literals[first][n] = JsonCursor.Literal.of('"' + text + "\":");
      Object[] known = byLiteral[first];
      byLiteral[first] = java.util.Arrays.copyOf(known == null ? new Object[0] : known, n + 1);
      byLiteral[first][n] = keys[k];
    }
  }

  /**
   * Reads the key at the cursor and the colon after it.
   *
   * @return the key, or null for a key the walk does not read (its value is next)
   */
  @SuppressWarnings("unchecked") // byLiteral holds only K
  K read(JsonCursor in) {
    int p = in.pos;
    if (p + 1 < in.end && in.b[p] == '"') {
      int first = in.b[p + 1];
      if (first > 0) {
        JsonCursor.Literal[] candidates = literals[first];
        if (candidates != null) {
          for (int k = 0; k < candidates.length; k++) {
            if (in.skip(candidates[k])) {
              return (K) byLiteral[first][k];
            }
          }
        }
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
