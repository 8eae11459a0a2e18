package io.spanweave.bench.export;

import io.spanweave.bench.stage.TracedWorker;
import io.spanweave.bench.stage.Worker;
import io.spanweave.bench.stage.WorkerImpl;
import io.spanweave.runtime.ExportTarget;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The wall time of a traced program whose OTLP endpoint is unreachable, against the same program
 * with tracing off: each run is a fresh JVM (start, work, close, exit), timed from outside, as a
 * user would time their program.
 *
 * <ul>
 *   <li>{@code off}: tracing off (the delegates' one static check);
 *   <li>{@code file}: tracing on with the default local file, for reference: what tracing itself
 *       costs this program, endpoint or not;
 *   <li>{@code blackhole}: export to an endpoint that accepts connections and never answers (a
 *       socket server in this process);
 *   <li>{@code closed}: export to a port nobody listens on.
 * </ul>
 *
 * The work is a fixed number of traced steps, each a fixed amount of arithmetic, so that every mode
 * does the same work; {@code --steps} sets how long the program runs (about 10 s by default, the
 * short end of a rollout job).
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.export.UnreachableEndpoint [--steps 20000] [--runs 3]
 * </pre>
 */
public final class UnreachableEndpoint {

  private static final List<String> MODES = List.of("off", "file", "blackhole", "closed");

  private UnreachableEndpoint() {}

  public static void main(String[] args) throws Exception {
    int steps = 20_000;
    int runs = 3;
    for (int i = 0; i < args.length; i += 2) {
      switch (args[i]) {
        case "--steps" -> steps = Integer.parseInt(args[i + 1]);
        case "--runs" -> runs = Integer.parseInt(args[i + 1]);
        default ->
            throw new IllegalArgumentException(
                "unknown option " + args[i] + "; use --steps N --runs N");
      }
    }
    int closedPort;
    try (ServerSocket probe = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
      closedPort = probe.getLocalPort();
    }
    Map<String, List<Double>> seconds = new LinkedHashMap<>();
    try (BlackHole hole = new BlackHole()) {
      for (int run = 0; run < runs; run++) {
        for (String mode :
            MODES) { // interleaved, so that a change in the machine's load hits every mode alike
          String endpoint =
              switch (mode) {
                case "blackhole" -> "http://127.0.0.1:" + hole.port();
                case "closed" -> "http://127.0.0.1:" + closedPort;
                default -> "-";
              };
          double wall = runProgram(mode, steps, endpoint);
          seconds.computeIfAbsent(mode, m -> new ArrayList<>()).add(wall);
          System.out.printf(Locale.ROOT, "run %d %-9s %.3f s%n", run + 1, mode, wall);
        }
      }
    }
    double off = median(seconds.get("off"));
    System.out.printf(Locale.ROOT, "%nmedian of %d runs, %d traced steps%n", runs, steps);
    System.out.printf(Locale.ROOT, "| mode | wall time | ratio to off |%n|---|---|---|%n");
    for (String mode : MODES) {
      double median = median(seconds.get(mode));
      System.out.printf(Locale.ROOT, "| %s | %.3f s | %.3f |%n", mode, median, median / off);
    }
  }

  private static double runProgram(String mode, int steps, String endpoint) throws Exception {
    Path outputDir = Files.createTempDirectory("spanweave-unreachable");
    ProcessBuilder builder =
        new ProcessBuilder(
            Path.of(System.getProperty("java.home"), "bin", "java").toString(),
            "-cp",
            System.getProperty("java.class.path"),
            Program.class.getName(),
            mode,
            String.valueOf(steps),
            endpoint,
            outputDir.toString());
    builder.redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD);
    long start = System.nanoTime();
    Process process = builder.start();
    int exit = process.waitFor();
    double wall = (System.nanoTime() - start) / 1e9;
    if (exit != 0) {
      throw new IllegalStateException(mode + " run exited with " + exit);
    }
    return wall;
  }

  private static double median(List<Double> values) {
    List<Double> sorted = new ArrayList<>(values);
    sorted.sort(null);
    int n = sorted.size();
    return n % 2 == 1 ? sorted.get(n / 2) : (sorted.get(n / 2 - 1) + sorted.get(n / 2)) / 2;
  }

  /**
   * The timed program: configure (or not), run the steps through a generated delegate, close, exit.
   */
  public static final class Program {
    private Program() {}

    public static void main(String[] args) throws Exception {
      String mode = args[0];
      int steps = Integer.parseInt(args[1]);
      TraceRuntime runtime = null;
      if (!mode.equals("off")) {
        TraceConfig.Builder config =
            TraceConfig.builder()
                .enabled(true)
                .serviceName("unreachable-bench")
                .outputDir(Path.of(args[3]));
        if (!mode.equals("file")) {
          config.export(ExportTarget.otlp(args[2]));
        }
        runtime = Tracing.configure(config.build());
      }
      Worker worker = TracedWorker.wrap(new WorkerImpl());
      String[] samples = new String[64];
      for (int i = 0; i < samples.length; i++) {
        samples[i] = "sample-" + i;
      }
      long sink = 0;
      long start = System.nanoTime();
      for (int i = 0; i < steps; i++) {
        sink += worker.step(samples[i % samples.length], work(i));
      }
      long worked = System.nanoTime();
      if (runtime != null) {
        runtime.close();
      }
      System.out.printf(
          Locale.ROOT,
          "%d work=%.3fs close=%.3fs%n",
          sink,
          (worked - start) / 1e9,
          (System.nanoTime() - worked) / 1e9);
    }

    /** About half a millisecond of arithmetic that the JIT cannot remove. */
    private static int work(int seed) {
      long x = seed;
      for (int i = 0; i < 200_000; i++) {
        x = x * 6364136223846793005L + 1442695040888963407L;
      }
      return (int) (x >>> 40);
    }
  }

  /** Accepts every connection and never answers. */
  private static final class BlackHole implements AutoCloseable {
    private final ServerSocket server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
    private final List<Socket> held = new ArrayList<>();

    BlackHole() throws IOException {
      Thread acceptor =
          new Thread(
              () -> {
                while (!server.isClosed()) {
                  try {
                    Socket socket = server.accept();
                    synchronized (held) {
                      held.add(socket);
                    }
                  } catch (IOException e) {
                    return;
                  }
                }
              },
              "black-hole");
      acceptor.setDaemon(true);
      acceptor.start();
    }

    int port() {
      return server.getLocalPort();
    }

    @Override
    public void close() throws IOException {
      server.close();
      synchronized (held) {
        for (Socket socket : held) {
          socket.close();
        }
      }
    }
  }
}
