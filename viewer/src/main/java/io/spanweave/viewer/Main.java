package io.spanweave.viewer;

import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.util.Arrays;
import java.util.concurrent.CountDownLatch;

/**
 * Command line: {@code java -jar spanweave-viewer.jar --trace-jsonl PATH [options]}, {@code --smoke
 * [--trace-jsonl PATH]} to check an installation and exit, or {@code --compare RUN_A RUN_B} to
 * print two runs' stage table and exit.
 */
public final class Main {
  private Main() {}

  public static void main(String[] args) throws InterruptedException {
    System.exit(run(args, System.out, System.err));
  }

  /** Runs until the JVM is stopped; returns an exit code only when it cannot start. */
  static int run(String[] args, PrintStream out, PrintStream err) throws InterruptedException {
    if (Arrays.asList(args).contains(SmokeCheck.FLAG)) {
      return SmokeCheck.run(
          Arrays.stream(args).filter(a -> !a.equals(SmokeCheck.FLAG)).toList(), out, err);
    }
    ViewerOptions options;
    try {
      ViewerCommandLine.Request request = ViewerCommandLine.parse(args);
      if (request instanceof ViewerCommandLine.Help help) {
        out.print(help.text());
        return 0;
      }
      if (request instanceof ViewerCommandLine.Version version) {
        out.println(version.text());
        return 0;
      }
      if (request instanceof ViewerCommandLine.Compare compare) {
        return CompareCommand.run(compare.request(), out, err);
      }
      options = ((ViewerCommandLine.Start) request).options();
    } catch (UsageException e) {
      err.println("spanweave-viewer: " + e.getMessage());
      err.println("Run with --help for the options.");
      return 2;
    }
    RunningViewer viewer;
    try {
      viewer = TraceViewer.start(options);
    } catch (UncheckedIOException e) {
      err.println("spanweave-viewer: " + e.getMessage());
      return 1;
    }
    if (options.zipkinApi() != null) {
      out.println(
          "spanweave viewer: "
              + viewer.url()
              + " reading spans from Zipkin at "
              + options.zipkinApi()
              + " (kept in "
              + options.traceJsonl().toAbsolutePath()
              + (options.traceJsonlIsTemporary() ? ", deleted on exit" : "")
              + ")");
    } else {
      out.println(
          "spanweave viewer: "
              + viewer.url()
              + " reading "
              + options.traceJsonl().toAbsolutePath()
              + " (live: "
              + options.liveJsonl()
              + ")");
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  viewer.close();
                  stopped.countDown();
                },
                "spanweave-viewer-shutdown"));
    stopped.await();
    return 0;
  }
}
