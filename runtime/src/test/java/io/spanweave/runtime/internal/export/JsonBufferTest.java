package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The bytes the buffer writes itself are what Java's own formatting and JSON's rules say. */
class JsonBufferTest {

  private static String content(JsonBuffer buffer) {
    return new String(buffer.array(), 0, buffer.size(), StandardCharsets.UTF_8);
  }

  @Test
  void integersAreTheirDecimalDigitsAtEveryLength() {
    List<Long> values =
        new ArrayList<>(
            List.of(
                0L,
                7L,
                -1L,
                10L,
                99L,
                100L,
                Long.MAX_VALUE,
                Long.MIN_VALUE,
                Long.MIN_VALUE + 1,
                1_764_401_709_409_337_000L,
                1_764_401_709_000_000_005L,
                1_000_000_000_000_000_000L));
    for (long power = 1; power > 0 && power <= Long.MAX_VALUE / 10; power *= 10) {
      // each number of digits, and the carries around it, on both sides of zero
      for (long value : new long[] {power - 1, power, power + 1, power * 10 - 1, power * 3 + 7}) {
        values.add(value);
        values.add(-value);
      }
    }
    JsonBuffer buffer = new JsonBuffer(4); // small: growing on the way is part of what is tested
    StringBuilder expected = new StringBuilder();
    for (long value : values) {
      buffer.decimal(value);
      buffer.write(' ');
      buffer.quotedDecimal(value);
      buffer.write(' ');
      expected.append(value).append(" \"").append(value).append("\" ");
    }
    assertThat(content(buffer)).isEqualTo(expected.toString());
  }

  @Test
  void plainStringsAreCopiedAndAnythingToEscapeIsLeftToTheCaller() {
    JsonBuffer buffer = new JsonBuffer(2);
    assertThat(buffer.plainString("Worker.step sample-17 /~")).isTrue();
    assertThat(buffer.plainString("")).isTrue();
    for (String escaped :
        new String[] {
          "quote\"", "back\\slash", "tab\t", "\u0000", "del\u007f", "é", "\uD83D\uDE00"
        }) {
      assertThat(buffer.plainString(escaped)).as(escaped).isFalse();
    }
    assertThat(content(buffer)).isEqualTo("\"Worker.step sample-17 /~\"\"\"");
  }

  @Test
  void aPlainStringSeenBeforeIsWrittenTheSameAndOthersAreNeverTakenForIt() {
    JsonBuffer buffer = new JsonBuffer(8);
    String name = "Worker.step";
    String escaped = "a\"b";
    String equalButOther = new String("Worker.step".toCharArray());
    for (int pass = 0; pass < 3; pass++) {
      assertThat(buffer.plainString(name)).isTrue();
      assertThat(buffer.plainString(escaped)).isFalse();
      assertThat(buffer.plainString(equalButOther)).isTrue();
    }
    assertThat(content(buffer)).isEqualTo("\"Worker.step\"".repeat(6));
  }

  @Test
  void idsAreCopiedAsTheyAre() {
    JsonBuffer buffer = new JsonBuffer(1);
    buffer.knownHexString("0af7651916cd43dd8448eb211c80319c");
    assertThat(content(buffer)).isEqualTo("\"0af7651916cd43dd8448eb211c80319c\"");
  }

  @Test
  void aCommaSeparatesEverythingButTheFirstFieldOrElement() {
    JsonBuffer buffer = new JsonBuffer(16);
    buffer.write('{');
    buffer.separate();
    buffer.raw(JsonBuffer.utf8("\"a\":["));
    buffer.separate();
    buffer.decimal(1);
    buffer.separate();
    buffer.decimal(2);
    buffer.write(']');
    buffer.separate();
    buffer.raw(JsonBuffer.utf8("\"b\":{}"));
    buffer.write('}');
    assertThat(content(buffer)).isEqualTo("{\"a\":[1,2],\"b\":{}}");
  }
}
