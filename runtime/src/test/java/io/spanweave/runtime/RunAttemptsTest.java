package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.ResourceSpans;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.RunAttemptFiles;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.internal.attempts.RunAttempt;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run restarted with the same run id is one run of several attempts: each driver claims the next
 * number in the run's folder, writes it on every span (its workers' too) and keeps a record of how
 * it started and ended, which is what the viewer needs to count each step once.
 */
class RunAttemptsTest {

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private TraceRuntime driver(String runId, Long resumeStep) {
    return Tracing.configure(TestRuns.config(dir).runId(runId).resumeStep(resumeStep).build());
  }

  private static JsonNode record(TraceRuntime runtime, int attempt) {
    return TestRuns.readJsonLines(
            runtime
                .runDir()
                .resolve(RunAttemptFiles.DIRECTORY)
                .resolve(RunAttemptFiles.fileName(attempt)))
        .get(0);
  }

  /** The attempt named by the resource of every line of the run's file, per span name. */
  private static Map<String, Set<String>> attemptsBySpanName(Path traceFile) {
    Map<String, Set<String>> attempts = new java.util.TreeMap<>();
    for (ExportTraceServiceRequest request : TestRuns.readRequests(traceFile)) {
      for (ResourceSpans resourceSpans : request.getResourceSpansList()) {
        String attempt =
            TestRuns.resourceAttribute(resourceSpans, SpanAttributes.RUN_ATTEMPT).orElse("none");
        resourceSpans
            .getScopeSpansList()
            .forEach(
                scope ->
                    scope
                        .getSpansList()
                        .forEach(
                            span ->
                                attempts
                                    .computeIfAbsent(span.getName(), name -> new TreeSet<>())
                                    .add(attempt)));
      }
    }
    return attempts;
  }

  @Test
  void aRunRestartedWithTheSameIdIsAttemptTwoAndEverySpanSaysWhich() {
    TraceRuntime first = driver("resumed", null);
    assertThat(first.attempt()).hasValue(1);
    try (TraceScope span = Trace.span("first.step")) {
      Trace.setAttribute("n", 1);
    }
    first.close();

    TraceRuntime second = driver("resumed", 40L);
    assertThat(second.attempt()).hasValue(2);
    try (TraceScope span = Trace.span("second.step")) {
      Trace.setAttribute("n", 2);
    }
    second.close();

    assertThat(attemptsBySpanName(second.traceFile()))
        .containsEntry("first.step", Set.of("1"))
        .containsEntry("second.step", Set.of("2"));
    JsonNode one = record(second, 1);
    assertThat(one.path("attempt").asInt()).isEqualTo(1);
    assertThat(one.path("runId").asText()).isEqualTo("resumed");
    assertThat(one.path("state").asText()).isEqualTo("closed");
    assertThat(one.has("resumeStep")).as("a first start resumes nothing").isFalse();
    assertThat(Long.parseLong(one.path("endTimeUnixNano").asText()))
        .isGreaterThanOrEqualTo(Long.parseLong(one.path("startTimeUnixNano").asText()));
    JsonNode two = record(second, 2);
    assertThat(two.path("resumeStep").asLong()).isEqualTo(40);
    assertThat(two.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    assertThat(Long.parseLong(two.path("startTimeUnixNano").asText()))
        .isGreaterThanOrEqualTo(Long.parseLong(one.path("endTimeUnixNano").asText()));
  }

  @Test
  void aResumeStepKnownOnlyAfterTheCheckpointLoadedIsRecordedWhileTheAttemptRuns() {
    driver("late-resume", null).close();
    TraceRuntime second = driver("late-resume", null);
    assertThat(record(second, 2).has("resumeStep")).isFalse();
    assertThat(record(second, 2).path("state").asText()).isEqualTo("running");

    second.resumedFrom(70);

    assertThat(record(second, 2).path("resumeStep").asLong()).isEqualTo(70);
    assertThat(record(second, 2).path("state").asText()).as("still running").isEqualTo("running");
    second.close();
    assertThat(record(second, 2).path("resumeStep").asLong()).isEqualTo(70);
    assertThat(record(second, 2).path("state").asText()).isEqualTo("closed");
  }

  @Test
  void theResumeStepComesFromTheEnvironmentToo() {
    TraceConfig config = TraceConfig.fromEnvironment(Map.of(TraceEnvironment.RESUME_STEP, "12"));
    assertThat(config.resumeStep()).hasValue(12);
    assertThat(TraceConfig.fromEnvironment(Map.of()).resumeStep()).isEmpty();
  }

  @Test
  void workersStartedWithTheDriversEnvironmentAreInTheDriversAttempt() throws Exception {
    driver("with-worker", null).close();
    TraceRuntime driver = driver("with-worker", null);
    Map<String, String> childEnv = driver.childEnvironment();
    assertThat(childEnv.get(TraceEnvironment.OTEL_RESOURCE_ATTRIBUTES))
        .contains(SpanAttributes.RUN_ATTEMPT + "=2");
    assertThat(childEnv.get(TraceEnvironment.RESUME_STEP)).as("the driver's to record").isEmpty();
    try (TraceScope step = Trace.span("driver.step")) {
      Map<String, String> carrier = Trace.inject(new java.util.HashMap<>());
      try (ChildJvm child = ChildJvm.start(dir, childEnv, "work", carrier.get("traceparent"))) {
        child.awaitSuccess();
      }
    }
    driver.close();

    assertThat(attemptsBySpanName(driver.traceFile())).containsEntry("child.work", Set.of("2"));
    try (Stream<Path> records = Files.list(driver.runDir().resolve(RunAttemptFiles.DIRECTORY))) {
      assertThat(records.map(file -> file.getFileName().toString()))
          .as("a worker claims no attempt of its own")
          .containsExactlyInAnyOrder(RunAttemptFiles.fileName(1), RunAttemptFiles.fileName(2));
    }
  }

  @Test
  void driversStartingAtTheSameMomentGetTwoNumbersAndAKilledOneLeavesItsRecordRunning()
      throws Exception {
    List<ChildJvm> drivers = new ArrayList<>();
    try {
      for (int i = 0; i < 2; i++) {
        drivers.add(ChildJvm.start(dir, Map.of(), "driver", dir.toString(), "wait", "3"));
      }
      for (ChildJvm driver : drivers) {
        assertThat(driver.readLine()).as("stderr:%n%s", driver.stderr()).isEqualTo("ready");
      }
      Path records = dir.resolve("lifecycle").resolve(RunAttemptFiles.DIRECTORY);
      List<JsonNode> claimed = new ArrayList<>();
      for (int attempt = 1; attempt <= 2; attempt++) {
        claimed.add(
            TestRuns.readJsonLines(records.resolve(RunAttemptFiles.fileName(attempt))).get(0));
      }
      assertThat(claimed)
          .extracting(record -> record.path("pid").asLong())
          .containsExactlyInAnyOrder(
              drivers.get(0).process().pid(), drivers.get(1).process().pid());
      for (ChildJvm driver : drivers) {
        driver.process().destroyForcibly(); // SIGKILL: no shutdown hook, no close
        assertThat(driver.process().waitFor(20, TimeUnit.SECONDS)).isTrue();
      }
    } finally {
      drivers.forEach(ChildJvm::close);
    }

    TraceRuntime third = driver("lifecycle", 2L);
    assertThat(third.attempt()).hasValue(3);
    third.close();
    assertThat(record(third, 1).path("state").asText())
        .as("killed: never closed")
        .isEqualTo("running");
    assertThat(record(third, 2).path("state").asText()).isEqualTo("running");
    assertThat(record(third, 3).path("state").asText()).isEqualTo("closed");
  }

  @Test
  void claimsRacingInOneFolderNeverShareANumber() throws Exception {
    ExecutorService threads = Executors.newFixedThreadPool(8);
    try {
      List<Callable<Integer>> claims = new ArrayList<>();
      for (int i = 0; i < 16; i++) {
        claims.add(() -> RunAttempt.claim(dir.resolve("race"), "race", "svc", null).number());
      }
      Set<Integer> numbers = new TreeSet<>();
      for (Future<Integer> claim : threads.invokeAll(claims)) {
        numbers.add(claim.get());
      }
      assertThat(numbers).hasSize(16).first().isEqualTo(1);
      assertThat(numbers).last().isEqualTo(16);
    } finally {
      threads.shutdownNow();
    }
  }

  @Test
  void aWrongAttemptInTheResourceIsNamedWhenTheConfigIsBuilt() {
    org.assertj.core.api.Assertions.assertThatThrownBy(
            () -> TestRuns.config(dir).resourceAttribute(SpanAttributes.RUN_ATTEMPT, "two").build())
        .isInstanceOf(IllegalArgumentException.class)
        .hasMessageContaining(SpanAttributes.RUN_ATTEMPT)
        .hasMessageContaining("'two'");
  }
}
