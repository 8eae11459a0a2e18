package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.rollout.fixtures.AgentLoop;
import io.spanweave.rollout.fixtures.Judgement;
import io.spanweave.rollout.fixtures.Judger;
import io.spanweave.rollout.fixtures.RolloutController;
import io.spanweave.rollout.fixtures.TracedAgentLoop;
import io.spanweave.rollout.fixtures.TracedJudger;
import io.spanweave.rollout.fixtures.TracedRolloutController;
import io.spanweave.rollout.fixtures.TracedWorkerClient;
import io.spanweave.rollout.fixtures.WorkerClient;
import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.TraceRuntime;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reference example, with the worker in a real second JVM: the agent loop calls the controller,
 * the controller sends the sample to a worker process, and the judge runs back in the agent loop.
 * The judge's {@code rollout.span_name_path} names all four endpoints although, when it runs, the
 * local context holds only the agent loop.
 */
class CrossProcessPathTest {

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    tracing.close();
  }

  /** Sends the state to {@link WorkerProcessMain} in a child JVM that joins this run. */
  private static final class ChildProcessWorkerClient implements WorkerClient {
    private final TraceRuntime runtime;
    private final Path stderr;
    private final ObjectMapper json = new ObjectMapper();

    ChildProcessWorkerClient(TraceRuntime runtime, Path stderr) {
      this.runtime = runtime;
      this.stderr = stderr;
    }

    @Override
    public RolloutState generate(RolloutState state) {
      try {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        ProcessBuilder builder =
            new ProcessBuilder(
                java,
                "-cp",
                System.getProperty("java.class.path"),
                WorkerProcessMain.class.getName());
        builder.environment().putAll(runtime.childEnvironment());
        builder.redirectError(stderr.toFile());
        Process child = builder.start();
        try (OutputStream in = child.getOutputStream()) {
          json.writeValue(in, ((SimpleRolloutState) state).toMap());
        }
        @SuppressWarnings("unchecked")
        Map<String, Object> answer = json.readValue(child.getInputStream(), Map.class);
        assertThat(child.waitFor(60, TimeUnit.SECONDS)).as("the worker process exits").isTrue();
        assertThat(child.exitValue())
            .as("worker exit code; its stderr:%n%s", Files.readString(stderr))
            .isZero();
        return SimpleRolloutState.fromMap(answer);
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException(e);
      }
    }

    @Override
    public List<RolloutState> generateAll(List<RolloutState> states) {
      return states.stream().map(this::generate).toList();
    }
  }

  /**
   * The run's trace file once it holds {@code spans} spans. The worker's spans reach it by whatever
   * way the run's children export (today they append to the shared file before they exit; with the
   * local collector they arrive through it), so wait for them rather than assume when they land.
   */
  private static RolloutSpanStore readRun(TraceRuntime runtime, int spans) throws Exception {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (true) {
      assertThat(runtime.flush()).isTrue();
      RolloutSpanStore run = RolloutSpanStore.fromTraceFile(runtime.traceFile());
      if (run.size() >= spans || System.nanoTime() > deadline) {
        assertThat(run.all()).as("spans of the run").hasSize(spans);
        return run;
      }
      Thread.sleep(100);
    }
  }

  @Test
  void theJudgeRecordsTheWholeSampleCallChainAcrossTheWorkerProcess() throws Exception {
    tracing = TracingUnderTest.withRunFiles(outputDir, true);
    TraceRuntime runtime = tracing.runtime();
    WorkerClient workers =
        TracedWorkerClient.wrap(
            new ChildProcessWorkerClient(runtime, outputDir.resolve("worker.stderr")));
    RolloutController controller = TracedRolloutController.wrap(workers::generate);
    Judger judger =
        TracedJudger.wrap(s -> new Judgement(s.completionTokens() == 17 ? 1.0 : 0.0, true));
    AgentLoop agentLoop =
        TracedAgentLoop.wrap(
            s -> {
              RolloutState generated = controller.generate(s);
              judger.run(generated);
              return generated;
            });
    SimpleRolloutState state = RolloutEndpointTest.sample("cross-1");

    RolloutState done = agentLoop.run(state);

    RolloutSpanStore run = readRun(runtime, 5);
    RolloutSpan agent = run.single("single_turn_agent_loop.run");
    RolloutSpan generate = run.single("rollout.controller.generate");
    RolloutSpan remote = run.single("rollout.worker.remote");
    RolloutSpan worker = run.single("rollout.worker.generate");
    RolloutSpan judge = run.single("judger.run");

    // the path the reference asks for, recorded on judger.run from the sample's chain...
    assertThat(judge.stringAttribute("rollout.span_name_path"))
        .isEqualTo(
            "single_turn_agent_loop.run -> rollout.controller.generate -> rollout.worker.generate -> judger.run");
    // ...although the local context at judge time was only the agent loop
    assertThat(judge.parentSpanId()).isEqualTo(agent.spanId());
    assertThat(judge.attributes())
        .containsEntry("rollout.reward.score", 1.0)
        .containsEntry("rollout.reward.pass", true);

    // the worker span was recorded by another process, in the same run and the same trace, under
    // the remote call
    long driverPid = ProcessHandle.current().pid();
    assertThat(worker.resource().get("process.pid")).isNotEqualTo(driverPid);
    assertThat(agent.resource().get("process.pid")).isEqualTo(driverPid);
    assertThat(worker.resource().get("spanweave.run.id")).isEqualTo(runtime.runId());
    assertThat(worker.traceId()).isEqualTo(agent.traceId());
    assertThat(worker.parentSpanId()).isEqualTo(remote.spanId());
    assertThat(remote.parentSpanId()).isEqualTo(generate.spanId());
    assertThat(generate.parentSpanId()).isEqualTo(agent.spanId());
    assertThat(worker.stringAttribute("rollout.span_name_path"))
        .isEqualTo(
            "single_turn_agent_loop.run -> rollout.controller.generate -> rollout.worker.generate");
    assertThat(worker.attributes())
        .containsEntry("rollout.status", "completed")
        .containsEntry("rollout.completion_tokens", 17L);

    // every span of the sample is found by its rollout id, the child's included
    assertThat(run.byRollout("cross-1"))
        .extracting(RolloutSpan::name)
        .containsExactlyInAnyOrder(
            "single_turn_agent_loop.run",
            "rollout.controller.generate",
            "rollout.worker.remote",
            "rollout.worker.generate",
            "judger.run");
    // the outermost endpoint left a clean state behind
    assertThat(done.extraFields()).containsOnlyKeys("user.note");
    assertThat(done.status()).isEqualTo("completed");
  }

  @Test
  void withThePresetOffTheWorkerProcessNeitherReceivesNorReturnsPresetFields() throws Exception {
    tracing = TracingUnderTest.withRunFiles(outputDir, false);
    TraceRuntime runtime = tracing.runtime();
    assertThat(runtime.childEnvironment()).containsEntry("SPANWEAVE_EXTENSIONS", "");
    WorkerClient workers =
        TracedWorkerClient.wrap(
            new ChildProcessWorkerClient(runtime, outputDir.resolve("worker.stderr")));
    List<Map<String, Object>> sent = new ArrayList<>();
    AgentLoop agentLoop =
        TracedAgentLoop.wrap(
            s -> {
              sent.add(Map.copyOf(s.extraFields()));
              return workers.generate(s);
            });

    RolloutState done = agentLoop.run(RolloutEndpointTest.sample("cross-off"));

    assertThat(sent).containsExactly(Map.of("user.note", "kept"));
    assertThat(done.extraFields()).containsOnlyKeys("user.note");
    assertThat(done.status()).isEqualTo("completed");
    RolloutSpanStore run = readRun(runtime, 3);
    assertThat(run.all())
        .extracting(RolloutSpan::name)
        .containsExactlyInAnyOrder(
            "single_turn_agent_loop.run", "rollout.worker.remote", "rollout.worker.generate");
    assertThat(run.all())
        .allSatisfy(
            span ->
                assertThat(span.attributes().keySet())
                    .noneMatch(key -> key.startsWith("rollout.")));
    // without the preset nothing carries the context to the worker: its span starts a trace of its
    // own
    assertThat(run.single("rollout.worker.generate").isRoot()).isTrue();
  }
}
