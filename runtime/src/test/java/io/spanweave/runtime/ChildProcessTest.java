package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.Span;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** A real child JVM joins the parent's run through {@link TraceRuntime#childEnvironment()}. */
class ChildProcessTest {

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  /** Runs {@link ChildProcessMain} in a new JVM with the parent's child environment; returns its output. */
  private String runChild(TraceRuntime parent, String... args) throws Exception {
    List<String> command = new java.util.ArrayList<>(List.of(
        Path.of(System.getProperty("java.home"), "bin", "java").toString(),
        "-cp", System.getProperty("java.class.path"),
        ChildProcessMain.class.getName()));
    command.addAll(List.of(args));
    Path log = Files.createTempFile(dir, "child", ".log");
    ProcessBuilder child = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile());
    child.environment().putAll(parent.childEnvironment());
    Process process = child.start();
    assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("the child finished").isTrue();
    String output = Files.readString(log, StandardCharsets.UTF_8);
    assertThat(process.exitValue()).as("child exit code; its output:%n%s", output).isZero();
    return output;
  }

  @Test
  void aChildThatExitsWithoutClosingStillWritesItsSpans() throws Exception {
    TraceRuntime parent = Tracing.configure(TestRuns.config(dir).build());
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }

    runChild(parent, carrier.get("traceparent"), "exit-without-close");
    parent.close();

    assertThat(TestRuns.spans(TestRuns.readRequests(parent.traceFile())))
        .extracting(Span::getName).contains("child.unclosed", "parent.dispatch");
  }

  @Test
  void aChildJvmConfiguredFromTheChildEnvironmentWritesIntoTheSameRunAndTrace() throws Exception {
    TraceRuntime parent = Tracing.configure(TestRuns.config(dir).serviceName("driver").build());
    Map<String, String> carrier;
    String dispatchSpanId;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      dispatchSpanId = TraceContext.current().spanId();
      carrier = Trace.inject(new HashMap<>());
    }

    String childLog = runChild(parent, carrier.get("traceparent"));
    assertThat(childLog).contains("joined run " + parent.runId());
    parent.close();

    List<ResourceSpans> resources = TestRuns.readRequests(parent.traceFile()).stream()
        .flatMap(request -> request.getResourceSpansList().stream()).toList();
    assertThat(resources).allSatisfy(resource -> {
      assertThat(TestRuns.resourceAttribute(resource, SpanAttributes.RUN_ID)).contains(parent.runId());
      assertThat(TestRuns.resourceAttribute(resource, "service.name")).contains("driver");
    });
    assertThat(resources).extracting(resource -> resource.getResource().getAttributesList().stream()
        .filter(attribute -> attribute.getKey().equals("process.pid")).findFirst().orElseThrow().getValue().getIntValue())
        .as("spans from two processes").doesNotHaveDuplicates().hasSize(2);

    List<Span> spans = TestRuns.spans(TestRuns.readRequests(parent.traceFile()));
    Span childSpan = spans.stream().filter(span -> span.getName().equals("child.work")).findFirst().orElseThrow();
    Span dispatchSpan = spans.stream().filter(span -> span.getName().equals("parent.dispatch")).findFirst().orElseThrow();
    // The protobuf JSON parser reads OTLP hex ids as base64, the same way on both sides, so bytes compare.
    assertThat(childSpan.getParentSpanId()).isEqualTo(dispatchSpan.getSpanId());
    assertThat(childSpan.getTraceId()).isEqualTo(dispatchSpan.getTraceId());
    assertThat(TestRuns.readJsonLines(parent.liveFile()))
        .anySatisfy(record -> {
          assertThat(record.path("name").asText()).isEqualTo("child.work");
          assertThat(record.path("parentSpanId").asText()).isEqualTo(dispatchSpanId);
          assertThat(record.path("pid").asLong()).isNotEqualTo(ProcessHandle.current().pid());
        });
  }
}
