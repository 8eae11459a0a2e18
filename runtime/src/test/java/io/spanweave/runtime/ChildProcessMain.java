package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The program the cross-process tests run in a separate JVM. It joins the run from its environment
 * ({@link Tracing#configureFromEnvironment()}) and then, by its first argument:
 *
 * <ul>
 *   <li>{@code work <traceparent>}: records {@code child.work} with an event under the parent,
 *       flushing while it runs, and closes tracing;
 *   <li>{@code exit-without-close <traceparent>}: records {@code child.unclosed} and exits without
 *       closing, as a program that forgets to would;
 *   <li>{@code hang <traceparent>}: records {@code child.done} (flushing while it runs), starts
 *       {@code child.hanging}, flushes, prints {@code ready} and waits to be killed;
 *   <li>{@code commands}: reads lines from stdin; {@code span <name>} records a span, flushes until
 *       every span so far is exported or dropped (an export to a collector that is down may take
 *       longer than one flush waits) and prints {@code exported=<n> dropped=<n>}; {@code quit}
 *       closes tracing and exits.
 *   <li>{@code driver <outputDir> <ending> <spans>}: a driver that configures tracing itself (its
 *       own traces.jsonl and local collector, a long export delay so that spans are still queued
 *       when it ends), records {@code <spans>} spans, prints {@code ready} and then ends as {@code
 *       <ending>} says: {@code return} (main returns without close), {@code wait} (sleeps until
 *       killed), {@code close-twice} (closes the runtime twice and {@code Tracing.close()}), {@code
 *       close-while-exiting} (one thread closes while main calls {@code System.exit}).
 * </ul>
 */
public final class ChildProcessMain {

  private ChildProcessMain() {}

  public static void main(String[] args) throws Exception {
    switch (args[0]) {
      case "work":
        try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
          try (TraceScope work =
              Trace.span("child.work", Map.of("child", true), Map.of("traceparent", args[1]))) {
            Trace.event("child.event");
            runtime
                .flush(); // in flight when the live worker writes: a span over before it came gets
            // no live records
          }
          System.out.println("joined run " + runtime.runId());
        }
        return;
      case "exit-without-close":
        {
          TraceRuntime runtime = Tracing.configureFromEnvironment();
          try (TraceScope work =
              Trace.span("child.unclosed", Map.of(), Map.of("traceparent", args[1]))) {
            System.out.println("joined run " + runtime.runId());
          }
          System.exit(0);
          return;
        }
      case "hang":
        {
          TraceRuntime runtime = Tracing.configureFromEnvironment();
          Map<String, String> parent = Map.of("traceparent", args[1]);
          try (TraceScope done = Trace.span("child.done", Map.of(), parent)) {
            Trace.setAttribute("sample.id", "s-done");
            runtime.flush(); // its start record is written while it runs, so it also gets an end
            // record
          }
          TraceScope hanging = Trace.span("child.hanging", Map.of("sample.id", "s-stuck"), parent);
          runtime.flush();
          System.out.println("ready " + TraceContext.current().spanId());
          System.out.flush();
          Thread.sleep(120_000); // killed long before
          return;
        }
      case "burst":
        {
          // N spans, then close: prints what was delivered, what was dropped and how long close
          // took.
          TraceRuntime runtime = Tracing.configureFromEnvironment();
          for (int i = 0; i < Integer.parseInt(args[1]); i++) {
            try (TraceScope span = Trace.span("burst.step")) {
              Trace.setAttribute("step", i);
            }
          }
          long start = System.nanoTime();
          runtime.close();
          System.out.println(
              "exported="
                  + runtime.exportedSpans()
                  + " dropped="
                  + runtime.droppedSpans()
                  + " closeMillis="
                  + (System.nanoTime() - start) / 1_000_000);
          return;
        }
      case "commands":
        runCommands();
        return;
      case "driver":
        runDriver(java.nio.file.Path.of(args[1]), args[2], Integer.parseInt(args[3]));
        return;
      default:
        throw new IllegalArgumentException("unknown mode " + args[0]);
    }
  }

  private static void runDriver(java.nio.file.Path outputDir, String ending, int spans)
      throws Exception {
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("driver")
                .outputDir(outputDir)
                .runId("lifecycle")
                .batch(batch -> batch.withDelay(java.time.Duration.ofSeconds(60)))
                .build());
    for (int i = 0; i < spans; i++) {
      try (TraceScope span = Trace.span("driver.step", Map.of("i", i))) {
        Trace.setAttribute("sample.id", "s-" + i);
      }
    }
    System.out.println("ready");
    System.out.flush();
    switch (ending) {
      case "return":
        return; // no close(): the shutdown hook must flush, and no thread of ours may keep the JVM
      // up
      case "wait":
        Thread.sleep(120_000); // killed long before
        return;
      case "close-twice":
        runtime.close();
        runtime.close();
        Tracing.close();
        System.out.println("closed");
        return;
      case "close-while-exiting":
        {
          Thread closer = new Thread(runtime::close, "user-close");
          closer.start();
          System.exit(0); // the shutdown hook and the user's close run at the same moment
          return;
        }
      default:
        throw new IllegalArgumentException("unknown ending " + ending);
    }
  }

  private static void runCommands() throws Exception {
    TraceRuntime runtime = Tracing.configureFromEnvironment();
    BufferedReader in =
        new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
    long recorded = 0;
    for (String line; (line = in.readLine()) != null; ) {
      if (line.startsWith("span ")) {
        try (TraceScope span = Trace.span(line.substring("span ".length()))) {
          Trace.setAttribute("step", 1);
        }
        recorded++;
        long deadline = System.nanoTime() + 30_000_000_000L;
        while (runtime.exportedSpans() + runtime.droppedSpans() < recorded
            && System.nanoTime() < deadline) {
          runtime.flush();
        }
        System.out.println(
            "exported=" + runtime.exportedSpans() + " dropped=" + runtime.droppedSpans());
        System.out.flush();
      } else if (line.equals("quit")) {
        break;
      }
    }
    runtime.close();
  }
}
