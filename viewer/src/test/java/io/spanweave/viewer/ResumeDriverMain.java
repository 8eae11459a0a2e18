package io.spanweave.viewer;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.io.OutputStreamWriter;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Map;

/**
 * A training driver for {@link KilledAndResumedRunTest}, run in its own JVM: records steps {@code
 * first..last} of run {@code runId}, two samples a step, each asking a worker process ({@link
 * ResumeWorkerMain}, started with the runtime's child environment) to generate. At step {@code
 * stallAt} it stops in the middle of the step's first sample, its span and the worker's open, and
 * prints {@code stalled}: the test kills it there. The resume step comes from {@code
 * SPANWEAVE_RESUME_STEP}, as a trainer restarted from its checkpoint sets it.
 *
 * <p>Arguments: output directory, run id, first step, last step, step to stall at (-1: none),
 * reward base (a sample's reward is base + step, so each attempt's samples tell whose they are).
 */
public final class ResumeDriverMain {
  private ResumeDriverMain() {}

  public static void main(String[] args) throws Exception {
    Path outputDir = Path.of(args[0]);
    String runId = args[1];
    int first = Integer.parseInt(args[2]);
    int last = Integer.parseInt(args[3]);
    int stallAt = Integer.parseInt(args[4]);
    double rewardBase = Double.parseDouble(args[5]);
    TraceConfig config =
        TraceConfig.builder()
            .enabled(true)
            .serviceName("resume-driver")
            .outputDir(outputDir)
            .runId(runId)
            .batch(batch -> batch.withDelay(Duration.ofMillis(50)))
            .live(live -> live.withAttributeKeys(List.of("rollout.id")))
            .build();
    try (TraceRuntime runtime = Tracing.configure(config)) {
      String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
      ProcessBuilder builder =
          new ProcessBuilder(
              java, "-cp", System.getProperty("java.class.path"), ResumeWorkerMain.class.getName());
      builder.environment().putAll(runtime.childEnvironment());
      builder.redirectError(ProcessBuilder.Redirect.INHERIT);
      Process worker = builder.start();
      System.out.println("worker " + worker.pid());
      System.out.flush();
      Writer toWorker = new OutputStreamWriter(worker.getOutputStream(), StandardCharsets.UTF_8);
      BufferedReader fromWorker =
          new BufferedReader(
              new InputStreamReader(worker.getInputStream(), StandardCharsets.UTF_8));
      for (int step = first; step <= last; step++) {
        for (int k = 0; k < 2; k++) {
          String id = "s" + step + "-" + k;
          boolean stall = step == stallAt && k == 0;
          try (TraceScope span =
              Trace.span(
                  "agent.run",
                  Map.of(
                      "rollout.id",
                      id,
                      "rollout.step",
                      (long) step,
                      "spanweave.stage",
                      "agent",
                      "rollout.reward.score",
                      rewardBase + step))) {
            toWorker.write(id + " " + step + " " + (stall ? "stall" : "go") + "\n");
            toWorker.flush();
            String reply = fromWorker.readLine();
            if (stall) {
              runtime.flush(); // the steps before are on disk; this one is in flight
              System.out.println("stalled");
              System.out.flush();
              Thread.sleep(Long.MAX_VALUE);
            }
            if (reply == null || !reply.equals("done " + id)) {
              throw new IllegalStateException("worker answered " + reply + " to " + id);
            }
          }
        }
      }
      toWorker.close();
      worker.waitFor();
    }
  }
}
