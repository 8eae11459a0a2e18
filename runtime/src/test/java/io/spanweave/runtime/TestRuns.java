package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.google.protobuf.ByteString;
import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.common.v1.KeyValue;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.ScopeSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.HexFormat;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

/** Shared helpers of the runtime tests: a test configuration and readers of the run's files. */
public final class TestRuns {

  private static final ObjectMapper JSON = new ObjectMapper();

  private TestRuns() {}

  /** Tracing on, writing under {@code dir}, with a short export delay. */
  public static TraceConfig.Builder config(Path dir) {
    return TraceConfig.builder()
        .enabled(true)
        .serviceName("test-service")
        .outputDir(dir)
        .batch(batch -> batch.withDelay(Duration.ofMillis(20)));
  }

  /** The OTLP target of {@code config}'s export, alone or in a composite; fails without one. */
  public static ExportTarget.Otlp otlp(TraceConfig config) {
    return config
        .export()
        .part(ExportTarget.Otlp.class)
        .orElseThrow(() -> new AssertionError("no OTLP target: " + config));
  }

  /** The Zipkin target of {@code config}'s export, alone or in a composite; fails without one. */
  public static ExportTarget.Zipkin zipkin(TraceConfig config) {
    return config
        .export()
        .part(ExportTarget.Zipkin.class)
        .orElseThrow(() -> new AssertionError("no Zipkin target: " + config));
  }

  /** Makes a parent and a child span; returns their hex span ids and the trace id. */
  /**
   * Records {@code spans} root spans of about 300 bytes each, 500 to a step, with a metric: enough
   * lines for a run's files to be cut into several small parts.
   */
  public static void recordPaddedSpans(int spans) {
    for (int i = 0; i < spans; i++) {
      try (io.spanweave.api.TraceScope span =
          io.spanweave.api.Trace.span(
              "agent.run",
              java.util.Map.of(
                  "rollout.id",
                  "s-" + i,
                  "rollout.step",
                  1 + i / 500,
                  "padding",
                  "p".repeat(200)))) {
        io.spanweave.api.Trace.metric("num_tokens", i);
      }
    }
  }

  public static List<String> recordTwoSpans() {
    String parent;
    String child;
    String trace;
    try (TraceScope outer = Trace.span("e2e.parent", Map.of("n", 1))) {
      parent = TraceContext.current().spanId();
      trace = TraceContext.current().traceId();
      try (TraceScope inner = Trace.span("e2e.child")) {
        child = TraceContext.current().spanId();
      }
    }
    return List.of(trace, parent, child);
  }

  /**
   * The hex text of an id: {@code TestRuns.readRequests} parses a file's hex ids as protobuf JSON's
   * base64, so the bytes of an id read from a file are its hex text read as base64.
   */
  public static Function<ByteString, String> idText(boolean readFromFile) {
    return id ->
        readFromFile
            ? Base64.getEncoder().encodeToString(id.toByteArray())
            : HexFormat.of().formatHex(id.toByteArray());
  }

  public static void assertDelivered(
      List<ExportTraceServiceRequest> requests,
      boolean readFromFile,
      List<String> ids,
      String runId) {
    List<Span> spans = spans(requests);
    Function<ByteString, String> hex = idText(readFromFile);
    assertThat(spans)
        .extracting(Span::getName)
        .containsExactlyInAnyOrder("e2e.parent", "e2e.child");
    assertThat(spans)
        .allSatisfy(span -> assertThat(hex.apply(span.getTraceId())).isEqualTo(ids.get(0)));
    assertThat(spans)
        .extracting(span -> hex.apply(span.getSpanId()))
        .containsExactlyInAnyOrder(ids.get(1), ids.get(2));
    Span child =
        spans.stream().filter(span -> span.getName().equals("e2e.child")).findFirst().orElseThrow();
    assertThat(hex.apply(child.getParentSpanId())).isEqualTo(ids.get(1));
    assertThat(requests)
        .flatMap(ExportTraceServiceRequest::getResourceSpansList)
        .allSatisfy(
            resource ->
                assertThat(resourceAttribute(resource, SpanAttributes.RUN_ID)).contains(runId));
  }

  /**
   * Every line of a run's trace file, all its parts in order ({@link RunParts}), parsed strictly
   * into the real protobuf message; a part that cannot be read, or a torn last line, fails.
   */
  public static List<ExportTraceServiceRequest> readRequests(Path file) {
    List<ExportTraceServiceRequest> requests = new ArrayList<>();
    for (String line : runLines(file)) {
      ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
      try {
        JsonFormat.parser().merge(line, request); // strict: an unknown field fails
      } catch (InvalidProtocolBufferException e) {
        throw new AssertionError("not an OTLP/JSON ExportTraceServiceRequest: " + line, e);
      }
      requests.add(request.build());
    }
    return requests;
  }

  /** The spans of every request, in file order. */
  public static List<Span> spans(List<ExportTraceServiceRequest> requests) {
    List<Span> spans = new ArrayList<>();
    for (ExportTraceServiceRequest request : requests) {
      for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
        for (ScopeSpans scopeSpans : resourceSpans.getScopeSpansList()) {
          spans.addAll(scopeSpans.getSpansList());
        }
      }
    }
    return spans;
  }

  /** The string value of a resource attribute, if present. */
  public static Optional<String> resourceAttribute(ResourceSpans resourceSpans, String key) {
    for (KeyValue attribute : resourceSpans.getResource().getAttributesList()) {
      if (attribute.getKey().equals(key)) {
        return Optional.of(attribute.getValue().getStringValue());
      }
    }
    return Optional.empty();
  }

  /** Every line of a JSON lines file as a Jackson tree. */
  public static List<JsonNode> readJsonLines(Path file) {
    List<JsonNode> nodes = new ArrayList<>();
    for (String line : lines(file)) {
      try {
        nodes.add(JSON.readTree(line));
      } catch (IOException e) {
        throw new AssertionError("not a JSON line: " + line, e);
      }
    }
    return nodes;
  }

  /**
   * Every line of every part of the run whose trace file is {@code file}, in order; nothing may be
   * skipped.
   */
  public static List<String> runLines(Path file) {
    List<String> lines = new ArrayList<>();
    try {
      RunParts.Outcome outcome =
          RunParts.forEachLine(file, (part, number, line) -> lines.add(line));
      if (!outcome.skipped().isEmpty()) {
        throw new AssertionError("parts of " + file + " could not be read: " + outcome.skipped());
      }
      if (Files.exists(file)) {
        lines(file); // the part being written must not end in a torn line either
      }
    } catch (IOException e) {
      throw new AssertionError("cannot read " + file, e);
    }
    return lines;
  }

  public static List<String> lines(Path file) {
    try {
      String text = Files.readString(file);
      if (!text.isEmpty() && !text.endsWith("\n")) {
        throw new AssertionError(
            file + " ends in a torn line: " + text.substring(text.lastIndexOf('\n') + 1));
      }
      List<String> lines = new ArrayList<>();
      for (String line : text.split("\n")) {
        if (!line.isEmpty()) {
          lines.add(line);
        }
      }
      return lines;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
