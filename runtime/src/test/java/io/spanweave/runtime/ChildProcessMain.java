package io.spanweave.runtime;

import java.util.Map;

/**
 * The program {@link ChildProcessTest} runs in a separate JVM: it joins the parent's run from its
 * environment and records one span under the {@code traceparent} it gets as its argument.
 */
public final class ChildProcessMain {

  private ChildProcessMain() {
  }

  public static void main(String[] args) {
    try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
      try (TraceScope work = Trace.span("child.work", Map.of("child", true), Map.of("traceparent", args[0]))) {
        Trace.event("child.event");
      }
      System.out.println("joined run " + runtime.runId());
    }
  }
}
