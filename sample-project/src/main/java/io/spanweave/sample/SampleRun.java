package io.spanweave.sample;

import io.spanweave.rollout.RolloutTrace;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One traced run of the sample: configures tracing (and with it the viewer), runs the steps while
 * printing progress, and ends with where the traces are and how to look at them. {@link
 * #interrupt()} stops it from a shutdown hook (Ctrl-C) and still leaves complete files behind.
 */
public final class SampleRun {

  static final String SERVICE_NAME = "spanweave-sample";

  private final SampleOptions options;
  private final PrintStream out;
  private final String apiKey;
  private volatile TraceRuntime runtime;
  private volatile RolloutPipeline pipeline;
  private volatile AutoCloseable keptViewer;
  private volatile boolean finished;

  public SampleRun(SampleOptions options, PrintStream out) {
    this(options, out, System.getenv());
  }

  /**
   * @param environment where the API key of {@code --llm-url} comes from ({@code OPENAI_API_KEY})
   */
  SampleRun(SampleOptions options, PrintStream out, Map<String, String> environment) {
    this.options = options;
    this.out = out;
    this.apiKey = environment.get(OpenAiCompatibleLanguageModel.API_KEY_VARIABLE);
  }

  /** What a finished run left behind. */
  public record Result(
      String runId,
      Path traceFile,
      Path liveFile,
      Optional<String> viewerUrl,
      String viewerCommand,
      List<StepReport> steps,
      long workerProcessPid,
      boolean interrupted) {

    public List<SampleState> samples() {
      return steps.stream().flatMap(step -> step.samples().stream()).toList();
    }
  }

  /**
   * Runs every step. With {@link SampleOptions#keepViewer()} the viewer keeps serving after this
   * returns, until {@link #closeViewer()}; tracing itself is closed (every span written) either
   * way.
   */
  public Result execute() throws InterruptedException {
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName(SERVICE_NAME)
            .outputDir(options.outputDir())
            .enableExtension(RolloutTrace.EXTENSION)
            .viewer(
                viewer ->
                    viewer
                        .withEnabled(options.viewer())
                        .withHost(options.viewerHost())
                        .withPort(options.viewerPort()))
            .build();
    runtime = Tracing.configure(config);
    String viewerCommand = runtime.viewerCommand().orElseGet(() -> handCommand(runtime));
    out.printf(
        Locale.ROOT,
        "spanweave sample: %d steps x %d samples (groups of %d), %d worker threads here + %d in a "
            + "worker process, seed %d%n",
        options.steps(),
        options.samples(),
        options.groupSize(),
        options.workers(),
        options.childWorkers(),
        options.seed());
    if (options.llmUrl() != null) {
      out.println(
          "generation: "
              + OpenAiCompatibleLanguageModel.describe(
                  options.llmUrl(), options.llmModel(), apiKey != null && !apiKey.isBlank()));
    }
    out.println("traces: " + runtime.traceFile());
    runtime
        .viewerUrl()
        .ifPresent(url -> out.println("viewer: " + url + "  (live while the run goes on)"));
    out.flush();

    long started = System.nanoTime();
    List<StepReport> reports = new ArrayList<>();
    long workerPid;
    try {
      pipeline = new RolloutPipeline(options, runtime.childEnvironment(), runtime.runDir(), apiKey);
    } catch (RuntimeException e) {
      runtime.close();
      throw e;
    }
    try {
      workerPid = pipeline.workerProcessPid();
      for (int step = 1; step <= options.steps() && !pipeline.isStopped(); step++) {
        StepReport report = pipeline.runStep(step);
        reports.add(report);
        if (!pipeline.isStopped()) {
          printProgress(report);
        }
      }
    } finally {
      pipeline.close(); // the worker process exits after sending its last spans
    }
    boolean interrupted = pipeline.isStopped();
    if (options.keepViewer() && !interrupted) {
      keptViewer = runtime.detachViewer().orElse(null);
    }
    Optional<String> viewerUrl = runtime.viewerUrl();
    runtime.close(); // writes every span; the viewer stays only if it was detached
    Result result =
        new Result(
            runtime.runId(),
            runtime.traceFile(),
            runtime.liveFile(),
            viewerUrl,
            viewerCommand,
            reports,
            workerPid,
            interrupted);
    printSummary(result, (System.nanoTime() - started) / 1e9);
    finished = true;
    return result;
  }

  private void printProgress(StepReport report) {
    runtime.flush(); // so that the count below is what the file holds
    out.printf(
        Locale.ROOT,
        "step %d/%d: %d/%d samples done, %d errors, %d timeouts, %d filtered; %d spans written so far%n",
        report.step(),
        options.steps(),
        report.completed(),
        report.samples().size(),
        report.errors(),
        report.timeouts(),
        report.filtered(),
        runtime.exportedSpans() + runtime.collectedSpans());
    out.flush();
  }

  private void printSummary(Result result, double seconds) {
    List<SampleState> samples = result.samples();
    StepReport all = new StepReport(0, samples);
    out.printf(
        Locale.ROOT,
        "%s: %d samples in %.1f s: %d completed, %d errors, %d timeouts, %d filtered; "
            + "%d spans (%d from the worker process)%n",
        result.interrupted() ? "interrupted" : "done",
        samples.size(),
        seconds,
        all.completed(),
        all.errors(),
        all.timeouts(),
        all.filtered(),
        runtime.exportedSpans() + runtime.collectedSpans(),
        runtime.collectedSpans());
    out.println("trace file:  " + result.traceFile());
    out.println(
        "viewer:      "
            + (keptViewer != null
                ? result.viewerUrl().orElseThrow()
                : options.viewer() ? "stopped with the run" : "off (--no-viewer)"));
    out.println("open it again with:");
    out.println("  " + result.viewerCommand());
    if (keptViewer != null) {
      out.println(
          "The viewer keeps serving "
              + result.viewerUrl().orElseThrow()
              + " ; press Ctrl-C to stop.");
    }
    out.flush();
  }

  /**
   * Without a viewer on the class path or with --no-viewer the runtime has no command: the one for
   * the viewer jar.
   */
  private static String handCommand(TraceRuntime runtime) {
    return "java -jar viewer/target/spanweave-viewer.jar --trace-jsonl "
        + runtime.traceFile()
        + " --live-jsonl "
        + runtime.liveFile()
        + " --service "
        + runtime.serviceName()
        + " --run-id "
        + runtime.runId()
        + " --host 127.0.0.1 --port 18080";
  }

  /** Whether the viewer is serving after the run (the program should then wait for Ctrl-C). */
  public boolean viewerKept() {
    return keptViewer != null;
  }

  /** Stops a viewer kept after the run. */
  public void closeViewer() {
    AutoCloseable viewer = keptViewer;
    keptViewer = null;
    if (viewer != null) {
      try {
        viewer.close();
      } catch (Exception e) {
        // stopping anyway
      }
    }
  }

  /**
   * Ctrl-C: stop the run, let the worker process send its spans, write every span, stop the viewer.
   */
  public void interrupt() {
    RolloutPipeline running = pipeline;
    if (!finished && running != null) {
      out.println();
      out.println("interrupted: stopping the run and writing its spans...");
      running.stop();
      running.close();
      TraceRuntime tracing = runtime;
      if (tracing != null) {
        tracing.close();
        out.println("trace file: " + tracing.traceFile());
      }
      out.flush();
    }
    closeViewer();
  }
}
