package io.spanweave.sample;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The rollout of one training run: per step, a batch of prompts, a group of samples per prompt,
 * each sample through the agent loop (generate on a worker, then judge), then the reward filter
 * over each group. Every stage is an annotated interface wrapped in its generated {@code Traced*}
 * delegate: this class is all the wiring a pipeline needs for tracing.
 */
final class RolloutPipeline implements AutoCloseable {

  private static final String TASK = "gsm8k";

  private final SampleOptions options;
  private final SimulatedBehaviour behaviour;
  private final ExecutorService agentPool;
  private final ExecutorService generationPool;
  private final WorkerProcess workerProcess; // null with --child-workers 0
  private final AgentLoop agentLoop;
  private final RewardFilter rewardFilter;
  private volatile boolean stopped;

  /**
   * @param childEnvironment what a worker process needs to join the run ({@code
   *     TraceRuntime.childEnvironment()})
   * @param runDir where the worker process's log goes
   * @param apiKey the key of {@code --llm-url}'s endpoint, or {@code null}
   */
  RolloutPipeline(
      SampleOptions options, Map<String, String> childEnvironment, Path runDir, String apiKey) {
    this.options = options;
    this.behaviour =
        new SimulatedBehaviour(options.seed(), options.timeScale(), options.slowdown());
    this.agentPool =
        Executors.newFixedThreadPool(
            options.workers() + options.childWorkers(), daemons("sample-agent"));
    this.generationPool =
        Executors.newFixedThreadPool(options.workers(), daemons("sample-generate"));
    this.workerProcess =
        options.childWorkers() == 0
            ? null
            : WorkerProcess.start(
                childEnvironment,
                behaviour,
                options.childWorkers(),
                runDir.resolve("worker-process.log"),
                options.llmUrl(),
                options.llmModel(),
                apiKey);

    RolloutWorker localWorker =
        TracedRolloutWorker.wrap(
            new SimulatedWorker(
                languageModel(behaviour, options.llmUrl(), options.llmModel(), apiKey)));
    WorkerClient remoteWorker =
        workerProcess == null
            ? null
            : TracedWorkerClient.wrap(
                new RemoteWorkerClient(TracedWorkerChannel.wrap(workerProcess)));
    RolloutController controller =
        TracedRolloutController.wrap(
            new RoutingRolloutController(
                localWorker,
                generationPool,
                remoteWorker,
                options.childWorkers(),
                behaviour.generationTimeoutMillis()));
    Judger judger = TracedJudger.wrap(new RuleBasedJudger(behaviour));
    this.agentLoop = TracedAgentLoop.wrap(new SingleTurnAgentLoop(controller, judger));
    this.rewardFilter = TracedRewardFilter.wrap(new GrpoRewardFilter());
  }

  /**
   * The model a generation worker calls: the simulated one, traced as the {@code inference} stage;
   * or with {@code llmUrl} an OpenAI-compatible endpoint through LangChain4j, given the generation
   * timeout to answer in, whose listener records each call as the GenAI span itself (a stage around
   * it would count every call twice in the viewer's LLM figures).
   */
  static LanguageModel languageModel(
      SimulatedBehaviour behaviour, String llmUrl, String llmModel, String apiKey) {
    return llmUrl == null
        ? TracedLanguageModel.wrap(new SimulatedLanguageModel(behaviour))
        : new OpenAiCompatibleLanguageModel(
            llmUrl, llmModel, apiKey, Duration.ofMillis(behaviour.generationTimeoutMillis()));
  }

  /** The worker process's pid, or -1 without one. */
  long workerProcessPid() {
    return workerProcess == null ? -1 : workerProcess.pid();
  }

  /**
   * Runs step {@code step} (from 1) to its end; returns early, with what finished, once {@link
   * #stop()} was called.
   */
  StepReport runStep(int step) throws InterruptedException {
    Map<String, List<Future<SampleState>>> groups = new LinkedHashMap<>();
    int groupCount = options.samples() / options.groupSize();
    for (int g = 0; g < groupCount; g++) {
      String groupId = "step" + step + "-prompt" + g;
      List<Future<SampleState>> group = new ArrayList<>();
      for (int i = 0; i < options.groupSize(); i++) {
        SampleState sample =
            new SampleState(
                groupId + "-sample" + i, groupId, TASK, step, behaviour.promptTokens(groupId));
        group.add(agentPool.submit(() -> agentLoop.run(sample)));
      }
      groups.put(groupId, group);
    }
    List<SampleState> done = new ArrayList<>();
    for (Map.Entry<String, List<Future<SampleState>>> group : groups.entrySet()) {
      List<SampleState> samples = new ArrayList<>();
      for (Future<SampleState> sample : group.getValue()) {
        try {
          samples.add(sample.get());
        } catch (ExecutionException | CancellationException e) {
          if (!stopped) {
            throw new IllegalStateException("a sample failed outside the agent loop", e);
          }
        }
      }
      if (!stopped) {
        filter(group.getKey(), step, samples);
      }
      done.addAll(samples);
    }
    return new StepReport(step, done);
  }

  private void filter(String groupId, int step, List<SampleState> samples) {
    List<SampleState> completed = samples.stream().filter(SampleState::isCompleted).toList();
    RewardFilter.GroupVerdict verdict =
        rewardFilter.decide(
            groupId, step, completed.stream().map(SampleState::rewardScore).toList());
    for (SampleState sample : completed) {
      // Back in the sample's own trace, so the decision shows on the sample in the viewer.
      try (TraceScope inSampleTrace = attach(sample.traceContext())) {
        rewardFilter.mark(sample, verdict);
      }
    }
  }

  private static TraceScope attach(TraceContext context) {
    return context == null ? TraceScope.NOOP : Trace.attach(context);
  }

  /** Stops the run: no new work starts and what runs is interrupted. Safe from a shutdown hook. */
  void stop() {
    stopped = true;
    agentPool.shutdownNow();
    generationPool.shutdownNow();
  }

  boolean isStopped() {
    return stopped;
  }

  /** Stops the pools and the worker process; the process sends its last spans before it exits. */
  @Override
  public void close() {
    agentPool.shutdownNow();
    generationPool.shutdownNow();
    if (workerProcess != null) {
      workerProcess.close();
    }
  }

  private static ThreadFactory daemons(String name) {
    AtomicInteger count = new AtomicInteger();
    return task -> {
      Thread thread = new Thread(task, name + "-" + count.incrementAndGet());
      thread.setDaemon(true);
      return thread;
    };
  }
}
