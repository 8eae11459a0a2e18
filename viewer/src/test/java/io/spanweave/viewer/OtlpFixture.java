package io.spanweave.viewer;

import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Builds trace files in the exact OTLP JSON lines format (one ExportTraceServiceRequest per line,
 * as the OpenTelemetry Collector's file exporter writes it), span by span, for API tests.
 */
final class OtlpFixture {
  static final ObjectMapper JSON = new ObjectMapper();

  private final List<Map<String, Object>> spans = new ArrayList<>();
  private String service = "svc";
  private String runId = "run-1";
  private String runIdKey = "spanweave.run.id";
  private String attempt;

  OtlpFixture service(String service) {
    this.service = service;
    return this;
  }

  /**
   * Resources without a run id, as a worker's SDK writes them when nothing put one in its
   * environment.
   */
  OtlpFixture noRunId() {
    this.runId = null;
    return this;
  }

  OtlpFixture runId(String runIdKey, String runId) {
    this.runIdKey = runIdKey;
    this.runId = runId;
    return this;
  }

  /**
   * Resources of attempt {@code attempt} of the run ({@code spanweave.run.attempt}, a string as the
   * runtime writes it).
   */
  OtlpFixture attempt(String attempt) {
    this.attempt = attempt;
    return this;
  }

  /** A span; attributes alternate key, value (String, Long, Double, Boolean or List). */
  SpanBuilder span(
      String traceId, String spanId, String parentSpanId, String name, long startMs, long endMs) {
    return new SpanBuilder(traceId, spanId, parentSpanId, name, startMs, endMs);
  }

  final class SpanBuilder {
    private final Map<String, Object> span = new LinkedHashMap<>();
    private final List<Object> attributes = new ArrayList<>();
    private final List<Object> events = new ArrayList<>();
    private final List<Object> links = new ArrayList<>();

    SpanBuilder(
        String traceId, String spanId, String parentSpanId, String name, long startMs, long endMs) {
      span.put("traceId", traceId);
      span.put("spanId", spanId);
      span.put("parentSpanId", parentSpanId == null ? "" : parentSpanId);
      span.put("name", name);
      span.put("kind", 1);
      span.put(
          "startTimeUnixNano", Long.toString(1_700_000_000_000_000_000L + startMs * 1_000_000L));
      span.put("endTimeUnixNano", Long.toString(1_700_000_000_000_000_000L + endMs * 1_000_000L));
    }

    SpanBuilder attrs(Object... keyValues) {
      for (int k = 0; k < keyValues.length; k += 2) {
        attributes.add(Map.of("key", keyValues[k], "value", anyValue(keyValues[k + 1])));
      }
      return this;
    }

    SpanBuilder error(String type) {
      span.put("status", Map.of("code", 2, "message", "failed"));
      events.add(
          Map.of(
              "timeUnixNano",
              span.get("endTimeUnixNano"),
              "name",
              "exception",
              "attributes",
              List.of(Map.of("key", "exception.type", "value", anyValue(type)))));
      return this;
    }

    SpanBuilder event(String name, Object... keyValues) {
      List<Object> attrs = new ArrayList<>();
      for (int k = 0; k < keyValues.length; k += 2) {
        attrs.add(Map.of("key", keyValues[k], "value", anyValue(keyValues[k + 1])));
      }
      events.add(
          Map.of("timeUnixNano", span.get("startTimeUnixNano"), "name", name, "attributes", attrs));
      return this;
    }

    SpanBuilder link(String traceId, String spanId) {
      links.add(Map.of("traceId", traceId, "spanId", spanId, "attributes", List.of()));
      return this;
    }

    OtlpFixture add() {
      span.put("attributes", attributes);
      span.put("events", events);
      span.put("links", links);
      spans.add(span);
      return OtlpFixture.this;
    }
  }

  static Map<String, Object> anyValue(Object v) {
    if (v instanceof String s) {
      return Map.of("stringValue", s);
    }
    if (v instanceof Integer || v instanceof Long) {
      return Map.of("intValue", v.toString());
    }
    if (v instanceof Double d) {
      return Map.of("doubleValue", d);
    }
    if (v instanceof Boolean b) {
      return Map.of("boolValue", b);
    }
    if (v instanceof List<?> list) {
      return Map.of(
          "arrayValue", Map.of("values", list.stream().map(OtlpFixture::anyValue).toList()));
    }
    throw new IllegalArgumentException("unsupported attribute value " + v);
  }

  /** One request line holding the given spans. */
  String line(List<Map<String, Object>> batch) {
    List<Object> resource = new ArrayList<>();
    resource.add(Map.of("key", "service.name", "value", anyValue(service)));
    if (runId != null) {
      resource.add(Map.of("key", runIdKey, "value", anyValue(runId)));
    }
    if (attempt != null) {
      resource.add(Map.of("key", "spanweave.run.attempt", "value", anyValue(attempt)));
    }
    Map<String, Object> request =
        Map.of(
            "resourceSpans",
            List.of(
                Map.of(
                    "resource", Map.of("attributes", resource),
                    "scopeSpans",
                        List.of(
                            Map.of(
                                "scope",
                                Map.of("name", "io.spanweave.test", "version", "1"),
                                "spans",
                                batch)))));
    try {
      return JSON.writeValueAsString(request);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Appends the spans added so far, {@code perLine} spans per line, and forgets them. */
  OtlpFixture appendTo(Path file, int perLine) {
    append(file, drainLines(perLine));
    return this;
  }

  /** The spans added so far as lines of {@code perLine} spans each; forgets them. */
  String drainLines(int perLine) {
    StringBuilder out = new StringBuilder();
    for (int k = 0; k < spans.size(); k += perLine) {
      out.append(line(spans.subList(k, Math.min(spans.size(), k + perLine)))).append('\n');
    }
    spans.clear();
    return out.toString();
  }

  static void append(Path file, String text) {
    try {
      Files.writeString(
          file, text, StandardCharsets.UTF_8, StandardOpenOption.CREATE, StandardOpenOption.APPEND);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  static String hex(int chars, long seed) {
    String s = Long.toHexString(seed * 0x9E3779B97F4A7C15L);
    StringBuilder b = new StringBuilder();
    while (b.length() < chars) {
      b.append(s);
    }
    return b.substring(0, chars).replace('0', '1');
  }
}
