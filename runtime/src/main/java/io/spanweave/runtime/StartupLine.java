package io.spanweave.runtime;

/**
 * The one line logged when tracing starts, telling the user where the run's traces are. The
 * viewer, once it exists, adds its URL and the command that restarts it by hand here, so that the
 * line stays one line.
 */
final class StartupLine {

  private StartupLine() {
  }

  static String compose(TraceRuntime runtime) {
    return "spanweave tracing on: service=" + runtime.serviceName() + ", run=" + runtime.runId()
        + ", traces=" + runtime.traceFile() + ", live=" + runtime.liveFile();
  }
}
