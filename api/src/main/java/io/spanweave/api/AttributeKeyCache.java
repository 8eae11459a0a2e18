package io.spanweave.api;

import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SensitiveKeys;
import io.spanweave.conventions.SpanAttributes;

import io.opentelemetry.api.common.AttributeKey;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The typed {@link AttributeKey}s of attribute names, built once per name instead of on every
 * call: OpenTelemetry's {@code String}-keyed {@code setAttribute} builds (and hashes) a new key
 * each time. Bounded: once {@code capacity} names are cached, further names get fresh keys on
 * every call, exactly as the {@code String}-keyed methods would, so a program that builds
 * attribute names dynamically cannot grow the cache without limit.
 */
final class AttributeKeyCache {

  /** Names cached per cache; stage attributes and metrics are a fixed, small set in practice. */
  static final int DEFAULT_CAPACITY = 1024;

  /** The keys of attribute names as given. */
  static final AttributeKeyCache ATTRIBUTES = new AttributeKeyCache("", DEFAULT_CAPACITY);
  /**
   * The keys of metrics: the name with {@link SpanAttributes#METRIC_PREFIX} applied, and for a GenAI
   * name the name as it is beside it ({@link Keys#genAi}).
   */
  static final AttributeKeyCache METRICS = new AttributeKeyCache(SpanAttributes.METRIC_PREFIX, DEFAULT_CAPACITY);

  /** The four scalar keys of one attribute name, and what the name says its text holds. */
  static final class Keys {
    final AttributeKey<String> string;
    final AttributeKey<Long> longKey;
    final AttributeKey<Double> doubleKey;
    final AttributeKey<Boolean> booleanKey;
    /** Read once per name: a key that names a secret or a payload has its text redacted or dropped. */
    final SensitiveKeys.Sensitivity sensitivity;
    /**
     * For a metric keyed with a GenAI name ({@code gen_ai.usage.input_tokens}): the keys of that
     * name as it is, which the metric is recorded under too, so that LLM backends read it; else null.
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
      this.sensitivity = name == null ? SensitiveKeys.Sensitivity.NONE : SensitiveKeys.classify(name);
    }
  }

  private final String prefix;
  private final int capacity;
  private final ConcurrentHashMap<String, Keys> keys = new ConcurrentHashMap<>();

  AttributeKeyCache(String prefix, int capacity) {
    this.prefix = prefix;
    this.capacity = capacity;
  }

  /** The keys of {@code prefix + name}; cached unless the cache is full or {@code name} is {@code null}. */
  Keys of(String name) {
    if (name == null) {
      return new Keys(prefix.isEmpty() ? null : prefix + name);
    }
    Keys cached = keys.get(name);
    if (cached != null) {
      return cached;
    }
    Keys made = prefix.isEmpty() ? new Keys(name)
        : new Keys(prefix + name, GenAiAttributes.isGenAi(name) ? new Keys(name) : null);
    // The size check is not atomic with the insert: concurrent first uses may overshoot the
    // capacity by at most the number of threads racing, never without bound.
    if (keys.size() < capacity) {
      Keys raced = keys.putIfAbsent(name, made);
      return raced != null ? raced : made;
    }
    return made;
  }

  /** Names cached so far. */
  int size() {
    return keys.size();
  }
}
