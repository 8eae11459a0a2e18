package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SensitiveKeys;
import io.spanweave.conventions.SpanAttributes;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The typed {@link AttributeKey}s of attribute names, built once per name instead of on every call:
 * OpenTelemetry's {@code String}-keyed {@code setAttribute} builds (and hashes) a new key each
 * time. Bounded: once {@code capacity} names are cached, further names get fresh keys on every
 * call, exactly as the {@code String}-keyed methods would, so a program that builds attribute names
 * dynamically cannot grow the cache without limit.
 *
 * <p>The names generated code passes are string constants, the same instance on every call, so a
 * small table indexed by identity answers them first (an identity hash, a slot, a comparison),
 * ahead of the map's hash and equality.
 */
final class AttributeKeyCache {

  /** Names cached per cache; stage attributes and metrics are a fixed, small set in practice. */
  static final int DEFAULT_CAPACITY = 1024;

  /** The keys of attribute names as given. */
  static final AttributeKeyCache ATTRIBUTES = new AttributeKeyCache("", DEFAULT_CAPACITY);

  /**
   * The keys of metrics: the name with {@link SpanAttributes#METRIC_PREFIX} applied, and for a
   * GenAI name the name as it is beside it ({@link Keys#genAi}).
   */
  static final AttributeKeyCache METRICS =
      new AttributeKeyCache(SpanAttributes.METRIC_PREFIX, DEFAULT_CAPACITY);

  /** The four scalar keys of one attribute name, and what the name says its text holds. */
  static final class Keys {
    final AttributeKey<String> string;
    final AttributeKey<Long> longKey;
    final AttributeKey<Double> doubleKey;
    final AttributeKey<Boolean> booleanKey;

    /**
     * Read once per name: a key that names a secret or a payload has its text redacted or dropped.
     */
    final SensitiveKeys.Sensitivity sensitivity;

    /**
     * Whether the value names the sample the stage serves, which log lines then carry (only while
     * SLF4J is there).
     */
    final boolean samplesLogs;

    /**
     * For a metric keyed with a GenAI name ({@code gen_ai.usage.input_tokens}): the keys of that
     * name as it is, which the metric is recorded under too, so that LLM backends read it; else
     * null.
     */
    final Keys genAi;

    Keys(String name) {
      this(name, null);
    }

    Keys(String name, Keys genAi) {
      this.genAi = genAi;
      this.string = AttributeKey.stringKey(name);
      this.longKey = AttributeKey.longKey(name);
      this.doubleKey = AttributeKey.doubleKey(name);
      this.booleanKey = AttributeKey.booleanKey(name);
      this.sensitivity =
          name == null ? SensitiveKeys.Sensitivity.NONE : SensitiveKeys.classify(name);
      this.samplesLogs = name != null && LogCorrelation.ENABLED && LogCorrelation.namesSample(name);
    }
  }

  /** A name and its keys, in the identity table. */
  private static final class Entry {
    final String name;
    final Keys keys;

    Entry(String name, Keys keys) {
      this.name = name;
      this.keys = keys;
    }
  }

  /** Slots of the identity table: a power of two. */
  private static final int IDENTITY_SLOTS = 256;

  private final String prefix;
  private final int capacity;
  private final ConcurrentHashMap<String, Keys> keys = new ConcurrentHashMap<>();

  /**
   * Names found by identity: a slot holds the first cached name whose identity hash fell in it, and
   * keeps it (so that names built on every call, new instances each time, cannot churn it). A
   * thread may see a slot empty or another name's entry (a plain array, racy on purpose), and then
   * asks the map; entries never change.
   */
  private final Entry[] byIdentity = new Entry[IDENTITY_SLOTS];

  AttributeKeyCache(String prefix, int capacity) {
    this.prefix = prefix;
    this.capacity = capacity;
  }

  /**
   * The keys of {@code prefix + name}; cached unless the cache is full or {@code name} is {@code
   * null}.
   */
  Keys of(String name) {
    if (name == null) {
      return new Keys(prefix.isEmpty() ? null : prefix + name);
    }
    int slot = System.identityHashCode(name) & (IDENTITY_SLOTS - 1);
    Entry entry = byIdentity[slot];
    if (entry != null && entry.name == name) {
      return entry.keys;
    }
    return lookUp(name, slot);
  }

  /** {@link #of} past the identity table: the map, and the table's slot for next time. */
  private Keys lookUp(String name, int slot) {
    Keys cached = keys.get(name);
    if (cached != null) {
      remember(name, cached, slot);
      return cached;
    }
    Keys made = prefix.isEmpty() ? new Keys(name) : prefixed(prefix, name);
    // The size check is not atomic with the insert: concurrent first uses may overshoot the
    // capacity by at most the number of threads racing, never without bound.
    if (keys.size() < capacity) {
      Keys raced = keys.putIfAbsent(name, made);
      Keys kept = raced != null ? raced : made;
      remember(name, kept, slot);
      return kept;
    }
    return made;
  }

  private void remember(String name, Keys cached, int slot) {
    if (byIdentity[slot] == null) {
      byIdentity[slot] = new Entry(name, cached);
    }
  }

  /**
   * The keys of {@code prefix + name}, with the GenAI name's own keys beside them ({@link
   * Keys#genAi}).
   */
  static Keys prefixed(String prefix, String name) {
    return new Keys(prefix + name, GenAiAttributes.isGenAi(name) ? new Keys(name) : null);
  }

  /** Names cached so far. */
  int size() {
    return keys.size();
  }
}
