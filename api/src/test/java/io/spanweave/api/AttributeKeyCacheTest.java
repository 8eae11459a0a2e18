package io.spanweave.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.AttributeType;
import io.spanweave.conventions.SpanAttributes;
import org.junit.jupiter.api.Test;

/** The typed keys cached per attribute name: reused, prefixed for metrics, and bounded. */
class AttributeKeyCacheTest {

  @Test
  void reusesTheKeysOfAName() {
    AttributeKeyCache cache = new AttributeKeyCache("", 8);
    AttributeKeyCache.Keys first = cache.of("prompt.length");
    AttributeKeyCache.Keys again = cache.of("prompt.length");
    assertThat(again).isSameAs(first);
    assertThat(again.string).isSameAs(first.string);
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void buildsTheFourTypedKeysOfTheName() {
    AttributeKeyCache.Keys keys = new AttributeKeyCache("", 8).of("n");
    assertThat(keys.string).isEqualTo(AttributeKey.stringKey("n"));
    assertThat(keys.longKey).isEqualTo(AttributeKey.longKey("n"));
    assertThat(keys.doubleKey).isEqualTo(AttributeKey.doubleKey("n"));
    assertThat(keys.booleanKey).isEqualTo(AttributeKey.booleanKey("n"));
    assertThat(keys.longKey.getType()).isEqualTo(AttributeType.LONG);
  }

  @Test
  void metricKeysCarryThePrefix() {
    AttributeKeyCache.Keys keys = AttributeKeyCache.METRICS.of("reward");
    assertThat(keys.doubleKey)
        .isEqualTo(AttributeKey.doubleKey(SpanAttributes.METRIC_PREFIX + "reward"));
    assertThat(AttributeKeyCache.METRICS.of("reward")).isSameAs(keys);
  }

  @Test
  void aMetricWithAGenAiNameAlsoHasTheKeysOfThatName() {
    AttributeKeyCache.Keys keys = AttributeKeyCache.METRICS.of("gen_ai.usage.input_tokens");
    assertThat(keys.longKey)
        .isEqualTo(
            AttributeKey.longKey(SpanAttributes.METRIC_PREFIX + "gen_ai.usage.input_tokens"));
    assertThat(keys.genAi.longKey).isEqualTo(AttributeKey.longKey("gen_ai.usage.input_tokens"));
    assertThat(AttributeKeyCache.METRICS.of("reward").genAi).isNull();
    assertThat(AttributeKeyCache.ATTRIBUTES.of("gen_ai.usage.input_tokens").genAi).isNull();
  }

  @Test
  void neverCachesMoreThanItsCapacity() {
    AttributeKeyCache cache = new AttributeKeyCache("p.", 4);
    for (int i = 0; i < 100; i++) {
      assertThat(cache.of("k" + i).longKey).isEqualTo(AttributeKey.longKey("p.k" + i));
    }
    assertThat(cache.size()).isEqualTo(4);
    // Names past the capacity still get correct keys, built afresh each time.
    AttributeKeyCache.Keys past = cache.of("k50");
    assertThat(past.string).isEqualTo(AttributeKey.stringKey("p.k50"));
    assertThat(cache.of("k50")).isNotSameAs(past);
    // Names cached before the cache filled up are still reused.
    assertThat(cache.of("k0")).isSameAs(cache.of("k0"));
  }

  @Test
  void aNameIsFoundByIdentityAndByEqualityAlike() {
    AttributeKeyCache cache = new AttributeKeyCache("", 8);
    String constant = "sample.id";
    AttributeKeyCache.Keys byConstant = cache.of(constant);
    assertThat(cache.of(constant)).isSameAs(byConstant);
    // The same name built at run time, another instance: the same keys, from the map.
    String built = new StringBuilder("sample").append(".id").toString();
    assertThat(built).isNotSameAs(constant);
    assertThat(cache.of(built)).isSameAs(byConstant);
    assertThat(cache.of(constant)).isSameAs(byConstant);
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void namesBuiltOnEveryCallAreStillAnsweredRightAndBounded() {
    AttributeKeyCache cache = new AttributeKeyCache("", 8);
    AttributeKeyCache.Keys first = cache.of(new String("step.reward"));
    for (int i = 0; i < 1000; i++) {
      assertThat(cache.of(new String("step.reward"))).isSameAs(first);
    }
    assertThat(cache.size()).isEqualTo(1);
  }

  @Test
  void aNullNameIsNotCached() {
    AttributeKeyCache cache = new AttributeKeyCache("", 4);
    assertThat(cache.of(null).string.getKey()).isEmpty();
    assertThat(cache.size()).isZero();
  }
}
