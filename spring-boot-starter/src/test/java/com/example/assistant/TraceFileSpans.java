package com.example.assistant;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The spans of a run's {@code traces.jsonl} (OTLP JSON, one export request per line), as plain
 * values.
 */
record TraceFileSpans(List<Span> spans) {

  record Span(
      String name,
      String spanId,
      String parentSpanId,
      int kind,
      int statusCode,
      Map<String, JsonNode> attributes) {

    String string(String key) {
      JsonNode value = attributes.get(key);
      return value == null ? null : value.path("stringValue").asText(null);
    }

    Long integer(String key) {
      JsonNode value = attributes.get(key);
      return value == null || !value.has("intValue") ? null : value.get("intValue").asLong();
    }

    Double number(String key) {
      JsonNode value = attributes.get(key);
      return value == null || !value.has("doubleValue")
          ? null
          : value.get("doubleValue").asDouble();
    }

    List<String> strings(String key) {
      List<String> values = new ArrayList<>();
      JsonNode value = attributes.get(key);
      if (value != null) {
        value
            .path("arrayValue")
            .path("values")
            .forEach(item -> values.add(item.path("stringValue").asText()));
      }
      return values;
    }
  }

  static TraceFileSpans read(Path traceFile) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<Span> spans = new ArrayList<>();
    for (String line : Files.readAllLines(traceFile)) {
      if (line.isBlank()) {
        continue;
      }
      for (JsonNode resource : json.readTree(line).path("resourceSpans")) {
        for (JsonNode scope : resource.path("scopeSpans")) {
          for (JsonNode span : scope.path("spans")) {
            Map<String, JsonNode> attributes = new LinkedHashMap<>();
            span.path("attributes")
                .forEach(
                    attribute ->
                        attributes.put(attribute.path("key").asText(), attribute.path("value")));
            spans.add(
                new Span(
                    span.path("name").asText(),
                    span.path("spanId").asText(),
                    span.path("parentSpanId").asText(""),
                    span.path("kind").asInt(),
                    span.path("status").path("code").asInt(),
                    attributes));
          }
        }
      }
    }
    return new TraceFileSpans(spans);
  }

  List<Span> named(String name) {
    return spans.stream().filter(span -> span.name().equals(name)).toList();
  }

  Span stage(String stage) {
    List<Span> found =
        spans.stream().filter(span -> stage.equals(span.string("spanweave.stage"))).toList();
    if (found.size() != 1) {
      throw new AssertionError(
          "expected one span of stage "
              + stage
              + " but found "
              + found.size()
              + " among "
              + spans.stream().map(Span::name).toList());
    }
    return found.get(0);
  }
}
