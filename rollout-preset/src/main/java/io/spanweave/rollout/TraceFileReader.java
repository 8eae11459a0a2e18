package io.spanweave.rollout;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.runtime.RunParts;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads a run's {@code traces.jsonl} and its parts (one OTLP/JSON {@code ExportTraceServiceRequest}
 * per line, as every process of the run writes it) into {@link RolloutSpan}s, for smoke checks and
 * tests that look at a whole run, child processes included.
 */
public final class TraceFileReader {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TraceFileReader() {}

  /**
   * Every span of the run whose trace file is {@code traceFile} ({@code TraceRuntime.traceFile()},
   * or the run's folder), all its parts in order ({@link RunParts}), in file order. The last line
   * of the part being written, not yet ended (a process still writing), is left out; a line that is
   * not OTLP/JSON is an error, and so is a part that cannot be read.
   *
   * @throws IOException when the run cannot be read, a part is damaged or was deleted, or a
   *     complete line is not OTLP/JSON (naming the part and the line)
   */
  public static List<RolloutSpan> read(Path traceFile) throws IOException {
    List<RolloutSpan> spans = new ArrayList<>();
    RunParts.Outcome outcome =
        RunParts.forEachLine(
            traceFile,
            (part, number, line) -> {
              JsonNode request;
              try {
                request = JSON.readTree(line);
              } catch (IOException e) {
                throw new IOException(
                    part.path() + ":" + number + " is not JSON; is this a spanweave traces.jsonl?",
                    e);
              }
              readRequest(request, spans);
            });
    if (!outcome.skipped().isEmpty()) {
      throw new IOException(
          "parts of " + traceFile + " could not be read: " + String.join("; ", outcome.skipped()));
    }
    return spans;
  }

  private static void readRequest(JsonNode request, List<RolloutSpan> out) {
    for (JsonNode resourceSpans : request.path("resourceSpans")) {
      Map<String, Object> resource = attributes(resourceSpans.path("resource").path("attributes"));
      for (JsonNode scopeSpans : resourceSpans.path("scopeSpans")) {
        for (JsonNode span : scopeSpans.path("spans")) {
          List<RolloutSpan.Link> links = new ArrayList<>();
          for (JsonNode link : span.path("links")) {
            links.add(
                new RolloutSpan.Link(link.path("traceId").asText(), link.path("spanId").asText()));
          }
          out.add(
              new RolloutSpan(
                  span.path("name").asText(),
                  span.path("traceId").asText(),
                  span.path("spanId").asText(),
                  span.path("parentSpanId").asText(""),
                  span.path("startTimeUnixNano").asLong(),
                  span.path("endTimeUnixNano").asLong(),
                  attributes(span.path("attributes")),
                  resource,
                  links));
        }
      }
    }
  }

  private static Map<String, Object> attributes(JsonNode keyValues) {
    Map<String, Object> attributes = new LinkedHashMap<>();
    for (JsonNode keyValue : keyValues) {
      Object value = value(keyValue.path("value"));
      if (value != null) {
        attributes.put(keyValue.path("key").asText(), value);
      }
    }
    return attributes;
  }

  /** An OTLP {@code AnyValue}; 64-bit integers arrive as strings. */
  private static Object value(JsonNode any) {
    if (any.has("stringValue")) {
      return any.get("stringValue").asText();
    }
    if (any.has("boolValue")) {
      return any.get("boolValue").asBoolean();
    }
    if (any.has("intValue")) {
      return any.get("intValue").asLong();
    }
    if (any.has("doubleValue")) {
      return any.get("doubleValue").asDouble();
    }
    if (any.has("arrayValue")) {
      List<Object> values = new ArrayList<>();
      for (JsonNode element : any.get("arrayValue").path("values")) {
        Object value = value(element);
        if (value != null) {
          values.add(value);
        }
      }
      return values;
    }
    return null;
  }
}
