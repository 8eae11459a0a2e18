package io.spanweave.viewer.index;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/** Trace and span ids as exporters write them all land on one lowercase hex form. */
class SpanIdsTest {
  @Test
  void lowercaseHexIsKeptAsItIs() {
    String id = "0123456789abcdef";
    assertThat(SpanIds.normalize(id, 8)).isSameAs(id);
    assertThat(SpanIds.normalize("4bf92f3577b34da6a3ce929d0e0e4736", 16))
        .isEqualTo("4bf92f3577b34da6a3ce929d0e0e4736");
  }

  @Test
  void uppercaseAndBase64BecomeLowercaseHex() {
    assertThat(SpanIds.normalize("00F067AA0BA902B7", 8)).isEqualTo("00f067aa0ba902b7");
    assertThat(SpanIds.normalize("W47/95gDgQPSabYzgT/GDA==", 16))
        .isEqualTo("5b8efff798038103d269b633813fc60c");
  }

  @Test
  void allZeroEmptyAndNonIdsAreNoId() {
    assertThat(SpanIds.normalize("0000000000000000", 8)).isNull();
    assertThat(SpanIds.normalize("", 8)).isNull();
    assertThat(SpanIds.normalize(null, 8)).isNull();
    // Characters next to the hex ranges: '/', ':', '@', 'G', '`', 'g'.
    for (char c : new char[] {'/', ':', '@', 'G', '`', 'g'}) {
      assertThat(SpanIds.normalize("00f067aa0ba902b" + c, 8)).as("ends with " + c).isNull();
    }
    assertThat(SpanIds.normalize("00f067aa0ba902b", 8)).as("one digit short").isNull();
  }
}
