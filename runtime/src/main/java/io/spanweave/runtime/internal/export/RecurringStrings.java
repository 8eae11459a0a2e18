package io.spanweave.runtime.internal.export;

import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.JsonStringEncoder;
import com.fasterxml.jackson.core.io.SerializedString;
import java.io.IOException;

/**
 * Writes JSON string values that recur from span to span (span names, stage and kind values,
 * attribute keys, thread names) from their encoded form, made once, instead of escaping them
 * character by character on every span: in a profile of the export workers, Jackson's per-character
 * escaping was the largest single cost.
 *
 * <p>The strings that recur are the same instances (constants of the generated code, a thread's
 * name, the SDK's cached attribute keys), so the cache is keyed by identity, in two direct-mapped
 * tables of {@value #SLOTS} slots indexed by the string's hash: a string seen once is only noted as
 * a candidate; seen again in its candidate slot, it is encoded and moves to the encoded table. So
 * one-off values (a sample id on every span) cost one reference store and never an encoding, and
 * they cannot push the recurring strings out, which only another recurring string of the same slot
 * can. Memory stays bounded at twice {@value #SLOTS} strings (held reachable until their slot is
 * reused, which is why the tables are small) and their encodings.
 *
 * <p>Not thread-safe: one instance per worker.
 */
final class RecurringStrings {

  private static final int SLOTS = 512;

  private final Object[] candidates = new Object[SLOTS];
  private final Object[] known = new Object[SLOTS];

  /** The JSON string value of each known string, quotes included, to be written raw. */
  private final SerializableString[] encodings = new SerializableString[SLOTS];

  /**
   * Writes {@code value} as a JSON string value if its encoded form is known, the same JSON as
   * {@code json.writeString(value)} means; otherwise notes the sighting and returns {@code false},
   * and the caller writes it its own way. Strings with surrogates are never cached: their encodings
   * differ between writers (escaped pairs, replaced unpaired ones), so those stay the caller's.
   */
  boolean tryWrite(JsonGenerator json, String value) throws IOException {
    SerializableString encoding = encoded(value);
    if (encoding == null) {
      return false;
    }
    json.writeRawValue(
        encoding); // the value's separator and context as writeString's, then the bytes
    return true;
  }

  /**
   * The JSON string value of {@code value}, quotes included, as bytes to write raw ({@code
   * JsonGenerator.writeRaw}), if it is known; otherwise notes the sighting and returns {@code
   * null}.
   */
  SerializableString encoded(String value) {
    int slot = slot(value);
    if (known[slot] == value) {
      return encodings[slot];
    }
    if (candidates[slot] != value) {
      candidates[slot] = value;
      return null;
    }
    candidates[slot] = null;
    if (hasSurrogate(value)) {
      return null;
    }
    SerializableString encoding =
        new SerializedString(
            '"' + new String(JsonStringEncoder.getInstance().quoteAsString(value)) + '"');
    known[slot] = value;
    encodings[slot] = encoding;
    return encoding;
  }

  /**
   * The slot of {@code value}: from {@code String.hashCode}, which the string caches, rather than
   * the identity hash, which the JVM installs in the object header the first time it is asked for,
   * once for every one-off value. (On the export benchmark's spans, whose strings all recur, the
   * two measured the same.) Entries still match by identity only.
   */
  private static int slot(String value) {
    int hash = value.hashCode();
    return (hash ^ (hash >>> 16)) & (SLOTS - 1);
  }

  private static boolean hasSurrogate(String value) {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        return true;
      }
    }
    return false;
  }
}
