package io.spanweave.sample;

import java.util.concurrent.CountDownLatch;

/**
 * {@code java -jar spanweave-sample.jar [--help]}: runs the traced rollout with the viewer on
 * 127.0.0.1 and, from a terminal, keeps the viewer open until Ctrl-C.
 */
public final class SampleMain {

  private SampleMain() {}

  public static void main(String[] args) throws InterruptedException {
    SampleOptions options;
    try {
      options = SampleOptions.parse(args);
    } catch (IllegalArgumentException e) {
      System.err.println("spanweave-sample: " + e.getMessage());
      System.err.print(SampleOptions.USAGE);
      System.exit(2);
      return;
    }
    if (options.help()) {
      System.out.print(SampleOptions.USAGE);
      return;
    }
    SampleRun run = new SampleRun(options, System.out);
    CountDownLatch stop = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  run.interrupt();
                  stop.countDown();
                },
                "spanweave-sample-shutdown"));
    SampleRun.Result result = run.execute();
    if (run.viewerKept()) {
      stop.await(); // the viewer's threads are daemons: this thread keeps the JVM up until Ctrl-C
    }
    System.exit(result.interrupted() ? 130 : 0);
  }
}
