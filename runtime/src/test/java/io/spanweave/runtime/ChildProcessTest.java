package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.SpanAttributes;
import java.net.InetAddress;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Real child JVMs join the driver's run through {@link TraceRuntime#childEnvironment()} and export
 * their spans to the driver's local collector over OTLP/HTTP.
 */
class ChildProcessTest {

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static Span named(List<Span> spans, String name) {
    return spans.stream()
        .filter(span -> span.getName().equals(name))
        .findFirst()
        .orElseThrow(
            () ->
                new AssertionError(
                    "no span " + name + " among " + spans.stream().map(Span::getName).toList()));
  }

  @Test
  void aChildJvmExportsToTheDriversCollectorOnItsRoutableAddressInTheSameRunAndTrace()
      throws Exception {
    // Listening on all interfaces is the explicit setting for workers on other hosts (loopback is
    // the default).
    TraceRuntime driver =
        Tracing.configure(
            TestRuns.config(dir)
                .serviceName("driver")
                .collector(collector -> collector.withBindAddress("all"))
                .build());
    Map<String, String> childEnv = driver.childEnvironment();
    // Multi-host in miniature: the child is given the advertised address, which another host could
    // reach, not loopback, and the collector is reached through it.
    String endpoint = childEnv.get("OTEL_EXPORTER_OTLP_ENDPOINT");
    assertThat(endpoint).isEqualTo(driver.collectorEndpoint().orElseThrow());
    InetAddress advertised = InetAddress.getByName(URI.create(endpoint).getHost());
    assertThat(advertised.isLoopbackAddress()).as("advertised %s", endpoint).isFalse();
    assertThat(childEnv.get("OTEL_EXPORTER_OTLP_HEADERS")).startsWith("Authorization=Bearer%20");
    Map<String, String> carrier;
    String dispatchSpanId;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      dispatchSpanId = TraceContext.current().spanId();
      carrier = Trace.inject(new HashMap<>());
    }

    try (ChildJvm child = ChildJvm.start(dir, childEnv, "work", carrier.get("traceparent"))) {
      assertThat(child.readLine()).isEqualTo("joined run " + driver.runId());
      child.awaitSuccess();
    }
    assertThat(driver.collectedSpans()).as("spans the collector received over HTTP").isEqualTo(1);
    driver.close();

    List<ResourceSpans> resources =
        TestRuns.readRequests(driver.traceFile()).stream()
            .flatMap(request -> request.getResourceSpansList().stream())
            .toList();
    assertThat(resources)
        .allSatisfy(
            resource -> {
              assertThat(TestRuns.resourceAttribute(resource, SpanAttributes.RUN_ID))
                  .contains(driver.runId());
              assertThat(TestRuns.resourceAttribute(resource, "service.name")).contains("driver");
            });
    assertThat(resources)
        .extracting(
            resource ->
                resource.getResource().getAttributesList().stream()
                    .filter(attribute -> attribute.getKey().equals("process.pid"))
                    .findFirst()
                    .orElseThrow()
                    .getValue()
                    .getIntValue())
        .as("spans from two processes")
        .doesNotHaveDuplicates()
        .hasSize(2);

    List<Span> spans = TestRuns.spans(TestRuns.readRequests(driver.traceFile()));
    assertThat(spans)
        .extracting(Span::getName)
        .as("each span once: the child wrote no file of its own")
        .containsExactlyInAnyOrder("parent.dispatch", "child.work");
    Span childSpan = named(spans, "child.work");
    Span dispatchSpan = named(spans, "parent.dispatch");
    assertThat(childSpan.getParentSpanId()).isEqualTo(dispatchSpan.getSpanId());
    assertThat(childSpan.getTraceId()).isEqualTo(dispatchSpan.getTraceId());
    assertThat(childSpan.getEventsList())
        .extracting(Span.Event::getName)
        .containsExactly("child.event");
    assertThat(TestRuns.readJsonLines(driver.liveFile()))
        .as("the child, on the driver's host, appends to the driver's live.jsonl")
        .anySatisfy(
            record -> {
              assertThat(record.path("name").asText()).isEqualTo("child.work");
              assertThat(record.path("parentSpanId").asText()).isEqualTo(dispatchSpanId);
              assertThat(record.path("pid").asLong()).isNotEqualTo(ProcessHandle.current().pid());
            });
  }

  @Test
  void aChildWithTheRuntimeAloneExportsToTheDriversCollectorWithoutAWordOfWarning()
      throws Exception {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).serviceName("driver").build());
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }

    String stderr;
    try (ChildJvm child =
        ChildJvm.start(
            dir,
            driver.childEnvironment(),
            List.of(),
            LightClassPath.classPath(),
            ChildProcessMain.class,
            "work",
            carrier.get("traceparent"))) {
      assertThat(child.readLine()).isEqualTo("joined run " + driver.runId());
      child.awaitSuccess();
      stderr = child.stderr();
    }
    driver.close();

    assertThat(stderr)
        .as("the child's log")
        .doesNotContain("WARNING", "SEVERE")
        .contains("(http/json)"); // its startup line: the runtime's own exporter, no spanweave-otlp
    List<Span> spans = TestRuns.spans(TestRuns.readRequests(driver.traceFile()));
    Span childSpan = named(spans, "child.work");
    assertThat(childSpan.getParentSpanId()).isEqualTo(named(spans, "parent.dispatch").getSpanId());
    assertThat(childSpan.getEventsList())
        .extracting(Span.Event::getName)
        .containsExactly("child.event");
    assertThat(
            TestRuns.readRequests(driver.traceFile()).stream()
                .flatMap(r -> r.getResourceSpansList().stream()))
        .allSatisfy(
            resource ->
                assertThat(TestRuns.resourceAttribute(resource, SpanAttributes.RUN_ID))
                    .contains(driver.runId()));
  }

  @Test
  void aWorkerOnAnotherHostShowsItsStuckStageInTheDriversLiveFile() throws Exception {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).serviceName("driver").build());
    Map<String, String> env = new HashMap<>(driver.childEnvironment());
    assertThat(env.get("SPANWEAVE_LIVE_ENDPOINT"))
        .isEqualTo(driver.collectorEndpoint().orElseThrow() + "/v1/spanweave/live");
    // Another host in miniature: the worker's output directory is not the driver's, as on a host
    // without a shared volume; only the collector connects the two.
    Path otherHost = dir.resolve("other-host");
    env.put("SPANWEAVE_OUTPUT_DIR", otherHost.toString());
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }

    try (ChildJvm child = ChildJvm.start(dir, env, "hang", carrier.get("traceparent"))) {
      String ready = child.readLine();
      assertThat(ready).startsWith("ready ");
      String stuckSpanId = ready.substring("ready ".length());
      long workerPid = child.process().pid();
      // While the worker is still stuck: its flush returned only once the collector had written.
      var live = TestRuns.readJsonLines(driver.liveFile());
      assertThat(live)
          .filteredOn(record -> record.path("spanId").asText().equals(stuckSpanId))
          .as("the stuck stage, in flight on the worker, in the driver's live file")
          .singleElement()
          .satisfies(
              record -> {
                assertThat(record.path("event").asText()).isEqualTo("start");
                assertThat(record.path("name").asText()).isEqualTo("child.hanging");
                assertThat(record.path("pid").asLong()).isEqualTo(workerPid);
                assertThat(record.path("runId").asText()).isEqualTo(driver.runId());
                assertThat(record.path("attributes").path("sample.id").asText())
                    .isEqualTo("s-stuck");
              });
      assertThat(live)
          .filteredOn(record -> record.path("name").asText().equals("child.done"))
          .as("a stage that ended has its end record too, so a reader drops it from work in flight")
          .extracting(record -> record.path("event").asText())
          .containsExactly("start", "end");
      child.process().destroyForcibly();
      child.process().waitFor();
    }
    try (Stream<Path> files = Files.exists(otherHost) ? Files.walk(otherHost) : Stream.empty()) {
      assertThat(files.filter(path -> path.getFileName().toString().equals("live.jsonl")).toList())
          .as("the worker wrote no live file of its own")
          .isEmpty();
    }
    driver.close();
  }

  @Test
  void aChildThatExitsWithoutClosingStillDeliversItsSpans() throws Exception {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).build());
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }

    try (ChildJvm child =
        ChildJvm.start(
            dir, driver.childEnvironment(), "exit-without-close", carrier.get("traceparent"))) {
      child.readLine();
      child.awaitSuccess();
    }
    driver.close();

    assertThat(TestRuns.spans(TestRuns.readRequests(driver.traceFile())))
        .extracting(Span::getName)
        .contains("child.unclosed", "parent.dispatch");
  }

  @Test
  void aChildKilledMidSpanLeavesAStartRecordWithoutAnEndAndEveryFileParses() throws Exception {
    TraceRuntime driver = Tracing.configure(TestRuns.config(dir).build());
    Map<String, String> carrier;
    try (TraceScope dispatch = Trace.span("parent.dispatch")) {
      carrier = Trace.inject(new HashMap<>());
    }

    String hangingSpanId;
    try (ChildJvm child =
        ChildJvm.start(dir, driver.childEnvironment(), "hang", carrier.get("traceparent"))) {
      String ready = child.readLine();
      assertThat(ready).startsWith("ready ");
      hangingSpanId = ready.substring("ready ".length());
      child.process().destroyForcibly(); // SIGKILL: no shutdown hook, no flush
      child.process().waitFor();
    }
    driver.close();

    // Every line of both files parses (TestRuns fails on a torn or non-JSON line).
    var live = TestRuns.readJsonLines(driver.liveFile());
    assertThat(live)
        .filteredOn(record -> record.path("spanId").asText().equals(hangingSpanId))
        .singleElement()
        .satisfies(
            record -> {
              assertThat(record.path("event").asText()).isEqualTo("start");
              assertThat(record.path("name").asText()).isEqualTo("child.hanging");
              assertThat(record.path("attributes").path("sample.id").asText()).isEqualTo("s-stuck");
            });
    assertThat(live)
        .filteredOn(record -> record.path("name").asText().equals("child.done"))
        .extracting(record -> record.path("event").asText())
        .containsExactly("start", "end");
    List<Span> spans = TestRuns.spans(TestRuns.readRequests(driver.traceFile()));
    assertThat(spans)
        .extracting(Span::getName)
        .contains("child.done", "parent.dispatch")
        .doesNotContain("child.hanging");
  }
}
