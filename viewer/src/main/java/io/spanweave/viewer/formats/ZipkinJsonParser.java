package io.spanweave.viewer.formats;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.viewer.index.Attribute;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanEvent;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Map;

/**
 * Zipkin's JSON v2 as its API answers it: a line is a list of spans ({@code /api/v2/trace/{id}},
 * what the viewer's Zipkin source writes) or a list of such lists ({@code /api/v2/traces}). Times
 * are microseconds; the service is the local endpoint's; tags map as {@link BackendTags} says;
 * annotations become events, with the attributes OpenTelemetry's exporter packs into their value
 * ({@code "name":{"key":"value"}}) unpacked again.
 */
final class ZipkinJsonParser {

  /** The spans of one line, in document order; spans without valid ids come back with null ids. */
  List<ParsedSpan> parse(JsonNode root) throws FormatException {
    if (!root.isArray()) {
      throw new FormatException("a Zipkin line is a JSON array of spans");
    }
    List<ParsedSpan> out = new ArrayList<>();
    for (JsonNode element : root) {
      if (element.isArray()) {
        for (JsonNode span : element) {
          out.add(span(span));
        }
      } else if (element.isObject()) {
        out.add(span(element));
      } else {
        throw new FormatException("a Zipkin span is a JSON object");
      }
    }
    return out;
  }

  private static ParsedSpan span(JsonNode z) throws FormatException {
    if (!z.isObject()) {
      throw new FormatException("a Zipkin span is a JSON object");
    }
    ParsedSpan s = new ParsedSpan();
    s.traceId = BackendTags.id(z.get("traceId"), 16);
    s.spanId = BackendTags.id(z.get("id"), 8);
    s.parentSpanId = BackendTags.id(z.get("parentId"), 8);
    s.name = z.path("name").asText("");
    s.kind = z.hasNonNull("kind") ? BackendTags.kind(z.get("kind").asText()) : 1;
    long startMicros = z.path("timestamp").asLong(0);
    long durationMicros = z.path("duration").asLong(0);
    s.startTimeUnixNano = startMicros * 1_000L;
    s.endTimeUnixNano = (startMicros + durationMicros) * 1_000L;
    if (startMicros == 0) {
      s.traceId = null; // no time: nothing to place on a time axis; counted as invalid
    }
    Iterator<Map.Entry<String, JsonNode>> tags = z.path("tags").fields();
    while (tags.hasNext()) {
      Map.Entry<String, JsonNode> tag = tags.next();
      BackendTags.apply(
          s,
          tag.getKey(),
          tag.getValue().isTextual()
              ? tag.getValue().asText()
              : BackendTags.scalar(tag.getValue()));
    }
    for (JsonNode a : z.path("annotations")) {
      s.events.add(event(a.path("timestamp").asLong(0) * 1_000L, a.path("value").asText("")));
    }
    String service = z.path("localEndpoint").path("serviceName").asText(null);
    if (service != null) {
      s.resource = List.of(new Attribute(ViewerKeys.SERVICE_NAME, service));
    }
    return s;
  }

  private static SpanEvent event(long timeNanos, String value) {
    // OpenTelemetry's Zipkin exporter writes an event as "name":{attributes as JSON}.
    if (value.startsWith("\"")) {
      int close = value.indexOf("\":", 1);
      if (close > 0) {
        try {
          JsonNode attrs = BackendTags.JSON.readTree(value.substring(close + 2));
          if (attrs != null && attrs.isObject()) {
            List<Attribute> attributes = new ArrayList<>();
            attrs
                .fields()
                .forEachRemaining(
                    e -> {
                      Object v =
                          e.getValue().isArray()
                              ? BackendTags.unpackArray(e.getValue().toString())
                              : BackendTags.scalar(e.getValue());
                      attributes.add(new Attribute(e.getKey(), v));
                    });
            return new SpanEvent(timeNanos, value.substring(1, close), attributes);
          }
        } catch (java.io.IOException notThatShape) {
          // A plain annotation that starts with a quote.
        }
      }
    }
    return new SpanEvent(timeNanos, value, List.of());
  }
}
