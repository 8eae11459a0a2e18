package io.spanweave.viewer.ingest;

import io.spanweave.conventions.ViewerKeys;
import java.nio.charset.StandardCharsets;

/**
 * Tells from a chunk's bytes, without parsing it, that the chunk cannot hold spans of a step: a
 * step asked while the first pass has not read its part is loaded from the whole part (about 80,000
 * spans of 64 MiB), of which a step's lines are a tenth or less, and parsing the rest made such an
 * ask take up to 1.7 s on two cores busy with the pass.
 *
 * <p>It errs on the side of parsing: a chunk is skipped only when every span in it names a step
 * through an attribute the viewer reads (as many step attributes as spans, in the compact OTLP/JSON
 * the runtime writes) and none names the step asked. A span naming no step (a worker's, which takes
 * its trace's step), a value that is not a plain integer, a step named twice, or any other shape
 * keeps the chunk. The count does not tell where a step attribute sits: a chunk whose spans name no
 * step while each of them carries one in an event would be taken for stepped. No writer we know
 * does that (the runtime, the preset and XTuner put the step on the span).
 */
final class StepProbe {
  private static final byte[] START = bytes("\"startTimeUnixNano\":");
  private static final byte[] KEY = bytes("\"key\":\"");
  private static final byte[] VALUE = bytes("\",\"value\":{\"");
  private static final byte[] INT_VALUE = bytes("intValue\":");
  private static final byte[] STRING_VALUE = bytes("stringValue\":\"");
  private static final byte[][] STEP_KEYS =
      ViewerKeys.keysOf(ViewerKeys.Fact.STEP).stream().map(StepProbe::bytes).toArray(byte[][]::new);

  private StepProbe() {}

  /**
   * Whether {@code data[0, length)} may hold a span of {@code step} (false only when it surely does
   * not).
   */
  static boolean mayHoldStep(byte[] data, int length, int step) {
    int spans = 0;
    int steps = 0;
    for (int i = 0; i < length; i++) {
      if (data[i] != '"') {
        continue;
      }
      if (at(data, length, i, START)) {
        spans++;
        i += START.length - 1;
      } else if (at(data, length, i, KEY)) {
        int name = i + KEY.length;
        for (byte[] stepKey : STEP_KEYS) {
          if (at(data, length, name, stepKey) && at(data, length, name + stepKey.length, VALUE)) {
            long value = value(data, length, name + stepKey.length + VALUE.length);
            if (value == Long.MIN_VALUE || value == step) {
              return true;
            }
            steps++;
            break;
          }
        }
      }
    }
    return spans == 0 || steps != spans;
  }

  /**
   * The integer at an attribute value's type name ({@code intValue} or a numeric {@code
   * stringValue}), or MIN_VALUE.
   */
  private static long value(byte[] data, int length, int at) {
    int i;
    if (at(data, length, at, INT_VALUE)) {
      i = at + INT_VALUE.length;
      if (i < length && data[i] == '"') {
        i++; // OTLP/JSON writes 64-bit integers as strings
      }
    } else if (at(data, length, at, STRING_VALUE)) {
      i = at + STRING_VALUE.length;
    } else {
      return Long.MIN_VALUE;
    }
    boolean negative = i < length && data[i] == '-';
    if (negative) {
      i++;
    }
    long value = 0;
    int digits = 0;
    while (i < length && data[i] >= '0' && data[i] <= '9' && digits < 18) {
      value = value * 10 + (data[i] - '0');
      digits++;
      i++;
    }
    if (digits == 0 || i >= length || (data[i] != '"' && data[i] != '}' && data[i] != ',')) {
      return Long.MIN_VALUE;
    }
    return negative ? -value : value;
  }

  private static boolean at(byte[] data, int length, int at, byte[] what) {
    if (at + what.length > length) {
      return false;
    }
    for (int k = 0; k < what.length; k++) {
      if (data[at + k] != what[k]) {
        return false;
      }
    }
    return true;
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
