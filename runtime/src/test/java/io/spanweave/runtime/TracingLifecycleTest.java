package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.api.internal.ActiveTracing;
import java.io.IOException;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Configure, reconfigure and close: what is started, what is written, what is left behind. */
class TracingLifecycleTest {

  private static final Stage STEP = Stage.define("Pipeline.step", "step", Kind.CUSTOM);

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static Set<Thread> liveThreads() {
    return new HashSet<>(Thread.getAllStackTraces().keySet());
  }

  private static List<String> spanweaveThreads() {
    List<String> names = new ArrayList<>();
    for (Thread thread : Thread.getAllStackTraces().keySet()) {
      if (thread.getName().startsWith("spanweave-") && thread.isAlive()) {
        names.add(thread.getName());
      }
    }
    return names;
  }

  private static List<Path> filesUnder(Path dir) throws IOException {
    try (Stream<Path> files = Files.walk(dir)) {
      return files.filter(path -> !path.equals(dir)).toList();
    }
  }

  @Test
  void tracingOffWritesNoFileStartsNoThreadAndLeavesTheSwitchOff() throws Exception {
    Set<Thread> before = liveThreads();

    TraceRuntime runtime =
        Tracing.configure(TraceConfig.builder().enabled(false).outputDir(dir).build());
    StageSpan span = STEP.start();
    span.attribute("k", "v");
    span.end();
    try (TraceScope scope = Trace.span("block", Map.of("a", 1))) {
      Trace.event("e");
    }
    runtime.flush();
    runtime.close();

    Set<Thread> started = liveThreads();
    started.removeAll(before);
    assertThat(started).as("threads started while tracing was off").isEmpty();
    assertThat(filesUnder(dir)).as("files written while tracing was off").isEmpty();
    assertThat(ActiveTracing.current()).isNull();
    assertThat(Tracing.current()).isEmpty();
    assertThat(Tracing.activeConfig()).isNull();
    assertThat(Tracing.isEnabled()).isFalse();
    assertThat(span).isSameAs(StageSpan.NOOP);
    assertThat(runtime.isEnabled()).isFalse();
    assertThat(runtime.exportedSpans()).isZero();
    assertThat(runtime.childEnvironment()).containsExactly(Map.entry("SPANWEAVE_ENABLED", "false"));
  }

  @Test
  void tracingOnCreatesTheRunFilesAndInstallsTheSwitchUntilClose() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).runId("run-1").build());

    assertThat(runtime.runDir()).isEqualTo(dir.toAbsolutePath().resolve("run-1"));
    assertThat(runtime.traceFile())
        .isEqualTo(runtime.runDir().resolve("traces/traces.jsonl"))
        .exists();
    assertThat(runtime.liveFile())
        .isEqualTo(runtime.runDir().resolve("traces/live.jsonl"))
        .exists();
    assertThat(ActiveTracing.current()).isNotNull();
    assertThat(Tracing.current()).containsSame(runtime);
    assertThat(Tracing.activeConfig()).isSameAs(runtime.config());
    assertThat(spanweaveThreads()).contains("spanweave-export", "spanweave-live");

    runtime.close();

    assertThat(runtime.isClosed()).isTrue();
    assertThat(ActiveTracing.current()).isNull();
    assertThat(Tracing.current()).isEmpty();
    assertThat(Tracing.activeConfig()).isNull();
    assertThat(spanweaveThreads()).as("threads left after close").isEmpty();
    assertThat(STEP.start()).isSameAs(StageSpan.NOOP);
  }

  @Test
  void closeWritesEverySpanThatEnded() {
    // An export delay of an hour: only close can have written these spans.
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir).batch(batch -> batch.withDelay(Duration.ofHours(1))).build());
    int count = 1500;
    for (int i = 0; i < count; i++) {
      StageSpan span = STEP.start();
      span.attribute("i", i);
      span.end();
    }

    Tracing.close();

    assertThat(TestRuns.spans(TestRuns.readRequests(runtime.traceFile()))).hasSize(count);
    assertThat(runtime.exportedSpans()).isEqualTo(count);
    assertThat(runtime.droppedSpans()).isZero();
  }

  @Test
  void flushWritesWithoutClosing() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir).batch(batch -> batch.withDelay(Duration.ofHours(1))).build());
    STEP.start().end();

    assertThat(runtime.flush()).isTrue();

    assertThat(TestRuns.spans(TestRuns.readRequests(runtime.traceFile()))).hasSize(1);
    assertThat(runtime.isEnabled()).isTrue();
  }

  @Test
  void reconfiguringClosesThePreviousRuntimeAfterWritingItsSpans() {
    TraceRuntime first =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("first")
                .batch(batch -> batch.withDelay(Duration.ofHours(1)))
                .build());
    STEP.start().end();

    TraceRuntime second = Tracing.configure(TestRuns.config(dir).runId("second").build());
    STEP.start().end();
    first.close(); // closing an old runtime again must not turn the new one off

    assertThat(first.isClosed()).isTrue();
    assertThat(Tracing.current()).containsSame(second);
    assertThat(ActiveTracing.current()).isSameAs(second.active());
    assertThat(Tracing.activeConfig()).isSameAs(second.config());
    assertThat(TestRuns.spans(TestRuns.readRequests(first.traceFile()))).hasSize(1);
    second.close();
    assertThat(TestRuns.spans(TestRuns.readRequests(second.traceFile()))).hasSize(1);
  }

  @Test
  void aSpanThatEndsAfterCloseIsCountedAsDroppedNotThrown() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());
    StageSpan late = STEP.start();
    long faults = TracingFaults.count("closed");

    runtime.close();
    late.end();

    assertThat(runtime.droppedSpans()).isEqualTo(1);
    assertThat(TracingFaults.count("closed")).isEqualTo(faults + 1);
  }

  @Test
  void aCollectorPortThatIsTakenLeavesTracingOffWithAFaultNamingThePort() throws IOException {
    try (ServerSocket taken = new ServerSocket(0)) {
      long faults = TracingFaults.count("start");

      TraceRuntime runtime =
          Tracing.configure(
              TestRuns.config(dir)
                  .collector(collector -> collector.withPort(taken.getLocalPort()))
                  .build());

      assertThat(runtime.isEnabled()).isFalse();
      assertThat(TracingFaults.count("start")).isEqualTo(faults + 1);
      assertThat(spanweaveThreads()).as("threads left by the failed start").isEmpty();
    }
  }

  @Test
  void filesThatCannotBeCreatedLeaveTracingOffWithAFault() throws IOException {
    Path notADirectory =
        Files.writeString(dir.resolve("occupied"), "a file where the output directory should be");
    long faults = TracingFaults.count("start");

    TraceRuntime runtime = Tracing.configure(TestRuns.config(notADirectory).build());

    assertThat(runtime.isEnabled()).isFalse();
    assertThat(ActiveTracing.current()).isNull();
    assertThat(TracingFaults.count("start")).isEqualTo(faults + 1);
    assertThat(STEP.start()).isSameAs(StageSpan.NOOP);
  }

  @Test
  void startLogsOneLineWithTheTraceFile() {
    CapturedLog log = CapturedLog.start();
    List<LogRecord> records = log.records();
    try {
      TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());

      assertThat(records).hasSize(1);
      assertThat(records.get(0).getLevel()).isEqualTo(Level.INFO);
      assertThat(records.get(0).getMessage())
          .contains(
              runtime.traceFile().toString(),
              runtime.runId(),
              "test-service",
              "collector=" + runtime.collectorEndpoint().orElseThrow() + "/v1/traces");
    } finally {
      log.close();
    }
  }

  @Test
  void aConfigurationFromTheChildEnvironmentJoinsTheSameRunAndExportsToTheDriversCollector() {
    TraceRuntime parent =
        Tracing.configure(
            TestRuns.config(dir)
                .serviceName("driver")
                .limits(limits -> limits.withMaxArrayLength(7))
                .resourceAttribute("team", "rl")
                .build());
    Map<String, String> childEnv = parent.childEnvironment();

    TraceConfig childConfig = TraceConfig.fromEnvironment(childEnv);
    assertThat(childConfig.enabled()).isTrue();
    assertThat(childConfig.runId()).isEqualTo(parent.runId());
    assertThat(childConfig.serviceName()).isEqualTo("driver");
    assertThat(childConfig.runDir()).isEqualTo(parent.runDir());
    assertThat(childConfig.limits().maxArrayLength()).isEqualTo(7);
    assertThat(childConfig.resourceAttributes()).containsEntry("team", "rl");
    assertThat(childConfig.viewer().enabled()).isFalse();
    assertThat(TestRuns.otlp(childConfig).endpoint())
        .isEqualTo(parent.collectorEndpoint().orElseThrow());
    assertThat(TestRuns.otlp(childConfig).protocol()).isEqualTo(OtlpProtocol.HTTP_PROTOBUF);
    assertThat(TestRuns.otlp(childConfig).headers()).containsOnlyKeys("Authorization");
    assertThat(TestRuns.otlp(childConfig).headers().get("Authorization"))
        .matches("Bearer [0-9a-f]{32}");

    // A traces-only endpoint in the environment the child inherits would win over the collector.
    Map<String, String> inherited =
        new HashMap<>(
            Map.of(
                "OTEL_EXPORTER_OTLP_TRACES_ENDPOINT",
                "http://elsewhere:4318/v1/traces",
                "OTEL_EXPORTER_OTLP_TRACES_HEADERS",
                "x-other=1"));
    inherited.putAll(childEnv);
    TraceConfig inheriting = TraceConfig.fromEnvironment(inherited);
    assertThat(TestRuns.otlp(inheriting).tracesUrl())
        .isEqualTo(parent.collectorEndpoint().orElseThrow() + "/v1/traces");
    assertThat(TestRuns.otlp(inheriting).headers()).containsOnlyKeys("Authorization");
    assertThat(childConfig.export().part(ExportTarget.Zipkin.class)).isEmpty();
    assertThat(childConfig.externalTraceJsonlPath()).isNull();
  }
}
