package io.spanweave.viewer.bench;

import io.spanweave.viewer.RunningViewer;
import io.spanweave.viewer.TraceViewer;
import io.spanweave.viewer.ViewerOptions;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Measures what a user waits for on a big file: time until the first view is ready (file read,
 * indexed, and the page's first requests answered), heap after indexing, and the latency of the
 * JSON API under a mixed workload of step switches, sorts, searches and drill-downs.
 *
 * <pre>
 * java -Xmx1g -cp viewer/target/spanweave-viewer.jar:viewer/target/test-classes io.spanweave.viewer.bench.LoadBenchmark traces.jsonl [ROUNDS]
 * </pre>
 */
public final class LoadBenchmark {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Pattern TRACE_ID = Pattern.compile("\"traceId\":\"([0-9a-f]{32})\"");
  private static final Pattern SPAN_ID = Pattern.compile("\"spanId\":\"([0-9a-f]{16})\"");
  private static final Pattern SAMPLE_ID = Pattern.compile("\"id\":\"([^\"]+)\"");
  private static final Pattern STEP = Pattern.compile("\"step\":(\\d+)");

  private LoadBenchmark() {}

  public static void main(String[] args) throws Exception {
    Path file = Path.of(args[0]);
    int rounds = args.length > 1 ? Integer.parseInt(args[1]) : 40;
    var os = ManagementFactory.getOperatingSystemMXBean();
    double loadBefore = os.getSystemLoadAverage();
    long cpu0 = processCpuNanos();
    long t0 = System.nanoTime();
    RunningViewer viewer = TraceViewer.start(ViewerOptions.builder(file).port(0).build());
    String base = viewer.url() + "api/";
    // Poll the default view every 500 ms while the file loads, as the open page would.
    List<long[]> pollTimes = new ArrayList<>();
    List<String> pollBodies = new ArrayList<>();
    while (!viewer.initialLoadDone()) {
      long at = System.nanoTime();
      String view =
          get(base + "stages?step=latest")
              + get(base + "samples?step=latest&sort=start&order=asc&limit=100");
      pollTimes.add(new long[] {System.nanoTime() - t0});
      pollBodies.add(view);
      long slept = (System.nanoTime() - at) / 1_000_000;
      Thread.sleep(Math.max(0, 500 - slept));
    }
    long indexed = System.nanoTime();
    long cpuIndexing = processCpuNanos() - cpu0;
    double loadAfter = os.getSystemLoadAverage();
    // The requests the page sends when it opens.
    for (String first :
        List.of(
            "status",
            "facets",
            "steps",
            "stages?step=latest",
            "stuck",
            "timeline",
            "samples?step=latest&sort=start&order=asc&limit=100")) {
      get(base + first);
    }
    long firstView = System.nanoTime();
    String finalView =
        get(base + "stages?step=latest")
            + get(base + "samples?step=latest&sort=start&order=asc&limit=100");
    long latestReady = firstView - t0;
    for (int k = pollBodies.size() - 1; k >= 0 && pollBodies.get(k).equals(finalView); k--) {
      latestReady = pollTimes.get(k)[0];
    }
    System.gc();
    System.gc();
    long heapUsed = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();

    List<Integer> steps = new ArrayList<>();
    Matcher m = STEP.matcher(get(base + "steps"));
    while (m.find()) {
      steps.add(Integer.parseInt(m.group(1)));
    }
    Map<String, List<Long>> latencies = new TreeMap<>();
    Random random = new Random(1);
    String[] sorts = {"reward", "duration", "stage:generate", "stage:judge", "id", "status"};
    String[] terms = {
      "judger", "TimeoutError", "web_search", "s17-g3", "tool-use", "reward.score env"
    };
    for (int r = 0; r < rounds; r++) {
      int step = steps.get(random.nextInt(steps.size()));
      timed(latencies, "stages?step=N", base + "stages?step=" + step);
      String samples =
          timed(
              latencies,
              "samples?step=N&sort=..",
              base
                  + "samples?step="
                  + step
                  + "&sort="
                  + sorts[r % sorts.length]
                  + "&order="
                  + (r % 2 == 0 ? "desc" : "asc"));
      Matcher sm = SAMPLE_ID.matcher(samples);
      if (sm.find()) {
        timed(latencies, "sample?id=", base + "sample?id=" + sm.group(1));
      }
      timed(latencies, "steps", base + "steps");
      timed(latencies, "timeline", base + "timeline");
      timed(latencies, "stuck", base + "stuck");
      String traces =
          timed(
              latencies,
              "traces?q=terms",
              base + "traces?q=" + terms[r % terms.length].replace(" ", "+"));
      timed(latencies, "traces?status=error", base + "traces?status=error&step=" + step);
      timed(latencies, "traces", base + "traces?offset=" + random.nextInt(1000));
      Matcher tm = TRACE_ID.matcher(traces);
      if (tm.find()) {
        String trace = tm.group(1);
        String tree = timed(latencies, "trace?id=", base + "trace?id=" + trace);
        Matcher spm = SPAN_ID.matcher(tree);
        List<String> spans = new ArrayList<>();
        while (spm.find()) {
          spans.add(spm.group(1));
        }
        String root = spans.get(0);
        timed(latencies, "children", base + "children?trace=" + trace + "&parent=" + root);
        timed(latencies, "span", base + "span?trace=" + trace + "&span=" + root);
      }
    }
    List<Long> all = new ArrayList<>();
    latencies.values().forEach(all::addAll);
    System.out.printf(
        "file: %s (%.0f MB), spans: %d%n", file, Files.size(file) / 1e6, viewer.spanCount());
    System.out.printf(
        "default view (latest step) final after %.2f s; whole file indexed in %.2f s;"
            + " first view over the whole file ready in %.2f s%n",
        latestReady / 1e9, (indexed - t0) / 1e9, (firstView - t0) / 1e9);
    System.out.printf(
        "CPU time used while indexing: %.1f s on %d cores; system load average %.1f before, %.1f after%n",
        cpuIndexing / 1e9, Runtime.getRuntime().availableProcessors(), loadBefore, loadAfter);
    System.out.printf(
        "heap after indexing (after GC): %d MB of max %d MB%n",
        heapUsed >> 20, Runtime.getRuntime().maxMemory() >> 20);
    System.out.printf("%-26s %6s %8s %8s %8s%n", "endpoint", "n", "p50 ms", "p95 ms", "max ms");
    latencies.forEach((name, list) -> print(name, list));
    print("ALL", all);
    viewer.close();
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return 0;
  }

  private static void print(String name, List<Long> nanos) {
    long[] sorted = nanos.stream().mapToLong(Long::longValue).toArray();
    Arrays.sort(sorted);
    System.out.printf(
        "%-26s %6d %8.1f %8.1f %8.1f%n",
        name,
        sorted.length,
        pct(sorted, 50) / 1e6,
        pct(sorted, 95) / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }

  private static long pct(long[] sorted, int p) {
    return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
  }

  private static String timed(Map<String, List<Long>> latencies, String name, String url)
      throws IOException, InterruptedException {
    long t = System.nanoTime();
    String body = get(url);
    latencies.computeIfAbsent(name, k -> new ArrayList<>()).add(System.nanoTime() - t);
    return body;
  }

  private static String get(String url) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(1)).build(),
            HttpResponse.BodyHandlers.ofString());
    if (r.statusCode() != 200) {
      throw new IllegalStateException(url + " -> " + r.statusCode() + ": " + r.body());
    }
    return r.body();
  }
}
