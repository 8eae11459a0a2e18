package io.spanweave.runfiles.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.Random;
import org.junit.jupiter.api.Test;

/** The newline searches that read eight bytes at a time find what a byte-by-byte search finds. */
class NewlineSearchTest {
  @Test
  void theFirstAndLastNewlineAreFoundAtEveryPlaceAndRange() {
    Random random = new Random(39);
    for (int round = 0; round < 2_000; round++) {
      byte[] buffer = new byte[random.nextInt(80)];
      for (int k = 0; k < buffer.length; k++) {
        // Mostly bytes next to a newline's value, so that borrows across bytes are exercised.
        buffer[k] = (byte) (random.nextInt(8) == 0 ? '\n' : 0x09 + random.nextInt(3) * 0x80);
      }
      int from = buffer.length == 0 ? 0 : random.nextInt(buffer.length);
      int to = from + random.nextInt(buffer.length - from + 1);
      assertThat(LineChunks.firstNewline(buffer, from, to))
          .as("first newline in [%d, %d)", from, to)
          .isEqualTo(byteByByte(buffer, from, to, true));
      assertThat(LineChunks.lastNewline(buffer, from, to))
          .as("last newline in [%d, %d)", from, to)
          .isEqualTo(byteByByte(buffer, from, to, false));
    }
  }

  private static int byteByByte(byte[] buffer, int from, int to, boolean first) {
    int found = -1;
    for (int i = from; i < to; i++) {
      if (buffer[i] == '\n') {
        if (first) {
          return i;
        }
        found = i;
      }
    }
    return found;
  }
}
