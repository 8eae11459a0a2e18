package io.spanweave.runfiles.internal.facts;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.summary.SegmentSummary;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.VarHandle;
import java.nio.ByteOrder;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import java.util.Random;
import java.util.TreeSet;
import org.junit.jupiter.api.Test;

/**
 * The facts scanner's word-at-a-time reads give what reading byte by byte gives: ids and times for
 * every byte a word may hold, strings ending where the first byte that ends a plain string stands,
 * literals matching only themselves, and lines in the writers' compact form summarised exactly as
 * the same lines spaced out, which the scanner reads token by token.
 */
class WordReadsTest {
  private static final VarHandle WORDS =
      MethodHandles.byteArrayViewVarHandle(long[].class, ByteOrder.LITTLE_ENDIAN);
  private static final String HEX = "0123456789abcdefABCDEF";

  private static long word(byte[] bytes) {
    return (long) WORDS.get(bytes, 0);
  }

  private static byte[] latin1(String s) {
    return s.getBytes(StandardCharsets.ISO_8859_1);
  }

  @Test
  void eightHexDigitsReadAsTheirValueAndAnyOtherByteRefusesTheWord() {
    for (int at = 0; at < 8; at++) {
      for (int v = 0; v < 256; v++) {
        byte[] bytes = latin1("09afAF3c");
        bytes[at] = (byte) v;
        long want =
            HEX.indexOf(v) >= 0
                ? Long.parseLong(new String(bytes, 0, 8, StandardCharsets.ISO_8859_1), 16)
                : -1;
        assertThat(SpanIdReader.hexWord(word(bytes))).as("byte %d at %d", v, at).isEqualTo(want);
      }
    }
    Random random = new Random(7);
    for (int n = 0; n < 100_000; n++) {
      byte[] bytes = new byte[8];
      for (int k = 0; k < 8; k++) {
        bytes[k] = (byte) HEX.charAt(random.nextInt(HEX.length()));
      }
      assertThat(SpanIdReader.hexWord(word(bytes)))
          .isEqualTo(Long.parseLong(new String(bytes, StandardCharsets.ISO_8859_1), 16));
    }
  }

  @Test
  void eightDecimalDigitsReadAsTheirValueAndAnyOtherByteRefusesTheWord() {
    for (int at = 0; at < 8; at++) {
      for (int v = 0; v < 256; v++) {
        byte[] bytes = latin1("12345678");
        bytes[at] = (byte) v;
        long want =
            v >= '0' && v <= '9'
                ? Long.parseLong(new String(bytes, StandardCharsets.ISO_8859_1))
                : -1;
        assertThat(JsonCursor.eightDigits(word(bytes))).as("byte %d at %d", v, at).isEqualTo(want);
      }
    }
    assertThat(JsonCursor.eightDigits(word(latin1("00000000")))).isZero();
    assertThat(JsonCursor.eightDigits(word(latin1("99999999")))).isEqualTo(99_999_999L);
  }

  @Test
  void aDoubleReadsAsDoubleParseDoubleReadsItToTheBit() {
    Random random = new Random(11);
    JsonCursor in = new JsonCursor();
    java.util.List<String> numbers =
        new java.util.ArrayList<>(
            java.util.List.of(
                "0",
                "-0",
                "-0.0",
                "1670",
                "0.1",
                "0.30000000000000004",
                "123456789012345",
                "1234567890123456",
                "99999999999999999999",
                "1e3",
                "-2.5E-7",
                "0.000000000000001",
                "9007199254740993",
                "3.141592653589793"));
    for (int n = 0; n < 200_000; n++) {
      StringBuilder s = new StringBuilder();
      if (random.nextBoolean()) {
        s.append('-');
      }
      int whole = 1 + random.nextInt(12);
      s.append(1 + random.nextInt(9));
      for (int k = 1; k < whole; k++) {
        s.append(random.nextInt(10));
      }
      if (random.nextInt(3) > 0) {
        s.append('.');
        int fraction = 1 + random.nextInt(10);
        for (int k = 0; k < fraction; k++) {
          s.append(random.nextInt(10));
        }
      }
      numbers.add(s.toString());
    }
    for (String number : numbers) {
      byte[] bytes = latin1(number + ",");
      in.reset(bytes, bytes.length);
      assertThat(Double.doubleToRawLongBits(in.readDouble()))
          .as(number)
          .isEqualTo(Double.doubleToRawLongBits(Double.parseDouble(number)));
    }
  }

  @Test
  void aPlainStringEndsAtItsFirstQuoteBackslashControlOrNonAsciiByte() {
    JsonCursor in = new JsonCursor();
    for (int at = 0; at < 20; at++) {
      for (int v = 0; v < 256; v++) {
        byte[] bytes = latin1("abcdefghijklmnopqrst\"xyz");
        bytes[at] = (byte) v;
        in.reset(bytes, bytes.length);
        boolean stops = v == '"' || v == '\\' || v < 0x20 || v >= 0x80;
        int end = in.plainString(0);
        if (stops && v != '"') {
          assertThat(end).as("byte %d at %d", v, at).isEqualTo(-1);
        } else {
          assertThat(end).as("byte %d at %d", v, at).isEqualTo(stops ? at : 20);
        }
      }
    }
  }

  @Test
  void aLiteralMatchesOnlyItselfAndNeverPastTheBlock() {
    for (String text :
        new String[] {
          "}}",
          "{\"key\":\"",
          "\",\"value\":{\"",
          "\"startTimeUnixNano\":",
          "\"droppedAttributesCount\":"
        }) {
      JsonCursor.Literal literal = JsonCursor.Literal.of(text);
      byte[] exact = latin1(text + "        ");
      JsonCursor in = new JsonCursor();
      in.reset(exact, exact.length);
      assertThat(in.skip(literal)).as(text).isTrue();
      assertThat(in.pos).isEqualTo(text.length());
      for (int at = 0; at < text.length(); at++) {
        byte[] other = exact.clone();
        other[at] ^= 0x01;
        in.reset(other, other.length);
        assertThat(in.skip(literal)).as("%s changed at %d", text, at).isFalse();
        assertThat(in.pos).isZero();
      }
      in.reset(exact, text.length() - 1);
      assertThat(in.skip(literal)).as("%s cut short", text).isFalse();
    }
  }

  @Test
  void compactLinesAreSummarisedAsTheSameLinesSpacedOut() {
    StringBuilder compact = new StringBuilder();
    StringBuilder spaced = new StringBuilder();
    Random random = new Random(11);
    for (int line = 0; line < 40; line++) {
      String text = line(random, line);
      compact.append(text).append('\n');
      spaced.append(text.replace(",", " , ").replace(":", " : ")).append('\n');
    }
    String summaries = summaries(compact.toString());
    assertThat(summaries).contains("stage-2 10 10 {TimeoutError=10}");
    assertThat(summaries).isEqualTo(summaries(spaced.toString()));
  }

  private static String line(Random random, int n) {
    String trace = String.format("%016x%016x", random.nextLong(), random.nextLong());
    String root = String.format("%016X", random.nextLong() | 1);
    StringBuilder spans = new StringBuilder();
    for (int s = 0; s < 3; s++) {
      String id = s == 0 ? root : String.format("%016x", random.nextLong() | 1);
      long start = 1_796_544_620_368_000_000L + random.nextInt(1_000_000_000);
      if (s > 0) {
        spans.append(',');
      }
      spans
          .append("{\"traceId\":\"")
          .append(trace)
          .append("\",\"spanId\":\"")
          .append(id)
          .append(s == 0 ? "" : "\",\"parentSpanId\":\"" + root.toLowerCase(java.util.Locale.ROOT))
          .append("\",\"name\":\"stage-")
          .append(s)
          .append("\",\"kind\":1,\"startTimeUnixNano\":\"")
          .append(start)
          .append("\",\"endTimeUnixNano\":")
          .append(start + random.nextInt(50_000_000))
          .append(",\"attributes\":[")
          .append("{\"key\":\"rollout.step\",\"value\":{\"intValue\":\"")
          .append(n / 10)
          .append("\"}},")
          .append("{\"key\":\"rollout.id\",\"value\":{\"stringValue\":\"s")
          .append(n)
          .append("\"}},")
          .append("{\"key\":\"spanweave.kind\",\"value\":{\"stringValue\":\"model\"}},")
          .append("{\"key\":\"spanweave.metric.score\",\"value\":{\"doubleValue\":0.")
          .append(random.nextInt(1000))
          .append("}},")
          .append("{\"key\":\"error.type\",\"value\":{\"stringValue\":\"Timeout\\u0045rror\"}},")
          .append("{\"key\":\"rollout.filtered\",\"value\":{\"boolValue\":")
          .append(random.nextBoolean())
          .append("}}")
          .append("],\"events\":[],\"links\":[],\"status\":{\"code\":")
          .append(s == 2 ? 2 : 0)
          .append("},\"flags\":259}");
    }
    return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"rollout\"}}]},"
        + "\"scopeSpans\":[{\"scope\":{\"name\":\"io.spanweave\"},\"spans\":["
        + spans
        + "]}]}]}";
  }

  /**
   * What the chunk's summaries say, apart from where its lines lie (spacing moves them): per
   * segment its spans, steps, kinds and times, and per run and step the counts, stages and metrics.
   */
  private static String summaries(String lines) {
    byte[] block = lines.getBytes(StandardCharsets.UTF_8);
    FactsScanner.Result result = new FactsScanner().scan(block, block.length, 0, 1L << 30);
    assertThat(result).as("the scanner reads the block").isNotNull();
    assertThat(result.spans()).isEqualTo(120);
    StringBuilder out = new StringBuilder();
    for (Map.Entry<Integer, SegmentSummary> e : result.segments().entrySet()) {
      SegmentSummary s = e.getValue();
      out.append(e.getKey())
          .append(": spans ")
          .append(s.spans())
          .append(", lines ")
          .append(s.lines())
          .append(", steps ")
          .append(s.steps())
          .append(", kinds ")
          .append(new TreeSet<>(s.kinds()))
          .append(", time ")
          .append(s.firstStartUnixNano())
          .append('-')
          .append(s.lastEndUnixNano())
          .append('\n');
      s.forEachCell(
          (run, step, stats) -> {
            out.append("  ")
                .append(run)
                .append(" step ")
                .append(step)
                .append(": spans ")
                .append(stats.spans())
                .append(" errors ")
                .append(stats.errorSpans())
                .append(" traces ")
                .append(stats.traces())
                .append('/')
                .append(stats.errorTraces())
                .append(" samples ")
                .append(stats.samples())
                .append('/')
                .append(stats.errorSamples())
                .append('/')
                .append(stats.timeoutSamples())
                .append('\n');
            stats
                .stages()
                .forEach(
                    (stage, st) ->
                        out.append("    ")
                            .append(stage)
                            .append(' ')
                            .append(st.count())
                            .append(' ')
                            .append(st.errors())
                            .append(' ')
                            .append(st.errorTypes())
                            .append(' ')
                            .append(st.durations().percentile(50))
                            .append('\n'));
            stats
                .metrics()
                .forEach(
                    (key, m) ->
                        out.append("    ")
                            .append(key)
                            .append(' ')
                            .append(m.count())
                            .append(' ')
                            .append(m.sum())
                            .append('\n'));
          });
    }
    return out.toString();
  }
}
