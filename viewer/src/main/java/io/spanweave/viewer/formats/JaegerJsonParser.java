package io.spanweave.viewer.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.Attribute;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanEvent;
import io.spanweave.viewer.index.SpanLink;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Jaeger's JSON as its query API ({@code /api/traces}, {@code /api/traces/{id}}) and its UI's
 * download write it: one {@code {"data": [trace, ...]}} object per line, each trace with its spans
 * and the processes they ran in. Times are microseconds; a process is the spans' resource (its
 * service name and tags); the first CHILD_OF reference within the trace is the parent and the other
 * references are links; a log is an event named by its {@code event} field.
 */
final class JaegerJsonParser {

  List<ParsedSpan> parse(JsonNode root) throws FormatException {
    JsonNode data = root.get("data");
    if (data == null || !data.isArray()) {
      throw new FormatException("a Jaeger line is an object with a \"data\" array of traces");
    }
    List<ParsedSpan> out = new ArrayList<>();
    for (JsonNode trace : data) {
      Map<String, List<Attribute>> processes = new HashMap<>();
      trace
          .path("processes")
          .fields()
          .forEachRemaining(p -> processes.put(p.getKey(), process(p.getValue())));
      for (JsonNode span : trace.path("spans")) {
        if (!span.isObject()) {
          throw new FormatException("a Jaeger span is a JSON object");
        }
        out.add(span(span, processes));
      }
    }
    return out;
  }

  private static List<Attribute> process(JsonNode p) {
    List<Attribute> resource = new ArrayList<>();
    if (p.hasNonNull("serviceName")) {
      resource.add(new Attribute(ViewerKeys.SERVICE_NAME, p.get("serviceName").asText()));
    }
    for (JsonNode tag : p.path("tags")) {
      Object v = value(tag);
      if (v != null) {
        resource.add(
            new Attribute(
                tag.path("key").asText(),
                v instanceof String text ? BackendTags.unpackArray(text) : v));
      }
    }
    return List.copyOf(resource);
  }

  private static ParsedSpan span(JsonNode j, Map<String, List<Attribute>> processes) {
    ParsedSpan s = new ParsedSpan();
    s.traceId = BackendTags.id(j.get("traceID"), 16);
    s.spanId = BackendTags.id(j.get("spanID"), 8);
    s.name = j.path("operationName").asText("");
    s.kind = 1;
    long startMicros = j.path("startTime").asLong(0);
    s.startTimeUnixNano = startMicros * 1_000L;
    s.endTimeUnixNano = (startMicros + j.path("duration").asLong(0)) * 1_000L;
    if (startMicros == 0) {
      s.traceId = null; // no time: counted as invalid
    }
    for (JsonNode ref : j.path("references")) {
      String traceId = BackendTags.id(ref.get("traceID"), 16);
      String spanId = BackendTags.id(ref.get("spanID"), 8);
      if (spanId == null) {
        continue;
      }
      boolean parent =
          "CHILD_OF".equals(ref.path("refType").asText())
              && s.parentSpanId == null
              && (traceId == null || traceId.equals(s.traceId));
      if (parent) {
        s.parentSpanId = spanId;
      } else {
        s.links.add(new SpanLink(traceId, spanId, List.of()));
      }
    }
    if (s.parentSpanId == null && j.hasNonNull("parentSpanID")) {
      s.parentSpanId = BackendTags.id(j.get("parentSpanID"), 8);
    }
    for (JsonNode tag : j.path("tags")) {
      BackendTags.apply(s, tag.path("key").asText(null), value(tag));
    }
    for (JsonNode log : j.path("logs")) {
      String name = "log";
      List<Attribute> attributes = new ArrayList<>();
      for (JsonNode field : log.path("fields")) {
        Object v = value(field);
        if (ViewerKeys.JAEGER_EVENT_FIELD.equals(field.path("key").asText()) && v != null) {
          name = String.valueOf(v);
        } else if (v != null) {
          attributes.add(
              new Attribute(
                  field.path("key").asText(),
                  v instanceof String text ? BackendTags.unpackArray(text) : v));
        }
      }
      s.events.add(new SpanEvent(log.path("timestamp").asLong(0) * 1_000L, name, attributes));
    }
    s.resource = processes.getOrDefault(j.path("processID").asText(""), List.of());
    if (s.resource.isEmpty() && j.has("process")) {
      s.resource = process(j.get("process"));
    }
    return s;
  }

  /**
   * A Jaeger key/value's value by its type: string, bool, int64, float64 or binary (base64 text).
   */
  private static Object value(JsonNode kv) {
    JsonNode v = kv.get("value");
    if (v == null || v.isNull()) {
      return null;
    }
    switch (kv.path("type").asText("string").toLowerCase(java.util.Locale.ROOT)) {
      case "bool":
        return v.isBoolean() ? v.asBoolean() : Boolean.parseBoolean(v.asText());
      case "int64":
        return v.isNumber() ? v.asLong() : parseLong(v.asText());
      case "float64":
        return v.isNumber() ? v.asDouble() : parseDouble(v.asText());
      default:
        return v.isTextual() ? v.asText() : BackendTags.scalar(v);
    }
  }

  private static Object parseLong(String text) {
    try {
      return Long.parseLong(text.trim());
    } catch (NumberFormatException e) {
      return text;
    }
  }

  private static Object parseDouble(String text) {
    try {
      return Double.parseDouble(text.trim());
    } catch (NumberFormatException e) {
      return text;
    }
  }
}
