package io.spanweave.runfiles.internal.facts;

import io.spanweave.conventions.SpanAttributes;
import io.spanweave.conventions.ViewerKeys;
import java.nio.charset.StandardCharsets;
import java.util.HashMap;
import java.util.Map;

/**
 * What an attribute key means to the summaries, looked up straight from the key's bytes: most keys
 * of a span mean nothing to them, and finding that out must cost no String. Which key means what is
 * {@link ViewerKeys}'s to say; this class only indexes its names by their bytes, and adds the few
 * keys read from a resource ({@code service.name}, the run's attempt) or an exception event.
 *
 * <p>Not thread-safe (the metric names it learns are cached per scanner).
 */
final class AttributeKeys {
  /** What a key is. */
  static final class Key {
    /** A key the summaries read on spans ({@link ViewerKeys#key}), or null. */
    final ViewerKeys.Key meaning;

    final boolean runAttempt;
    final boolean serviceName;
    final boolean exceptionType;

    /**
     * For {@code spanweave.metric.<name>}: the name, and what it means beyond a metric (or null).
     */
    final String metricName;

    final ViewerKeys.Key metricMeaning;

    /** {@code xtuner.status}: a failed word there fails the span too. */
    final boolean statusFailsSpan;

    private Key(String name, ViewerKeys.Key meaning, String metricName) {
      this.meaning = meaning;
      this.runAttempt = name.equals(SpanAttributes.RUN_ATTEMPT);
      this.serviceName = name.equals(ViewerKeys.SERVICE_NAME);
      this.exceptionType = name.equals(ViewerKeys.EXCEPTION_TYPE);
      this.metricName = metricName;
      this.metricMeaning = metricName == null ? null : ViewerKeys.metricKey(metricName);
      this.statusFailsSpan = ViewerKeys.sampleStatusAlsoFailsSpan(name);
      this.onSpan =
          (meaning != null && SpanFactRules.counts(meaning.fact()))
              || runAttempt
              || metricName != null;
    }

    /**
     * Whether a span attribute of this key is read: the facts the summaries count, the attempt and
     * metrics. A fact they do not count (a sample's group, task or call path, say) is skipped like
     * an unknown key, its value never made into a String.
     */
    final boolean onSpan;

    /** Whether a resource attribute of this key is read. */
    boolean onResource() {
      return serviceName
          || runAttempt
          || (meaning != null && meaning.fact() == ViewerKeys.Fact.RUN_ID);
    }
  }

  private static final byte[] METRIC_PREFIX = JsonCursor.bytes(ViewerKeys.METRIC_PREFIX);
  private static final int SLOTS = 256;

  /** The fixed names, by String.hashCode (which equals the hash of an ASCII key's bytes). */
  private static final byte[][] NAMES = new byte[SLOTS][];

  private static final Key[] KEYS = new Key[SLOTS];
  private static final Map<String, Key> BY_NAME = new HashMap<>();

  static {
    for (String name : ViewerKeys.allKeys()) {
      add(name);
    }
    add(SpanAttributes.RUN_ATTEMPT);
    add(ViewerKeys.EXCEPTION_TYPE);
  }

  private static void add(String name) {
    if (BY_NAME.containsKey(name)) {
      return;
    }
    Key key = new Key(name, ViewerKeys.key(name), null);
    BY_NAME.put(name, key);
    int slot = name.hashCode() & (SLOTS - 1);
    while (NAMES[slot] != null) {
      slot = (slot + 1) & (SLOTS - 1);
    }
    NAMES[slot] = name.getBytes(StandardCharsets.US_ASCII);
    KEYS[slot] = key;
  }

  /** Metric keys seen, by their full key (cached strings, so lookups are by an equal instance). */
  private final Map<String, Key> metrics = new HashMap<>();

  /** Stands in the cache below for a key the summaries ignore. */
  private static final Key NOT_READ = new Key("", null, null);

  private static final int SEEN_SLOTS = 1024;

  /**
   * Keys met lately, by their bytes, with what they are: a span repeats the keys of the spans
   * before it, so most keys are found here by a hash of two words and a compare a word at a time,
   * instead of a hash and a compare a byte at a time (which the profile found a tenth of the walk).
   */
  private final byte[][] seenBytes = new byte[SEEN_SLOTS][];

  private final Key[] seenKeys = new Key[SEEN_SLOTS];

  /**
   * The key of the plain string {@code in} found last ({@link JsonCursor#plainString}), or null
   * when the summaries ignore it.
   */
  Key ofPlain(JsonCursor in) {
    int start = in.strStart;
    int length = in.strEnd - start;
    int slot = seenSlot(in, start, length);
    byte[] seen = seenBytes[slot];
    if (seen != null && seen.length == length && in.sameWords(start, length, seen)) {
      Key key = seenKeys[slot];
      return key == NOT_READ ? null : key;
    }
    Key key = of(in);
    seenBytes[slot] = java.util.Arrays.copyOfRange(in.b, start, start + length);
    seenKeys[slot] = key == null ? NOT_READ : key;
    return key;
  }

  private static int seenSlot(JsonCursor in, int start, int length) {
    if (length < 8) {
      return ((in.strHash() * 0x9E3779B9) >>> 22) & (SEEN_SLOTS - 1);
    }
    long h = (in.word(start) ^ Long.rotateLeft(in.word(start + length - 8), 29) ^ length);
    return (int) ((h * 0x9E3779B97F4A7C15L) >>> 54) & (SEEN_SLOTS - 1);
  }

  /** The key of the string the cursor scanned last, or null when the summaries ignore it. */
  Key of(JsonCursor in) {
    if (in.strPlain) {
      int slot = in.strHash() & (SLOTS - 1);
      int length = in.strEnd - in.strStart;
      byte[] name;
      while ((name = NAMES[slot]) != null) {
        if (name.length == length && JsonCursor.same(name, in.b, in.strStart)) {
          return KEYS[slot];
        }
        slot = (slot + 1) & (SLOTS - 1);
      }
      if (length < METRIC_PREFIX.length || !JsonCursor.same(METRIC_PREFIX, in.b, in.strStart)) {
        return null;
      }
      return metric(in.text());
    }
    String name = in.text();
    Key fixed = BY_NAME.get(name);
    if (fixed != null) {
      return fixed;
    }
    return name.startsWith(ViewerKeys.METRIC_PREFIX) ? metric(name) : null;
  }

  private Key metric(String key) {
    Key known = metrics.get(key);
    if (known == null) {
      if (metrics.size() > 4096) {
        metrics.clear(); // keys made of ids would grow it without end
      }
      known = new Key(key, null, key.substring(ViewerKeys.METRIC_PREFIX.length()));
      metrics.put(key, known);
    }
    return known;
  }
}
