package io.spanweave.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

class AttributeValuePolicyTest {

  private static Object normalize(Object value) {
    return AttributeValuePolicy.normalize(value, 8, 3);
  }

  @Test
  void scalarsBecomeTheFourOpenTelemetryKinds() {
    assertThat(normalize("abc")).isEqualTo("abc");
    assertThat(normalize(true)).isEqualTo(true);
    assertThat(normalize(7)).isEqualTo(7L);
    assertThat(normalize((short) 7)).isEqualTo(7L);
    assertThat(normalize(new AtomicInteger(3))).isEqualTo(3L);
    assertThat(normalize(1.5f)).isEqualTo(1.5d);
    assertThat(normalize('x')).isEqualTo("x");
    assertThat(normalize(TimeUnit.SECONDS)).isEqualTo("SECONDS");
  }

  @Test
  void bigNumbersHaveOneRule() {
    assertThat(normalize(new BigDecimal("2.5"))).isEqualTo(2.5d);
    assertThat(normalize(new BigDecimal("3"))).isEqualTo(3.0d);
    assertThat(normalize(BigInteger.valueOf(42))).isEqualTo(42L);
    assertThat(normalize(BigInteger.TWO.pow(70))).isEqualTo(Math.pow(2, 70));
  }

  @Test
  void nanAndInfinityAreKeptAsDoubles() {
    assertThat(normalize(Double.NaN)).isEqualTo(Double.NaN);
    assertThat(normalize(Double.POSITIVE_INFINITY)).isEqualTo(Double.POSITIVE_INFINITY);
  }

  @Test
  void nullIsLeftOut() {
    assertThat(normalize(null)).isNull();
    assertThat(normalize(Arrays.asList(null, null))).isNull();
  }

  @Test
  void longStringsAreCutOutsideSurrogatePairs() {
    assertThat(normalize("abcdefghijkl")).isEqualTo("abcdefgh");
    String emojiAtTheCut = "abcdefg\uD83D\uDE00";
    assertThat(normalize(emojiAtTheCut)).isEqualTo("abcdefg");
  }

  @Test
  void listsAndArraysAreCappedAndSkipNulls() {
    assertThat(normalize(List.of(1, 2, 3, 4))).isEqualTo(List.of(1L, 2L, 3L));
    assertThat(normalize(new int[] {5, 6})).isEqualTo(List.of(5L, 6L));
    assertThat(normalize(new String[] {"a", null, "b"})).isEqualTo(List.of("a", "b"));
    assertThat(normalize(List.of(TimeUnit.DAYS, "x"))).isEqualTo(List.of("DAYS", "x"));
  }

  @Test
  void mixedListsAreRejectedWhole() {
    assertThat(normalize(List.of(1, "a"))).isInstanceOf(AttributeValuePolicy.Rejected.class);
    assertThat(normalize(List.of(1, 2.5))).isInstanceOf(AttributeValuePolicy.Rejected.class);
    assertThat(normalize(List.of(List.of(1)))).isInstanceOf(AttributeValuePolicy.Rejected.class);
  }

  @Test
  void objectsAreRejectedWithoutTheirTextInTheReason() {
    Object prompt =
        new Object() {
          @Override
          public String toString() {
            return "secret prompt text";
          }
        };
    Object result = normalize(prompt);
    assertThat(result).isInstanceOf(AttributeValuePolicy.Rejected.class);
    assertThat(((AttributeValuePolicy.Rejected) result).reason())
        .doesNotContain("secret prompt text");
    assertThat(normalize(Map.of("a", 1))).isInstanceOf(AttributeValuePolicy.Rejected.class);
  }
}
