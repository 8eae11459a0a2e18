package io.spanweave.bench.viewer;

import io.spanweave.viewer.RunningViewer;
import io.spanweave.viewer.TraceViewer;
import io.spanweave.viewer.ViewerOptions;
import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.IOException;
import java.io.Writer;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Random;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The viewer's scale targets on a one-million-span file (issue 21): time until the latest step is
 * on screen, time until the whole file is indexed, the latency of a step switch and of a search for
 * a term not searched before (median and p99 over many), and the heap, meant to run under {@code
 * -Xmx512m}. It writes the file itself (the viewer's deterministic rollout generator, seed 42)
 * unless it exists already, starts the viewer in this JVM and asks its HTTP API what the page asks.
 *
 * <pre>java -Xmx512m -cp bench/target/benchmarks.jar io.spanweave.bench.viewer.ViewerScale
 *     [--spans 1000000] [--file PATH] [--queries 200]</pre>
 */
public final class ViewerScale {
  private static final HttpClient HTTP = HttpClient.newHttpClient();
  private static final Pattern STEP = Pattern.compile("\"step\":(\\d+)");
  private static final Pattern TRACE_ID = Pattern.compile("\"traceId\":\"([0-9a-f]{32})\"");
  private static final Pattern TOTAL = Pattern.compile("\"total\":(\\d+)");
  private static final String LATEST_VIEW = "stages?step=latest";
  private static final String LATEST_SAMPLES = "samples?step=latest&sort=start&order=asc&limit=50";

  private ViewerScale() {}

  public static void main(String[] args) throws Exception {
    long spans = 1_000_000;
    Path file = null;
    int queries = 200;
    for (int k = 0; k + 1 < args.length; k += 2) {
      switch (args[k]) {
        case "--spans" -> spans = Long.parseLong(args[k + 1]);
        case "--file" -> file = Path.of(args[k + 1]);
        case "--queries" -> queries = Integer.parseInt(args[k + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[k]);
      }
    }
    if (file == null) {
      file =
          Path.of(
              System.getProperty("java.io.tmpdir"), "spanweave-viewer-scale-" + spans + ".jsonl");
    }
    boolean generated = !Files.isRegularFile(file);
    if (generated) {
      long g0 = System.nanoTime();
      try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
        new SyntheticTraceFile(42, SyntheticTraceFile.RUN_ID).write(w, spans);
      }
      System.out.printf("wrote %s in %.1f s%n", file, (System.nanoTime() - g0) / 1e9);
    }
    System.gc();
    for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
      pool.resetPeakUsage();
    }
    var os = ManagementFactory.getOperatingSystemMXBean();
    double loadBefore = os.getSystemLoadAverage();
    long cpu0 = processCpuNanos();

    warmUpClient();
    long t0 = System.nanoTime();
    RunningViewer viewer = TraceViewer.start(ViewerOptions.builder(file).port(0).build());
    String base = viewer.url() + "api/";
    // Poll the default view as the open page does (every 100 ms here, to time it finely).
    List<Long> pollAt = new ArrayList<>();
    List<String> pollView = new ArrayList<>();
    List<Boolean> pollLoading = new ArrayList<>();
    long heapMax = 0;
    while (true) {
      boolean done = viewer.initialLoadDone();
      long at = System.nanoTime();
      String status = get(base + "status");
      long afterStatus = System.nanoTime();
      String view = get(base + LATEST_VIEW) + get(base + LATEST_SAMPLES);
      if (pollAt.isEmpty()) {
        System.out.printf(
            "first poll: status answered after %.2f s, the view %.2f s later%n",
            (afterStatus - t0) / 1e9, (System.nanoTime() - afterStatus) / 1e9);
      }
      pollAt.add(System.nanoTime() - t0); // when the page would have it
      pollView.add(view);
      heapMax =
          Math.max(heapMax, ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed());
      pollLoading.add(status.contains("\"loading\":true"));
      if (done) {
        break;
      }
      Thread.sleep(Math.max(0, 100 - (System.nanoTime() - at) / 1_000_000));
    }
    long indexedWall = System.nanoTime() - t0;
    String threadCpu = threadCpu() + jvmThreadCpu();
    long cpuIndexing = processCpuNanos() - cpu0;
    double loadAfter = os.getSystemLoadAverage();
    String finalView = pollView.get(pollView.size() - 1);
    int firstFinal = pollView.size() - 1;
    while (firstFinal > 0 && pollView.get(firstFinal - 1).equals(finalView)) {
      firstFinal--;
    }
    long gcMillis = 0;
    for (var gc : ManagementFactory.getGarbageCollectorMXBeans()) {
      gcMillis += Math.max(0, gc.getCollectionTime());
    }
    System.gc();
    System.gc();
    long heapAfter = ManagementFactory.getMemoryMXBean().getHeapMemoryUsage().getUsed();

    List<Integer> steps = new ArrayList<>();
    Matcher m = STEP.matcher(get(base + "steps"));
    while (m.find()) {
      steps.add(Integer.parseInt(m.group(1)));
    }
    Random random = new Random(7);
    String[] sorts = {"start", "reward", "duration", "stage:generate", "id", "status"};
    long[] stepSwitch = new long[queries];
    for (int q = 0; q < queries; q++) {
      int step = steps.get(random.nextInt(steps.size()));
      long at = System.nanoTime();
      get(base + "stages?step=" + step);
      get(
          base
              + "samples?step="
              + step
              + "&sort="
              + sorts[q % sorts.length]
              + "&order="
              + (q % 2 == 0 ? "asc" : "desc")
              + "&limit=50");
      stepSwitch[q] = System.nanoTime() - at;
    }

    List<String> terms = searchTerms(base, steps, queries, random);
    long[] search = new long[terms.size()];
    int found = 0;
    for (int q = 0; q < terms.size(); q++) {
      long at = System.nanoTime();
      String body =
          get(
              base
                  + "traces?q="
                  + URLEncoder.encode(terms.get(q), StandardCharsets.UTF_8)
                  + "&limit=50");
      search[q] = System.nanoTime() - at;
      Matcher total = TOTAL.matcher(body);
      if (total.find() && Integer.parseInt(total.group(1)) > 0) {
        found++;
      }
    }

    long jvmToViewer =
        System.currentTimeMillis()
            - ManagementFactory.getRuntimeMXBean().getStartTime()
            - (System.nanoTime() - t0) / 1_000_000;
    System.out.printf(
        "file: %s, %.0f MB, %d spans indexed%n", file, Files.size(file) / 1e6, viewer.spanCount());
    System.out.printf(
        "machine: %d cores, load average %.1f before, %.1f after indexing; max heap %d MB%n",
        Runtime.getRuntime().availableProcessors(),
        loadBefore,
        loadAfter,
        Runtime.getRuntime().maxMemory() >> 20);
    System.out.printf(
        "latest step on screen, final, from viewer start: %.2f s (poll %d of %d, status %s);"
            + " JVM start to viewer start %.2f s%s%n",
        pollAt.get(firstFinal) / 1e9,
        firstFinal + 1,
        pollView.size(),
        pollLoading.get(firstFinal) ? "still loading" : "loaded",
        jvmToViewer / 1e3,
        generated ? " (writing the file included)" : "");
    System.out.printf(
        "whole file indexed: %.2f s (ingest thread %.2f s), %.1f s of CPU%n",
        indexedWall / 1e9, viewer.initialLoadMillis() / 1e3, cpuIndexing / 1e9);
    System.out.println("CPU by thread while indexing: " + threadCpu);
    System.out.printf(
        "heap: at most %d MB used at the polls while indexing (garbage included), %d MB after"
            + " indexing and GC; %.1f s in GC while indexing%n",
        heapMax >> 20, heapAfter >> 20, gcMillis / 1e3);
    report("step switch (stages?step=N, then samples?step=N)", stepSwitch);
    report("search, first query (" + terms.get(0) + ")", new long[] {search[0]});
    report(
        "search, a new term each (" + found + " of " + terms.size() + " found something)",
        Arrays.copyOfRange(search, 1, search.length));
    Integer[] slowest = new Integer[terms.size()];
    for (int q = 0; q < slowest.length; q++) {
      slowest[q] = q;
    }
    Arrays.sort(slowest, (a, b) -> Long.compare(search[b], search[a]));
    StringBuilder slow = new StringBuilder("slowest searches:");
    for (int k = 0; k < Math.min(5, slowest.length); k++) {
      slow.append(String.format(" '%s' %.1f ms", terms.get(slowest[k]), search[slowest[k]] / 1e6));
    }
    System.out.println(slow);
    viewer.close();
  }

  /**
   * Terms never searched before (the viewer caches a term's traces until the data changes): sample
   * and group ids, pieces of trace ids, and words of names, stages, tasks and error types.
   */
  private static List<String> searchTerms(
      String base, List<Integer> steps, int count, Random random)
      throws IOException, InterruptedException {
    List<String> traceIds = new ArrayList<>();
    Matcher total = TOTAL.matcher(get(base + "traces?limit=1"));
    int traces = total.find() ? Integer.parseInt(total.group(1)) : 0;
    Matcher m =
        TRACE_ID.matcher(
            get(base + "traces?limit=200&offset=" + random.nextInt(Math.max(1, traces - 200))));
    while (m.find()) {
      traceIds.add(m.group(1));
    }
    String[] words = {
      "judger",
      "TimeoutError",
      "web_search",
      "tool-use",
      "env",
      "generate",
      "reward.score",
      "ConnectionReset",
      "python",
      "math",
      "search-qa",
      "infer",
      "rollout.controller",
      "e",
      "single_turn",
      "skip",
      "worker",
      "code",
      "tool.call",
      "agent_loop",
      "-g1",
      "s7",
      "nothing-like-this",
      "s",
      "judger.run"
    };
    Set<String> terms = new LinkedHashSet<>();
    int w = 0;
    while (terms.size() < count) {
      int step = steps.get(random.nextInt(steps.size()));
      switch (terms.size() % 4) {
        case 0 -> terms.add("s" + step + "-g" + random.nextInt(16) + "-" + random.nextInt(8));
        case 1 -> {
          String id = traceIds.get(random.nextInt(traceIds.size()));
          int from = random.nextInt(24);
          terms.add(id.substring(from, from + 8));
        }
        case 2 -> terms.add(w < words.length ? words[w++] : "s" + step + "-g" + random.nextInt(16));
        default -> terms.add(Integer.toHexString(0x100000 + random.nextInt(0xEFFFFF)));
      }
    }
    return new ArrayList<>(terms);
  }

  private static void report(String what, long[] nanos) {
    long[] sorted = nanos.clone();
    Arrays.sort(sorted);
    System.out.printf(
        "%s: n %d, median %.1f ms, p99 %.1f ms, max %.1f ms%n",
        what,
        sorted.length,
        pct(sorted, 50) / 1e6,
        pct(sorted, 99) / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }

  private static long pct(long[] sorted, int p) {
    return sorted[Math.max(0, (int) Math.ceil(p / 100.0 * sorted.length) - 1)];
  }

  /** CPU seconds of the viewer's ingest and parse threads, the two halves of indexing. */
  /**
   * CPU of the JVM's own threads (the JIT's compiler threads, the collector's), which the thread
   * MXBean does not list, from /proc on Linux; empty elsewhere. Compiler threads that the JVM
   * stopped again are not counted (run with -XX:+CITime for the JIT's total).
   */
  private static String jvmThreadCpu() {
    java.util.Map<String, Long> ticks = new java.util.TreeMap<>();
    Path tasks = Path.of("/proc/self/task");
    if (!Files.isDirectory(tasks)) {
      return "";
    }
    try (var dirs = Files.list(tasks)) {
      for (Path task : (Iterable<Path>) dirs::iterator) {
        try {
          String stat = Files.readString(task.resolve("stat"));
          String name = stat.substring(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
          String group =
              name.startsWith("C2 ")
                  ? "JIT C2"
                  : name.startsWith("C1 ")
                      ? "JIT C1"
                      : name.startsWith("GC ") || name.startsWith("G1 ") ? "GC" : null;
          if (group != null) {
            String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
            ticks.merge(
                group, Long.parseLong(f[11]) + Long.parseLong(f[12]), Long::sum); // utime, stime
          }
        } catch (IOException | RuntimeException gone) {
          // The thread ended meanwhile.
        }
      }
    } catch (IOException e) {
      return "";
    }
    StringBuilder out = new StringBuilder();
    ticks.forEach((group, t) -> out.append(String.format("%s %.1f s, ", group, t / 100.0)));
    return out.toString();
  }

  private static String threadCpu() {
    var threads = ManagementFactory.getThreadMXBean();
    java.util.Map<String, Long> byName = new java.util.TreeMap<>();
    for (var info : threads.getThreadInfo(threads.getAllThreadIds())) {
      if (info != null && info.getThreadName().startsWith("spanweave-viewer-")) {
        String name = info.getThreadName().replaceAll("-\\d+$", "");
        byName.merge(name, Math.max(0, threads.getThreadCpuTime(info.getThreadId())), Long::sum);
      }
    }
    StringBuilder out = new StringBuilder();
    byName.forEach(
        (name, nanos) -> {
          if (nanos > 50_000_000L) {
            out.append(String.format("%s %.1f s, ", name, nanos / 1e9));
          }
        });
    return out.toString();
  }

  private static long processCpuNanos() {
    if (ManagementFactory.getOperatingSystemMXBean()
        instanceof com.sun.management.OperatingSystemMXBean os) {
      return os.getProcessCpuTime();
    }
    return 0;
  }

  /**
   * Loads and starts the benchmark's own HTTP client before the clock starts (a browser is running
   * before the viewer is): a request to a port nobody listens on.
   */
  private static void warmUpClient() throws IOException, InterruptedException {
    int closedPort;
    try (var socket = new java.net.ServerSocket(0)) {
      closedPort = socket.getLocalPort();
    }
    try {
      get("http://127.0.0.1:" + closedPort + "/");
    } catch (java.net.ConnectException expected) {
      // the client is initialised now
    }
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
