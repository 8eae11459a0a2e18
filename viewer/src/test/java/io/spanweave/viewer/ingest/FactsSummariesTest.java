package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.StatusCode;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runfiles.internal.facts.FactsScanner;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.internal.summary.SummaryFiles;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.viewer.bench.SyntheticTraceFile;
import io.spanweave.viewer.index.SpanSummaries;
import java.io.ByteArrayOutputStream;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The facts-only first pass gives the summaries parsing gives, byte for byte once written: for
 * generated runs, the runtime's own files (OpenTelemetry SDK spans through its exporter), the
 * fixtures, odd but valid lines, and broken ones, in chunks cut at many places.
 */
class FactsSummariesTest {
  @TempDir Path dir;

  private static final String TRACE = "5b8efff798038103d269b633813fc60c";

  @Test
  void generatedRunsSummariseTheSameFromFacts() throws IOException {
    for (int spansPerLine : new int[] {1, 3, 10}) {
      StringWriter w = new StringWriter();
      new SyntheticTraceFile(11 + spansPerLine, "run-" + spansPerLine, 64, spansPerLine)
          .write(w, 6_000);
      byte[] file = w.toString().getBytes(StandardCharsets.UTF_8);
      assertSameInChunks(file, true);
    }
  }

  @Test
  void theRuntimesOwnFilesSummariseTheSameFromFacts() throws Exception {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("facts-it")
            .outputDir(dir)
            .runId("run-facts")
            .batch(batch -> batch.withDelay(Duration.ofMillis(20)))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      for (int step = 1; step <= 3; step++) {
        for (int k = 0; k < 6; k++) {
          sample("s" + step + "-" + k, step, k % 3 == 0);
        }
      }
      // What a library adds through the OpenTelemetry API to the SDK's span: arrays, an exception
      // event, an error status.
      try (TraceScope scope = Trace.span("foreign.op", Map.of("gen_ai.operation.name", "chat"))) {
        Span.current()
            .setAttribute(
                AttributeKey.stringArrayKey("gen_ai.response.finish_reasons"),
                List.of("stop", "length"));
        Span.current().setAttribute(AttributeKey.longArrayKey("ranks"), List.of(1L, 2L));
        Span.current().setAttribute("gen_ai.usage.input_tokens", 17L);
        Span.current()
            .recordException(new IllegalArgumentException("bad input"), Attributes.empty());
        Span.current().setStatus(StatusCode.ERROR);
      }
    }
    byte[] file;
    try (Stream<Path> files = Files.walk(dir)) {
      Path traces =
          files
              .filter(p -> p.getFileName().toString().equals("traces.jsonl"))
              .findFirst()
              .orElseThrow();
      file = Files.readAllBytes(traces);
    }
    assertThat(new String(file, StandardCharsets.UTF_8))
        .contains("foreign.op", "arrayValue", "exception.type");
    assertSameInChunks(file, true);
  }

  private static void sample(String id, long step, boolean failTool) {
    try (TraceScope root =
        Trace.span(
            "agent.run",
            Map.of(
                "rollout.id",
                id,
                "rollout.step",
                step,
                "spanweave.stage",
                "agent",
                "gen_ai.request.model",
                "m-2",
                "gen_ai.usage.output_tokens",
                5L))) {
      Trace.run(
          "worker.generate",
          Map.of("spanweave.stage", "generate"),
          () -> Trace.metric("num_tokens", 42L));
      try {
        Trace.run(
            "tool.call",
            Map.of("spanweave.stage", "tool", "note", "caf\u00e9 \"quoted\"\n"),
            () -> {
              if (failTool) {
                throw new IllegalStateException("tool server timeout");
              }
            });
      } catch (IllegalStateException expected) {
        // The traced program handles it; the span records the failure.
      }
      Trace.run(
          "judger.run",
          Map.of("rollout.reward.score", 0.5, "rollout.status", failTool ? "failed" : "ok"),
          () -> {});
    }
  }

  @Test
  void theFixturesSummariseTheSame() throws IOException {
    for (String fixture :
        List.of(
            "/xtuner/traces.jsonl",
            "/jaeger/traces.jsonl",
            "/io/spanweave/viewer/smoke/traces.jsonl")) {
      try (InputStream in = FactsSummariesTest.class.getResourceAsStream(fixture)) {
        assertThat(in).as(fixture).isNotNull();
        assertSameInChunks(in.readAllBytes(), null);
      }
    }
  }

  @Test
  void oddButValidLinesSummariseTheSameFromFacts() {
    String lines =
        String.join(
            "\n",
            // unicode and escapes in strings, int64 as strings and numbers, base64 and uppercase
            // ids
            line(
                TRACE,
                "00f067aa0ba902b7",
                null,
                "\"name\":\"caf\\u00e9 \\ud83d\\ude00 \u4f60\",\"kind\":\"SPAN_KIND_SERVER\","
                    + "\"startTimeUnixNano\":\"1700000000000000000\",\"endTimeUnixNano\":1700000000000000900,"
                    + "\"status\":{\"code\":\"STATUS_CODE_ERROR\",\"message\":\"x\"},"
                    + "\"attributes\":["
                    + attr("rollout.step", "{\"intValue\":\"7\"}")
                    + ","
                    + attr("rollout.id", "{\"stringValue\":\"s\\u0031\"}")
                    + ","
                    + attr("xtuner.error_type", "{\"stringValue\":\"ReadTimeout\"}")
                    + "]"),
            line(
                "W47/95gDgQPSabYzgT/GDA==",
                "AAAAAAAAAAE=",
                "00f067aa0ba902b7",
                "\"name\":\"child\",\"startTimeUnixNano\":\"5\","
                    + "\"endTimeUnixNano\":\"9\",\"attributes\":["
                    + attr("spanweave.metric.num_tokens", "{\"doubleValue\":2.5}")
                    + ","
                    + attr("spanweave.metric.gen_ai.usage.input_tokens", "{\"intValue\":3}")
                    + "]"),
            line(
                TRACE.toUpperCase(java.util.Locale.ROOT),
                "00F067AA0BA902B8",
                "0000000000000001",
                "\"name\":\"grandchild\",\"attributes\":["
                    + attr(
                        "stage",
                        "{\"arrayValue\":{\"values\":[{\"stringValue\":\"a\"},"
                            + "{\"intValue\":\"2\"},{\"doubleValue\":1.5},{\"boolValue\":true},{},\"bare\",3,4.0,null]}}")
                    + ","
                    + attr(
                        "spanweave.kind",
                        "{\"kvlistValue\":{\"values\":[{\"key\":\"k\",\"value\":{\"stringValue\":\"v\"}},"
                            + "{\"value\":{\"intValue\":1},\"key\":\"n\"}]}}")
                    + ","
                    + "{\"value\":{\"stringValue\":\"early\"},\"key\":\"spanweave.status\"},"
                    + attr("xtuner.status", "\"aborted\"")
                    + "]"),
            // a foreign resource after its spans, with its run, attempt and no service name
            "{\"resourceSpans\":[{\"scopeSpans\":[{\"scope\":{\"name\":\"lib\",\"version\":\"1\"},\"spans\":[{\"traceId\":\""
                + "0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"b7ad6b7169203331\",\"name\":\"ext\",\"startTimeUnixNano\":\"1\","
                + "\"endTimeUnixNano\":\"3\",\"events\":[{\"name\":\"exception\",\"attributes\":["
                + attr("exception.type", "{\"stringValue\":\"Boom\"}")
                + "]}],\"status\":{\"code\":2},\"links\":[{\"traceId\":\""
                + TRACE
                + "\",\"spanId\":\"00f067aa0ba902b7\"}]}]}],\"resource\":{\"attributes\":["
                + attr("run.id", "{\"stringValue\":\"foreign\"}")
                + ","
                + attr("spanweave.run.attempt", "{\"intValue\":\"2\"}")
                + "]},\"schemaUrl\":\"x\"}]}",
            line("", "00f067aa0ba902b9", null, "\"name\":\"no trace\""),
            line(TRACE, "0000000000000000", null, "\"name\":\"zero span\""),
            line(
                TRACE,
                "00f067aa0ba902ba",
                null,
                "\"name\":\"odd values\",\"attributes\":["
                    + attr("rollout.step", "{\"stringValue\":\"x\"}")
                    + ","
                    + attr("spanweave.step", "{\"doubleValue\":4}")
                    + ","
                    + attr("gen_ai.operation.name", "{\"stringValue\":\"execute_tool\"}")
                    + ","
                    + attr("gen_ai.usage.input_tokens", "{\"intValue\":9}")
                    + ","
                    + attr("spanweave.status", "{\"stringValue\":\"Timeout\"}")
                    + ","
                    + attr("rollout.status", "{\"stringValue\":\"timed_out\"}")
                    + ","
                    + attr("rollout.id", "{}")
                    + "]"),
            "  "
                + line(TRACE, "00f067aa0ba902bb", null, "\"name\" : \"ws\" , \"kind\" : 2 ")
                + " \r",
            "",
            "{}",
            "{\"resourceSpans\":[]}");
    byte[] block = (lines + "\n").getBytes(StandardCharsets.UTF_8);
    assertSameInChunks(block, true);
  }

  @Test
  void brokenAndForeignShapedLinesSummariseTheSame() {
    String good =
        line(
            TRACE,
            "00f067aa0ba902b7",
            null,
            "\"name\":\"ok\",\"attributes\":[" + attr("rollout.step", "{\"intValue\":1}") + "]");
    for (String odd :
        List.of(
            good.substring(0, good.length() / 2)
                + good, // a torn line, then a whole request glued to it
            "{\"resource_spans\":[]}",
            "{\"data\":[]}",
            "[{\"traceId\":\"" + TRACE + "\",\"id\":\"00f067aa0ba902b7\",\"name\":\"zipkin\"}]",
            line(TRACE, "00f067aa0ba902b8", null, "\"name\":null"),
            line(TRACE, "00f067aa0ba902b8", null, "\"startTimeUnixNano\":\"007\""),
            line(
                TRACE,
                "00f067aa0ba902b8",
                null,
                "\"attributes\":[{\"key\":\"rollout.step\",\"value\":{\"stringValue\":\"\\x\"}}]"),
            good + " {}",
            "not json at all")) {
      byte[] block = (good + "\n" + odd + "\n" + good + "\n").getBytes(StandardCharsets.UTF_8);
      assertSameInChunks(block, false);
    }
  }

  @Test
  void randomlyDamagedLinesSummariseTheSame() {
    StringWriter w = new StringWriter();
    try {
      new SyntheticTraceFile(5, "run-d", 16, 2).write(w, 200);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    byte[] file = w.toString().getBytes(StandardCharsets.UTF_8);
    Random random = new Random(3);
    byte[] alphabet = "{}[]\",:0123456789-.eE \\u_tfnal\n".getBytes(StandardCharsets.US_ASCII);
    int facts = 0;
    for (int round = 0; round < 400; round++) {
      byte[] damaged = file.clone();
      for (int k = 0; k < 1 + random.nextInt(3); k++) {
        damaged[random.nextInt(damaged.length)] = alphabet[random.nextInt(alphabet.length)];
      }
      facts += assertSame(damaged, damaged.length, 1 << 20, 2048) ? 1 : 0;
    }
    assertThat(facts)
        .as("damage outside what the summaries read leaves the facts path taken")
        .isPositive();
  }

  /**
   * Compares both paths over the whole block and over chunks of whole lines cut at several places,
   * at several segment sizes.
   *
   * @param factsPath whether the facts scanner must read every chunk itself (null: either way)
   */
  private static void assertSameInChunks(byte[] file, Boolean factsPath) {
    for (long segmentBytes : new long[] {Long.MAX_VALUE / 4, 1 << 12, 700}) {
      check(assertSame(file, file.length, 4096, segmentBytes), factsPath);
      for (int target : new int[] {1 << 10, 1 << 14}) {
        int start = 0;
        while (start < file.length) {
          int cut = Math.min(file.length, start + target);
          while (cut < file.length && file[cut - 1] != '\n') {
            cut++;
          }
          byte[] chunk = java.util.Arrays.copyOfRange(file, start, cut);
          check(assertSame(chunk, chunk.length, 4096L + start, segmentBytes), factsPath);
          start = cut;
        }
      }
    }
  }

  private static void check(boolean tookFacts, Boolean factsPath) {
    if (factsPath != null) {
      assertThat(tookFacts).as("the facts scanner reads these lines itself").isEqualTo(factsPath);
    }
  }

  /**
   * @return whether the facts scanner read the chunk (else it fell back to parsing)
   */
  private static boolean assertSame(byte[] block, int length, long offset, long segmentBytes) {
    ChunkParser parsing = new ChunkParser();
    ChunkParser.Result parsed = parsing.parse(block, length, offset, 0);
    Map<Integer, SegmentSummary> expected = SpanSummaries.of(parsed.spans(), segmentBytes);
    FactsScanner.Result facts = new FactsScanner().scan(block, length, offset, segmentBytes);
    ChunkParser summarising = new ChunkParser();
    ChunkParser.Summarised summarised =
        summarising.summarise(block, length, offset, 0, segmentBytes);
    String what = new String(block, 0, Math.min(length, 300), StandardCharsets.UTF_8);
    assertThat(written(summarised.segments())).as(what).isEqualTo(written(expected));
    assertThat(summarised.lines()).as(what).isEqualTo(parsed.lines());
    assertThat(summarised.malformed()).as(what).isEqualTo(parsed.malformed());
    assertThat(summarised.spans()).as(what).isEqualTo(parsed.spans().size());
    assertThat(summarising.invalidSpans()).as(what).isEqualTo(parsing.invalidSpans());
    if (facts != null) {
      assertThat(parsed.malformed()).as(what).isZero();
      assertThat(written(facts.segments()))
          .as(what)
          .isEqualTo(
              written(
                  SpanSummaries.of(
                      new ChunkParser().parse(block, length, offset, 0).spans(), segmentBytes)));
    }
    return facts != null;
  }

  private static byte[] written(Map<Integer, SegmentSummary> segments) {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (DataOutputStream out = new DataOutputStream(bytes)) {
      out.writeInt(segments.size());
      for (Map.Entry<Integer, SegmentSummary> e : segments.entrySet()) {
        out.writeInt(e.getKey());
        e.getValue().seal();
        SummaryFiles.writeSegment(e.getValue(), out);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return bytes.toByteArray();
  }

  private static String attr(String key, String value) {
    return "{\"key\":\"" + key + "\",\"value\":" + value + "}";
  }

  private static String line(String traceId, String spanId, String parentId, String fields) {
    return "{\"resourceSpans\":[{\"resource\":{\"attributes\":["
        + attr("service.name", "{\"stringValue\":\"svc\"}")
        + "]},\"scopeSpans\":[{\"spans\":[{\"traceId\":\""
        + traceId
        + "\",\"spanId\":\""
        + spanId
        + "\","
        + (parentId == null ? "" : "\"parentSpanId\":\"" + parentId + "\",")
        + fields
        + "}]}]}]}";
  }
}
