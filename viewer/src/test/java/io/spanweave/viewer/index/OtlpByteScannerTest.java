package io.spanweave.viewer.index;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The byte scanner is only a faster way to read what the Jackson path reads: for every block it
 * accepts, both give the same spans, and a block it does not accept is still read (by Jackson).
 */
class OtlpByteScannerTest {
  private static final String TRACE = "5b8efff798038103d269b633813fc60c";

  @Test
  void aGeneratedRolloutFileReadsTheSameBothWays() throws Exception {
    StringWriter w = new StringWriter();
    new SyntheticTraceFile(7, "run-a").write(w, 5_000);
    byte[] block = w.toString().getBytes(StandardCharsets.UTF_8);
    List<ParsedSpan> scanned =
        new OtlpByteScanner().scanBlock(block, block.length, 3, 1000, new int[1], new long[1]);
    assertThat(scanned).as("the generator writes the common shape").isNotNull().hasSize(5_000);
    assertSame(scanned, jackson(block));
  }

  @Test
  void unusualButCommonLinesReadTheSameBothWays() throws Exception {
    String lines =
        String.join(
            "\n",
            line(
                "\"name\":\"quote \\\" slash \\\\ tab \\t nl \\n \\u00e9\\ud83d\\ude00 done\",\"kind\":\"SPAN_KIND_SERVER\","
                    + "\"startTimeUnixNano\":1700000000000000000,\"endTimeUnixNano\":\"1700000000000000100\","
                    + "\"status\":{\"code\":\"STATUS_CODE_ERROR\",\"message\":\"bo\\u0020om\"},"
                    + "\"attributes\":[{\"key\":\"prompt\",\"value\":{\"stringValue\":\"\u4f60\u597d, w\u00f6rld\"}},"
                    + "{\"key\":\"n\",\"value\":{\"intValue\":-42}},{\"key\":\"z\",\"value\":{\"intValue\":0}},"
                    + "{\"key\":\"mz\",\"value\":{\"intValue\":-0}},{\"key\":\"s\",\"value\":{\"intValue\":\"0\"}},{\"key\":\"d\",\"value\":{\"doubleValue\":1e-3}},"
                    + "{\"key\":\"i\",\"value\":{\"doubleValue\":7}},{\"key\":\"b\",\"value\":{\"boolValue\":false}},"
                    + "{\"key\":\"empty\",\"value\":{}},{\"key\":\"bytes\",\"value\":{\"bytesValue\":\"AAE=\"}}],"
                    + "\"events\":[{\"timeUnixNano\":\"5\",\"name\":\"exception\",\"attributes\":[{\"key\":\"exception.type\","
                    + "\"value\":{\"stringValue\":\"E\"}}],\"droppedAttributesCount\":0}],"
                    + "\"links\":[{\"traceId\":\""
                    + TRACE
                    + "\",\"spanId\":\"00f067aa0ba902b7\",\"attributes\":[]}],"
                    + "\"droppedAttributesCount\":0,\"flags\":256,\"extra\":{\"a\":[1,2.5,true,null,\"x\"]}"),
            "",
            "  " + line("\"name\":\"ws\" , \"kind\" : 2 ") + " \r",
            line("\"name\":\"no ids\",\"traceId\":\"\""),
            line("\"name\":\"base64\",\"traceId\":\"W47/95gDgQPSabYzgT/GDA==\""),
            "{}",
            "{\"resourceSpans\":[]}");
    byte[] block = (lines + "\n").getBytes(StandardCharsets.UTF_8);
    int[] lineCount = new int[1];
    long[] invalid = new long[1];
    List<ParsedSpan> scanned =
        new OtlpByteScanner().scanBlock(block, block.length, 3, 1000, lineCount, invalid);
    assertThat(scanned).as("all of these are the common shape").isNotNull();
    assertThat(lineCount[0]).isEqualTo(6);
    assertThat(invalid[0]).isEqualTo(1);
    assertSame(scanned, jackson(block));
    assertThat(scanned.get(0).name)
        .isEqualTo("quote \" slash \\ tab \t nl \n \u00e9\ud83d\ude00 done");
    assertThat(scanned.get(0).attribute("prompt")).isEqualTo("\u4f60\u597d, w\u00f6rld");
  }

  @Test
  void otherShapesAreLeftToJackson() throws Exception {
    for (String odd :
        List.of(
            "{\"resource_spans\":[]}",
            line(
                "\"attributes\":[{\"key\":\"a\",\"value\":{\"arrayValue\":{\"values\":[{\"stringValue\":\"x\"}]}}}]"),
            line("\"attributes\":[{\"key\":\"a\",\"value\":\"bare\"}]"),
            line("\"startTimeUnixNano\":\"12x\""),
            line("\"startTimeUnixNano\":\"007\""),
            line("\"attributes\":[{\"key\":\"a\",\"value\":{\"intValue\":\"-\"}}]"),
            line("\"attributes\":[{\"key\":\"a\",\"value\":{\"intValue\":\"-01\"}}]"),
            line("\"name\":null"),
            "{\"data\":[]}",
            "{\"resourceSpans\":[{\"instrumentationLibrarySpans\":[]}]}",
            line("\"name\":\"x\"") + " {}",
            line("\"name\":\"unterminated}]}]}]}"))) {
      byte[] block = (odd + "\n").getBytes(StandardCharsets.UTF_8);
      assertThat(
              new OtlpByteScanner().scanBlock(block, block.length, 0, 0, new int[1], new long[1]))
          .as(odd)
          .isNull();
    }
  }

  @Test
  void bytesBeyondTheBlockLengthAreNotRead() {
    String whole = line("\"name\":\"a\"") + "\n";
    byte[] block = (whole + "}]}]}]}").getBytes(StandardCharsets.UTF_8);
    // The last line lacks its newline and is cut short: not a whole object, so not read as one.
    int cut = whole.length() + 3;
    byte[] shorter = (whole + line("\"name\":\"b\"")).getBytes(StandardCharsets.UTF_8);
    assertThat(new OtlpByteScanner().scanBlock(shorter, cut, 0, 0, new int[1], new long[1]))
        .isNull();
    assertThat(
            new OtlpByteScanner().scanBlock(block, whole.length(), 0, 0, new int[1], new long[1]))
        .hasSize(1);
  }

  private static String line(String spanFields) {
    return "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":{\"stringValue\":\"svc\"}}]},"
        + "\"scopeSpans\":[{\"scope\":{\"name\":\"io.spanweave\",\"version\":\"1\"},\"spans\":[{"
        + "\"traceId\":\""
        + TRACE
        + "\",\"spanId\":\"051581bf3cb55c13\",\"parentSpanId\":\"\","
        + spanFields
        + "}]}]}]}";
  }

  private static List<ParsedSpan> jackson(byte[] block) throws Exception {
    return new OtlpLineParser().parseBlockWithJackson(block, block.length, 3, 1000, new int[1]);
  }

  private static void assertSame(List<ParsedSpan> scanned, List<ParsedSpan> parsed) {
    assertThat(describe(scanned)).isEqualTo(describe(parsed));
  }

  /** Everything a parsed span says, as text, so a difference shows where it is. */
  private static List<String> describe(List<ParsedSpan> spans) {
    List<String> out = new ArrayList<>();
    for (ParsedSpan s : spans) {
      out.add(
          String.join(
              " | ",
              s.traceId,
              s.spanId,
              s.parentSpanId,
              s.traceState,
              s.name,
              Integer.toString(s.kind),
              Long.toString(s.startTimeUnixNano),
              Long.toString(s.endTimeUnixNano),
              Integer.toString(s.statusCode),
              s.statusMessage,
              String.valueOf(s.attributes),
              String.valueOf(s.events),
              String.valueOf(s.links),
              String.valueOf(s.resource),
              s.scopeName,
              s.scopeVersion,
              s.sourceId + "@" + s.lineOffset + "+" + s.lineLength + "#" + s.ordinalInLine,
              s.facts.stage
                  + "/"
                  + s.facts.kind
                  + "/"
                  + s.facts.status
                  + "/"
                  + s.facts.step
                  + "/"
                  + s.facts.sample
                  + "/"
                  + s.facts.searchable
                  + "/"
                  + s.facts.metricKeys
                  + s.facts.metricValues));
    }
    return out;
  }
}
