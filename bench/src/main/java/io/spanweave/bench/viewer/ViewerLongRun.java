package io.spanweave.bench.viewer;

import io.spanweave.viewer.bench.SyntheticRun;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.zip.Deflater;

/**
 * The viewer on a long run (issue 28): a viewer process started with {@code -Xmx1g} on a run of
 * 1,000-sample steps of ten spans each, in parts as the runtime writes them (gzip closed parts and
 * a plain live part) or as one plain file, asked over HTTP what the page asks. It reports when the
 * latest step's samples are complete, when the step timeline covers every step, how long another
 * step's stages and samples take once asked (during the first pass and after it), the viewer's peak
 * resident memory and CPU time, and the load average before and after (the machine is shared). The
 * viewer runs in its own process so that its memory is its own and so that a viewer of another
 * version (today's jar) can be measured the same way.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.viewer.ViewerLongRun --run DIR [--spans 10000000]
 *     [--file PLAIN.jsonl] [--viewer-jar viewer/target/spanweave-viewer.jar] [--xmx 1g] [--asked 20]
 *     [--timeout-seconds 900] [--again true] [--generate-only true] [--spans-per-line 512]
 *     [--runtime-summaries true]</pre>
 *
 * <p>{@code --runtime-summaries true} first writes every closed part's summary as the runtime
 * writes it when it closes a part (run-files' {@code PartSummariser}, one thread, timed), so the
 * first measurement is a first opening of a run whose runtime summarised its parts. The summaries
 * are made once and kept in {@code RUN/runtime-summaries}; later measurements copy them from there.
 * The timeline is asked every 250 ms from the start; the time it is whole (every step with all its
 * traces) is reported with the steps list and the stage table of all steps.
 *
 * <p>With {@code --run DIR} (or {@code --file}) naming nothing yet, the run is written first
 * ({@code --spans}, {@code --samples-per-step}, gzip level 1 parts of 64 MiB with a member every 8
 * MiB, as the runtime writes them; {@code --file}: the same spans in one plain file). Writing a
 * 100M-span run takes far longer than measuring it and needs both cores, so {@code --generate-only
 * true} writes the run and stops: the measurement can then be taken later, on a quiet machine.
 * {@code --spans-per-line} sets the spans in one line (the runtime's batch, 512 by default): the
 * viewer before issue 28 makes no progress on a line longer than its 384 KB read block when it
 * reads a file newest block first, so it is measured on lines of 256 spans.
 */
public final class ViewerLongRun {
  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(5)).build();
  private static final Pattern TOTAL = Pattern.compile("\"total\":(\\d+)");
  private static final Pattern STEP = Pattern.compile("\"step\":\"?(-?\\d+)");
  private static final Pattern POINT = Pattern.compile("\\{\"step\":(\\d+),\"traces\":(\\d+)");
  private static final long STEP_DEADLINE_NANOS = 300_000_000_000L;
  private static final Pattern POINT_STEP = Pattern.compile("\\{\"step\":\\d+,");
  private static final Pattern STAGE_SPANS =
      Pattern.compile("\"stage\":\"[^\"]*\",\"count\":(\\d+)");
  private static final Pattern IN_MEMORY = Pattern.compile("\"stepsInMemory\":\\[(\\d+),(\\d+)\\]");

  private ViewerLongRun() {}

  public static void main(String[] args) throws Exception {
    Path run = null;
    Path file = null;
    long spans = 10_000_000;
    int samplesPerStep = 1000;
    Path jar = Path.of("viewer/target/spanweave-viewer.jar");
    String xmx = "1g";
    int asked = 20;
    int timeout = 900;
    boolean again = true;
    boolean generateOnly = false;
    boolean runtimeSummaries = false;
    int spansPerLine = SyntheticRun.SPANS_PER_LINE;
    for (int k = 0; k + 1 < args.length; k += 2) {
      switch (args[k]) {
        case "--run" -> run = Path.of(args[k + 1]);
        case "--file" -> file = Path.of(args[k + 1]);
        case "--spans" -> spans = Long.parseLong(args[k + 1]);
        case "--samples-per-step" -> samplesPerStep = Integer.parseInt(args[k + 1]);
        case "--viewer-jar" -> jar = Path.of(args[k + 1]);
        case "--xmx" -> xmx = args[k + 1];
        case "--asked" -> asked = Integer.parseInt(args[k + 1]);
        case "--timeout-seconds" -> timeout = Integer.parseInt(args[k + 1]);
        case "--again" -> again = Boolean.parseBoolean(args[k + 1]);
        case "--generate-only" -> generateOnly = Boolean.parseBoolean(args[k + 1]);
        case "--spans-per-line" -> spansPerLine = Integer.parseInt(args[k + 1]);
        case "--runtime-summaries" -> runtimeSummaries = Boolean.parseBoolean(args[k + 1]);
        default -> throw new IllegalArgumentException("unknown option " + args[k]);
      }
    }
    if ((run == null) == (file == null)) {
      throw new IllegalArgumentException("give --run DIR or --file PLAIN.jsonl");
    }
    int steps = (int) ((spans / 10 + samplesPerStep - 1) / samplesPerStep);
    SyntheticRun generator =
        new SyntheticRun(
            spans,
            samplesPerStep,
            spansPerLine,
            64L << 20,
            16L << 20,
            8 << 20,
            Deflater.BEST_SPEED,
            42);
    Path target = run != null ? run : file;
    if (!Files.exists(target)) {
      long g0 = System.nanoTime();
      if (run != null) {
        SyntheticRun.Summary s = generator.write(run);
        System.out.printf(
            "wrote %d spans (%d steps) in %d closed parts, %.0f MB stored (%.1f bytes a span), %.0f MB of"
                + " lines, in %.0f s%n",
            spans,
            s.steps(),
            s.closedParts(),
            s.storedBytes() / 1e6,
            (double) (s.storedBytes() + s.liveBytes()) / spans,
            s.lineBytes() / 1e6,
            (System.nanoTime() - g0) / 1e9);
      } else {
        long bytes = generator.writePlain(file);
        System.out.printf(
            "wrote %d spans in one plain file, %.0f MB, in %.0f s%n",
            spans, bytes / 1e6, (System.nanoTime() - g0) / 1e9);
      }
    }
    if (generateOnly) {
      return;
    }
    System.out.printf(
        "viewer %s, -Xmx%s, %s, %d spans in %d steps of %d samples%n",
        jar, xmx, target, spans, steps, samplesPerStep);
    deleteSummaryCache(target);
    if (runtimeSummaries && run != null) {
      runtimeSummaries(run);
    }
    measure(jar, xmx, target, steps, samplesPerStep, asked, timeout, true);
    if (again && run != null) {
      System.out.println("again, with the summaries the first viewer cached beside the run:");
      measure(jar, xmx, target, steps, samplesPerStep, asked, timeout, false);
    }
  }

  private static void measure(
      Path jar,
      String xmx,
      Path target,
      int steps,
      int samplesPerStep,
      int asked,
      int timeout,
      boolean askDuringPass)
      throws Exception {
    String loadBefore = Files.readString(Path.of("/proc/loadavg")).trim();
    int port;
    try (var socket = new java.net.ServerSocket(0)) {
      port = socket.getLocalPort();
    }
    Path log = Files.createTempFile("viewer-long-run", ".log");
    long t0 = System.nanoTime();
    Process viewer =
        new ProcessBuilder(
                "java",
                "-Xmx" + xmx,
                "-jar",
                jar.toString(),
                "--trace-jsonl",
                target.toString(),
                "--port",
                Integer.toString(port))
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    String base = "http://127.0.0.1:" + port + "/api/";
    int lastStep = steps - 1;
    double latestAt = -1;
    double timelineAt = -1;
    long peakRss = 0;
    List<Long> duringPass = new ArrayList<>();
    int duringPassUnanswered = 0;
    Random random = new Random(7);
    long deadline = t0 + timeout * 1_000_000_000L;
    long timelineAskedAt = 0;
    try {
      while (System.nanoTime() < deadline && !ended(viewer, log)) {
        peakRss = Math.max(peakRss, ProcessFigures.peakRssKb(viewer.pid()));
        String samples = get(base + "samples?step=latest&limit=1");
        if (samples == null) {
          Thread.sleep(50);
          continue;
        }
        // The timeline of a long run is a big answer (1.2 MB for 10,000 steps): asked every 250
        // ms until it is complete (the page asks every 2 s), not at every poll, so that answering
        // it does not slow the pass. With the stage table of all steps and the steps list.
        if (timelineAt < 0 && System.nanoTime() - timelineAskedAt >= 250_000_000L) {
          timelineAskedAt = System.nanoTime();
          if (timelineComplete(get(base + "timeline"), steps, samplesPerStep)) {
            timelineAt = (System.nanoTime() - t0) / 1e9;
            String stepList = get(base + "steps");
            String stageTable = get(base + "stages?step=all");
            double othersAt = (System.nanoTime() - t0) / 1e9;
            System.out.printf(
                "  timeline over all %d steps complete %.2f s after start; steps list (%d steps)"
                    + " and stage table of all steps (%d spans) answered by %.2f s%n",
                steps,
                timelineAt,
                count(POINT_STEP, stepList),
                sum(STAGE_SPANS, stageTable),
                othersAt);
          }
        }
        double at = (System.nanoTime() - t0) / 1e9;
        if (latestAt < 0
            && number(STEP, samples) == lastStep
            && number(TOTAL, samples) == samplesPerStep) {
          latestAt = at;
          System.out.printf(
              "  latest step's samples complete %.2f s after the viewer process started%n", at);
        }
        if (latestAt >= 0 && timelineAt >= 0) {
          // Other steps, asked once the latest step and the timeline are whole (so that the asks
          // do not delay them), while the first pass may still run.
          if (askDuringPass) {
            for (int k = 0; k < Math.min(5, asked); k++) {
              long took =
                  askStep(
                      base,
                      random.nextInt(Math.max(1, lastStep)),
                      samplesPerStep,
                      viewer,
                      log,
                      deadline);
              if (took < 0) {
                duringPassUnanswered++;
              } else {
                duringPass.add(took);
              }
            }
          }
          break;
        }
        Thread.sleep(100);
      }
      if (ended(viewer, log)) {
        System.out.printf(
            "  the viewer failed after %.1f s (%s): %s%n",
            (System.nanoTime() - t0) / 1e9,
            viewer.isAlive() ? "still running" : "exit " + viewer.exitValue(),
            lastLines(log));
        System.out.printf(
            "  viewer process: peak resident memory %d MB; load average before %s, after %s%n",
            Math.max(peakRss, ProcessFigures.peakRssKb(viewer.pid())) >> 10,
            loadBefore,
            Files.readString(Path.of("/proc/loadavg")).trim());
        return;
      }
      if (!duringPass.isEmpty()) {
        report(
            "  another step asked right after those, the first pass perhaps still running (stages, then samples)",
            duringPass);
      }
      if (duringPassUnanswered > 0) {
        System.out.printf(
            "  %d steps asked during the first pass not complete by the timeout%n",
            duringPassUnanswered);
      }
      if (timelineAt < 0) {
        System.out.printf("  timeline not complete after %d s%n", timeout);
        System.out.printf(
            "  viewer process: peak resident memory %d MB, CPU %.1f s; load average before %s, after %s%n",
            Math.max(peakRss, ProcessFigures.peakRssKb(viewer.pid())) >> 10,
            ProcessFigures.cpuSeconds(viewer.pid()),
            loadBefore,
            Files.readString(Path.of("/proc/loadavg")).trim());
        return;
      }
      String status = get(base + "status");
      Matcher inMemory = IN_MEMORY.matcher(status == null ? "" : status);
      int firstInMemory = inMemory.find() ? Integer.parseInt(inMemory.group(1)) : steps;
      List<Long> after = new ArrayList<>();
      for (int k = 0; k < asked; k++) {
        long took =
            askStep(
                base,
                random.nextInt(Math.max(1, firstInMemory)),
                samplesPerStep,
                viewer,
                log,
                System.nanoTime() + STEP_DEADLINE_NANOS);
        if (took < 0) {
          throw new IllegalStateException(
              "a step asked after the first pass was not complete within "
                  + STEP_DEADLINE_NANOS / 1_000_000_000L
                  + " s");
        }
        after.add(took);
        peakRss = Math.max(peakRss, ProcessFigures.peakRssKb(viewer.pid()));
      }
      report("  another step (not in memory) asked after it (stages, then samples)", after);
      if (firstInMemory < steps) {
        System.out.printf("  steps %d to %d in memory%n", firstInMemory, lastStep);
      }
      System.out.printf(
          "  viewer process: peak resident memory %d MB, CPU %.1f s; load average before %s, after %s%n",
          peakRss >> 10,
          ProcessFigures.cpuSeconds(viewer.pid()),
          loadBefore,
          Files.readString(Path.of("/proc/loadavg")).trim());
    } finally {
      viewer.destroy();
      viewer.waitFor();
      Files.deleteIfExists(log);
    }
  }

  /**
   * Puts the summaries the runtime writes as it closes each part beside the run: made once (see
   * {@link #summariseAsTheRuntime}) and kept in {@code RUN/runtime-summaries}, copied from there
   * for every later measurement (summarising a 100M-span run takes minutes).
   */
  private static void runtimeSummaries(Path run) throws IOException {
    Path traces = run.resolve("traces");
    Path dir = io.spanweave.runfiles.internal.summary.PartSummaryFile.directoryOf(traces);
    Path kept = run.resolve("runtime-summaries");
    if (!Files.isDirectory(kept)) {
      summariseAsTheRuntime(traces);
      copyFiles(dir, kept);
    } else {
      copyFiles(kept, dir);
      System.out.println("  (the runtime's summaries copied from " + kept + ")");
    }
  }

  private static void copyFiles(Path from, Path to) throws IOException {
    Files.createDirectories(to);
    try (var files = Files.list(from)) {
      for (Path f : files.toList()) {
        Files.copy(f, to.resolve(f.getFileName()), StandardCopyOption.REPLACE_EXISTING);
      }
    }
  }

  /**
   * Writes each closed part's summary and, at close, the run summary and the manifest, with the
   * runtime's own summary writer, the parts handed over in order as the runtime closes them, and
   * closes the part being written as the last part as the runtime's close does (so the run's folder
   * changes: kept that way for later measurements); prints the time it took.
   */
  private static void summariseAsTheRuntime(Path traces) throws IOException {
    var threads = java.lang.management.ManagementFactory.getThreadMXBean();
    long cpu0 = threads.getCurrentThreadCpuTime();
    long t0 = System.nanoTime();
    Path active = traces.resolve("traces.jsonl");
    var summaries =
        io.spanweave.runtime.internal.parts.PartSummaries.onCallingThread(
            new io.spanweave.runfiles.internal.parts.PartNames(active));
    int parts = 0;
    var closed = new java.util.ArrayList<io.spanweave.runfiles.internal.parts.Part>();
    for (var part : new io.spanweave.runfiles.internal.parts.PartCatalog(active).list()) {
      if (!part.live()) {
        closed.add(part);
      }
    }
    closed.sort(
        java.util.Comparator.comparingLong(io.spanweave.runfiles.internal.parts.Part::sequence));
    for (var part : closed) {
      parts++;
      summaries.summarise(part.path(), part.codec(), part.compressed());
    }
    // The runtime closes the part being written of a run in parts as its last part, compressed
    // and summarised within its close's wait.
    if (Files.exists(active) && Files.size(active) > 0) {
      var names = new io.spanweave.runfiles.internal.parts.PartNames(active);
      Path last = names.closed(names.nextSequence());
      Files.move(active, last);
      var compressor =
          new io.spanweave.runtime.internal.parts.PartCompressor(
              names, io.spanweave.runfiles.internal.parts.PartCodecs.forExtension("gz"), summaries);
      compressor.compressLater(last);
      compressor.close(java.time.Duration.ofHours(1));
      parts++;
    }
    summaries.close(java.time.Duration.ofHours(1));
    System.out.printf(
        "  summarised %d of %d closed parts as the runtime does, with the run summary, in %.1f s (%.1f s of CPU on the calling thread)%n",
        summaries.written(),
        parts,
        (System.nanoTime() - t0) / 1e9,
        (threads.getCurrentThreadCpuTime() - cpu0) / 1e9);
  }

  /**
   * Deletes the summaries an earlier measurement cached beside the run (the viewer's default {@code
   * .spanweave-viewer} beside the trace file), so that the first measurement is a first opening:
   * with them the viewer skips its first pass.
   */
  private static void deleteSummaryCache(Path target) throws IOException {
    Path traceFile =
        Files.isDirectory(target) ? target.resolve("traces").resolve("traces.jsonl") : target;
    Path cache = traceFile.toAbsolutePath().getParent().resolve(".spanweave-viewer");
    if (Files.isDirectory(cache)) {
      try (var files = Files.walk(cache)) {
        for (Path p :
            (Iterable<Path>) files.sorted(java.util.Comparator.reverseOrder())::iterator) {
          Files.delete(p);
        }
      }
      System.out.println(
          "  (deleted the summaries an earlier measurement cached in " + cache + ")");
    }
  }

  /**
   * Stages then samples of one step, asked again every 100 ms until the samples are all there (a
   * viewer that only has what its first pass has read so far answers the step once the pass gets to
   * it). Returns nanoseconds from the first ask to the complete answer, or -1 when the answer is
   * not complete by {@code deadline} (a {@link System#nanoTime()}) or the viewer failed first.
   */
  private static long askStep(
      String base, int step, int samplesPerStep, Process viewer, Path log, long deadline)
      throws Exception {
    long at = System.nanoTime();
    while (true) {
      get(base + "stages?step=" + step);
      String samples = get(base + "samples?step=" + step + "&limit=50");
      long took = System.nanoTime() - at;
      if (samples != null && number(TOTAL, samples) == samplesPerStep) {
        return took;
      }
      if (System.nanoTime() > deadline || ended(viewer, log)) {
        return -1;
      }
      Thread.sleep(100);
    }
  }

  /**
   * Whether the viewer process ended or ran out of memory (a JVM whose reading thread died of
   * {@code OutOfMemoryError} may keep serving what it had, never complete).
   */
  private static boolean ended(Process viewer, Path log) throws IOException {
    return !viewer.isAlive()
        || new String(Files.readAllBytes(log), java.nio.charset.StandardCharsets.ISO_8859_1)
            .contains("java.lang.OutOfMemoryError");
  }

  /**
   * Whether the timeline has every step with all its traces. Summaries count a step's traces by
   * 32-bit hash, so two of a step's 1,000 trace ids share a hash about once in 8,600 steps (once or
   * twice in a 100M-span run): a step one trace short counts as complete and is reported.
   */
  private static boolean timelineComplete(String timeline, int steps, int samplesPerStep) {
    if (timeline == null) {
      return false;
    }
    Matcher m = POINT.matcher(timeline);
    int complete = 0;
    int oneShort = 0;
    while (m.find()) {
      int traces = Integer.parseInt(m.group(2));
      if (traces == samplesPerStep) {
        complete++;
      } else if (traces == samplesPerStep - 1) {
        oneShort++;
      }
    }
    if (complete + oneShort == steps && oneShort > 0) {
      System.out.printf(
          "  (%d steps counted one trace short: a 32-bit hash shared by two trace ids)%n",
          oneShort);
    }
    return complete + oneShort == steps;
  }

  private static void report(String what, List<Long> nanos) {
    long[] sorted = nanos.stream().mapToLong(Long::longValue).sorted().toArray();
    System.out.printf(
        "%s: n %d, median %.0f ms, p90 %.0f ms, max %.0f ms%n",
        what,
        sorted.length,
        sorted[sorted.length / 2] / 1e6,
        sorted[Math.min(sorted.length - 1, (int) Math.ceil(sorted.length * 0.9) - 1)] / 1e6,
        sorted[sorted.length - 1] / 1e6);
  }

  private static int count(Pattern p, String text) {
    int n = 0;
    for (Matcher m = p.matcher(text == null ? "" : text); m.find(); ) {
      n++;
    }
    return n;
  }

  private static long sum(Pattern p, String text) {
    long n = 0;
    for (Matcher m = p.matcher(text == null ? "" : text); m.find(); ) {
      n += Long.parseLong(m.group(1));
    }
    return n;
  }

  private static long number(Pattern p, String text) {
    Matcher m = p.matcher(text);
    return m.find() ? Long.parseLong(m.group(1)) : -1;
  }

  private static String lastLines(Path log) throws IOException {
    List<String> lines = Files.readAllLines(log);
    return String.join(" | ", lines.subList(Math.max(0, lines.size() - 3), lines.size()));
  }

  /** The body of a 200 answer, or null while the viewer is not listening or answers otherwise. */
  private static String get(String url) {
    try {
      HttpResponse<String> r =
          HTTP.send(
              HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofMinutes(2)).build(),
              HttpResponse.BodyHandlers.ofString());
      return r.statusCode() == 200 ? r.body() : null;
    } catch (IOException e) {
      return null;
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return null;
    }
  }
}
