package io.spanweave.runtime;

import java.util.Map;

/**
 * The program {@link ChildProcessTest} runs in a separate JVM: it joins the parent's run from its
 * environment and records one span under the {@code traceparent} it gets as its first argument.
 * With {@code exit-without-close} as second argument it exits without closing tracing, as a
 * program that forgets to would.
 */
public final class ChildProcessMain {

  private ChildProcessMain() {
  }

  public static void main(String[] args) {
    if (args.length > 1 && args[1].equals("exit-without-close")) {
      TraceRuntime runtime = Tracing.configureFromEnvironment();
      try (TraceScope work = Trace.span("child.unclosed", Map.of(), Map.of("traceparent", args[0]))) {
        System.out.println("joined run " + runtime.runId());
      }
      System.exit(0);
    }
    try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
      try (TraceScope work = Trace.span("child.work", Map.of("child", true), Map.of("traceparent", args[0]))) {
        Trace.event("child.event");
      }
      System.out.println("joined run " + runtime.runId());
    }
  }
}
