package io.spanweave.bench.viewer;

import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.duckdb.DuckDBPreparedStatement;

/**
 * DuckDB as a peer of the viewer's first opening (issue 39): the same run files the viewer opens (a
 * run folder's closed gzip parts {@code traces/traces-*.jsonl.gz} and its plain live part {@code
 * traces/traces.jsonl}, or one plain file of OTLP/JSON lines), read with DuckDB's {@code
 * read_ndjson} and flattened with {@code UNNEST} (resourceSpans, scopeSpans, spans, attributes as
 * key/value lists), asked the questions the viewer answers when it opens a run:
 *
 * <ol>
 *   <li>{@code steps}: the steps list, per step its spans, traces, failed traces and samples;
 *   <li>{@code timeline}: per step and per stage the span count and the p50, p90 and p99 of span
 *       durations (exact, {@code quantile_disc});
 *   <li>{@code stages}: the stage table of all steps, per stage its spans, mean, p50, p95, maximum
 *       duration and failed spans.
 * </ol>
 *
 * <p>Each question runs in its own JVM with an in-memory DuckDB that has read nothing before, so
 * that its time, CPU and peak resident memory are its own, as {@link ViewerLongRun} measures the
 * viewer. With {@code --load-once true} one JVM instead loads the flattened spans once into a table
 * of a DuckDB database file in a temporary directory (deleted after) and then answers the questions
 * from it. Every answer is checked against what the generator wrote ({@code --spans}, {@code
 * --samples-per-step}, as given to {@code ViewerLongRun --generate-only true}): its spans and steps
 * must be those, or the run fails.
 *
 * <pre>
 * java -cp bench/target/benchmarks.jar io.spanweave.bench.viewer.DuckDbPeer --run DIR [--file PLAIN.jsonl]
 *     [--spans 10000000] [--samples-per-step 1000] [--threads 2] [--memory-limit 1GB]
 *     [--questions steps,timeline,stages] [--load-once false] [--timeout-seconds 900]
 *     [--preserve-insertion-order false]</pre>
 *
 * <p>{@code read_ndjson} is told the fields it reads and to detect no others ({@code auto_detect =
 * false}). Insertion order is not kept, as DuckDB's tuning guide advises for a query that nears its
 * memory limit; no question depends on it.
 */
public final class DuckDbPeer {
  /**
   * The OTLP/JSON fields the questions read, given to {@code read_ndjson} so that it neither
   * samples the files for a schema nor builds columns for fields nobody asks about.
   */
  private static final String LINE_TYPE =
      "STRUCT(scopeSpans STRUCT(spans STRUCT(traceId VARCHAR, startTimeUnixNano VARCHAR,"
          + " endTimeUnixNano VARCHAR, attributes STRUCT(\"key\" VARCHAR, \"value\""
          + " STRUCT(stringValue VARCHAR, intValue VARCHAR))[], status STRUCT(code INTEGER))[])[])[]";

  /** One row per span: its trace, duration, failure and the step, stage and sample attributes. */
  private static final String SPAN_COLUMNS =
      """
      SELECT s.traceId AS trace_id,
        CAST(s.endTimeUnixNano AS BIGINT) - CAST(s.startTimeUnixNano AS BIGINT) AS duration_nanos,
        coalesce(s.status.code, 0) = 2 AS error,
        CAST(list_filter(s.attributes, lambda a: a."key" = 'rollout.step')[1]."value".intValue
          AS INTEGER) AS step,
        list_filter(s.attributes, lambda a: a."key" = 'spanweave.stage')[1]."value".stringValue
          AS stage,
        list_filter(s.attributes, lambda a: a."key" = 'rollout.id')[1]."value".stringValue
          AS sample
      FROM raw""";

  /** The questions, each over a relation {@code spans} of {@link #SPAN_COLUMNS}. */
  private static final Map<String, String> QUESTIONS = new LinkedHashMap<>();

  static {
    QUESTIONS.put(
        "steps",
        """
        SELECT step, count(*) AS spans, count(DISTINCT trace_id) AS traces,
          count(DISTINCT trace_id) FILTER (WHERE error) AS error_traces,
          count(DISTINCT sample) AS samples
        FROM spans GROUP BY step ORDER BY step""");
    QUESTIONS.put(
        "timeline",
        """
        SELECT step, stage, spans, q[1] AS p50_nanos, q[2] AS p90_nanos, q[3] AS p99_nanos
        FROM (SELECT step, stage, count(*) AS spans,
                quantile_disc(duration_nanos, [0.5, 0.9, 0.99]) AS q
              FROM spans GROUP BY step, stage)
        ORDER BY step, stage""");
    QUESTIONS.put(
        "stages",
        """
        SELECT stage, spans, mean_nanos, q[1] AS p50_nanos, q[2] AS p95_nanos, max_nanos, errors
        FROM (SELECT stage, count(*) AS spans, avg(duration_nanos) AS mean_nanos,
                quantile_disc(duration_nanos, [0.5, 0.95]) AS q, max(duration_nanos) AS max_nanos,
                count(*) FILTER (WHERE error) AS errors
              FROM spans GROUP BY stage)
        ORDER BY spans DESC, stage""");
  }

  /** Whether DuckDB's version was printed (by the first child to report it). */
  private static volatile boolean versionShown;

  private DuckDbPeer() {}

  public static void main(String[] args) throws Exception {
    Map<String, String> o = new LinkedHashMap<>();
    o.put("--spans", "10000000");
    o.put("--samples-per-step", "1000");
    o.put("--threads", "2");
    o.put("--memory-limit", "1GB");
    o.put("--questions", String.join(",", QUESTIONS.keySet()));
    o.put("--load-once", "false");
    o.put("--timeout-seconds", "900");
    o.put("--preserve-insertion-order", "false");
    for (int k = 0; k + 1 < args.length; k += 2) {
      if (!o.containsKey(args[k])
          && !List.of("--run", "--file", "--child", "--temp").contains(args[k])) {
        throw new IllegalArgumentException("unknown option " + args[k]);
      }
      o.put(args[k], args[k + 1]);
    }
    if (o.containsKey("--child")) {
      child(o);
      return;
    }
    if (o.containsKey("--run") == o.containsKey("--file")) {
      throw new IllegalArgumentException("give --run DIR or --file PLAIN.jsonl");
    }
    Path target = Path.of(o.getOrDefault("--run", o.get("--file")));
    if (!Files.exists(target)) {
      throw new IllegalArgumentException(
          target
              + " does not exist: write it first with ViewerLongRun --generate-only true"
              + " and the same --spans");
    }
    long samples = (Long.parseLong(o.get("--spans")) + 9) / 10;
    int samplesPerStep = Integer.parseInt(o.get("--samples-per-step"));
    Expected expected =
        new Expected(samples * 10, (int) ((samples + samplesPerStep - 1) / samplesPerStep));
    System.out.printf(
        "DuckDB, threads %s, memory_limit %s, over %s (%d files): the generator wrote %d spans in"
            + " %d steps%n",
        o.get("--threads"),
        o.get("--memory-limit"),
        target,
        files(target).size(),
        expected.spans(),
        expected.steps());
    List<Measurement> all = new ArrayList<>();
    if (Boolean.parseBoolean(o.get("--load-once"))) {
      all.add(measure(o, target, "load-once", expected));
    } else {
      for (String q : o.get("--questions").split(",")) {
        all.add(measure(o, target, q, expected));
      }
    }
    double first =
        all.stream().mapToDouble(Measurement::firstSeconds).filter(t -> t >= 0).min().orElse(-1);
    System.out.printf(
        "duckdb summary: %d of %d measurements answered as the generator wrote; first answer %.1f s"
            + " after its JVM started; CPU %.1f s in all; largest peak resident memory %d MB%n",
        all.stream().filter(Measurement::complete).count(),
        all.size(),
        first,
        all.stream().mapToDouble(Measurement::cpuSeconds).sum(),
        all.stream().mapToLong(Measurement::peakRssKb).max().orElse(0) >> 10);
    if (all.stream().anyMatch(m -> !m.complete())) {
      System.exit(1);
    }
  }

  /** What the generator wrote: every answer must count these. */
  private record Expected(long spans, int steps) {}

  /** One child JVM's figures; {@code firstSeconds} is -1 when it answered nothing. */
  private record Measurement(
      boolean complete, double firstSeconds, double cpuSeconds, long peakRssKb) {}

  /**
   * Runs {@code question} (or {@code load-once}: all of them after one load) in a child JVM and
   * prints a line per answer as it arrives, with the seconds since the child started.
   */
  private static Measurement measure(
      Map<String, String> o, Path target, String question, Expected expected) throws Exception {
    String loadBefore = loadAverage();
    Path temp = Files.createTempDirectory("duckdb-peer");
    List<String> command = new ArrayList<>();
    command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
    command.add("-Xmx256m");
    command.add("-cp");
    command.add(System.getProperty("java.class.path"));
    command.add(DuckDbPeer.class.getName());
    command.add("--child");
    command.add(question);
    command.add(o.containsKey("--run") ? "--run" : "--file");
    command.add(target.toString());
    for (String k :
        List.of("--threads", "--memory-limit", "--questions", "--preserve-insertion-order")) {
      command.add(k);
      command.add(o.get(k));
    }
    command.add("--temp");
    command.add(temp.toString());
    long t0 = System.nanoTime();
    Process child = new ProcessBuilder(command).redirectErrorStream(true).start();
    long deadline = t0 + Long.parseLong(o.get("--timeout-seconds")) * 1_000_000_000L;
    List<String> lines = java.util.Collections.synchronizedList(new ArrayList<>());
    double[] first = {-1};
    boolean[] wrong = {false};
    String[] progress = {"none reported"};
    Thread reader =
        new Thread(
            () -> {
              try (BufferedReader in =
                  new BufferedReader(
                      new InputStreamReader(child.getInputStream(), StandardCharsets.UTF_8))) {
                for (String line; (line = in.readLine()) != null; ) {
                  double at = (System.nanoTime() - t0) / 1e9;
                  if (line.startsWith("progress ")) {
                    progress[0] = line.substring(9) + " at " + Math.round(at) + " s";
                  } else if (line.startsWith("answer ")) {
                    if (first[0] < 0) {
                      first[0] = at;
                    }
                    wrong[0] |= !printAnswer(line, at, expected);
                  } else if (line.startsWith("version ")) {
                    if (!versionShown) {
                      versionShown = true;
                      System.out.println("  DuckDB " + line.substring(8));
                    }
                  } else if (line.startsWith("loaded ")) {
                    System.out.printf("  %s (%.1f s after the DuckDB process started)%n", line, at);
                  } else {
                    lines.add(line);
                  }
                }
              } catch (IOException e) {
                lines.add("reading the child's output failed: " + e);
              }
            });
    reader.start();
    long peakKb = 0;
    double cpu = 0;
    while (child.isAlive() && System.nanoTime() < deadline) {
      peakKb = Math.max(peakKb, ProcessFigures.peakRssKb(child.pid()));
      cpu = Math.max(cpu, ProcessFigures.cpuSeconds(child.pid()));
      child.waitFor(200, TimeUnit.MILLISECONDS);
    }
    boolean timedOut = child.isAlive();
    if (timedOut) {
      peakKb = Math.max(peakKb, ProcessFigures.peakRssKb(child.pid()));
      cpu = Math.max(cpu, ProcessFigures.cpuSeconds(child.pid()));
      child.destroyForcibly();
      child.waitFor();
    }
    reader.join();
    deleteTree(temp);
    double seconds = (System.nanoTime() - t0) / 1e9;
    // The child's own last line, "done CPU_SECONDS PEAK_RSS_KB", read as it exits (its figures
    // are complete then, the last poll's may be up to 200 ms old).
    for (String line : lines) {
      if (line.startsWith("done ")) {
        String[] f = line.split(" ");
        cpu = Double.parseDouble(f[1]);
        peakKb = Long.parseLong(f[2]);
      }
    }
    boolean complete = !timedOut && child.exitValue() == 0 && !wrong[0];
    if (timedOut) {
      System.out.printf(
          "  %s: not answered within %.0f s (DuckDB's progress: %s)%n",
          question, seconds, progress[0]);
    } else if (child.exitValue() != 0) {
      // DuckDB's message, without the stack trace's frames
      List<String> message =
          lines.stream().filter(l -> !l.isBlank() && !l.startsWith("\tat ")).toList();
      System.out.printf(
          "  %s: failed after %.1f s (exit %d; DuckDB's progress: %s): %s%n",
          question,
          seconds,
          child.exitValue(),
          progress[0],
          String.join(" | ", message.subList(0, Math.min(6, message.size()))));
    }
    System.out.printf(
        "  %s: DuckDB process %.1f s, CPU %.1f s, peak resident memory %d MB; load average before"
            + " %s, after %s%n",
        question, seconds, cpu, peakKb >> 10, loadBefore, loadAverage());
    return new Measurement(complete, first[0], cpu, peakKb);
  }

  /**
   * Prints one answer line of a child ({@code answer QUESTION SPANS STEPS ROWS | EXAMPLE}); returns
   * whether its counts are what the generator wrote.
   */
  private static boolean printAnswer(String line, double at, Expected expected) {
    int bar = line.indexOf(" | ");
    String[] f = line.substring(0, bar).split(" ");
    long spans = Long.parseLong(f[2]);
    int steps = Integer.parseInt(f[3]);
    boolean stepsKnown = steps >= 0;
    boolean right = spans == expected.spans() && (!stepsKnown || steps == expected.steps());
    System.out.printf(
        "  %s answered %.1f s after the DuckDB process started: %s rows, %d spans%s (generator:"
            + " %d spans, %d steps)%s; %s%n",
        f[1],
        at,
        f[4],
        spans,
        stepsKnown ? " in " + steps + " steps" : "",
        expected.spans(),
        expected.steps(),
        right ? "" : " WRONG",
        line.substring(bar + 3));
    if (!right) {
      System.err.printf(
          "DuckDB's %s answer counts %d spans and %d steps, the generator wrote %d and %d%n",
          f[1], spans, steps, expected.spans(), expected.steps());
    }
    return right;
  }

  // ------------------------------------------------------------------ the child JVM

  private static void child(Map<String, String> o) throws Exception {
    String question = o.get("--child");
    Path target = Path.of(o.getOrDefault("--run", o.get("--file")));
    StringBuilder list = new StringBuilder("[");
    for (Path f : files(target)) {
      list.append(list.length() > 1 ? ", " : "").append(quote(f.toString()));
    }
    String flatten =
        "WITH lines AS (SELECT resourceSpans FROM read_ndjson("
            + list.append(']')
            + ", format = 'newline_delimited', auto_detect = false, columns = {resourceSpans: "
            + quote(LINE_TYPE)
            + "})),\n"
            + "resources AS (SELECT unnest(resourceSpans) AS r FROM lines),\n"
            + "scopes AS (SELECT unnest(r.scopeSpans) AS sc FROM resources),\n"
            + "raw AS (SELECT unnest(sc.spans) AS s FROM scopes)\n";
    // Loaded once, the spans go into a database file in the temporary directory: DuckDB can then
    // move the table's blocks out of memory (an in-memory database ran out of its 1 GB at 10M).
    boolean loadOnce = question.equals("load-once");
    String database = loadOnce ? Path.of(o.get("--temp"), "spans.duckdb").toString() : "";
    try (Connection c = DriverManager.getConnection("jdbc:duckdb:" + database);
        Statement s = c.createStatement()) {
      s.execute("SET threads = " + Integer.parseInt(o.get("--threads")));
      s.execute("SET memory_limit = " + quote(o.get("--memory-limit")));
      s.execute("SET temp_directory = " + quote(o.get("--temp")));
      s.execute(
          "SET preserve_insertion_order = "
              + Boolean.parseBoolean(o.get("--preserve-insertion-order")));
      s.execute("SET enable_progress_bar = true");
      s.execute("SET enable_progress_bar_print = false");
      try (ResultSet v =
          s.executeQuery("SELECT library_version, source_id FROM pragma_version()")) {
        v.next();
        System.out.printf("version %s (%s)%n", v.getString(1), v.getString(2));
      }
      if (loadOnce) {
        long t0 = System.nanoTime();
        try (DuckDBPreparedStatement load =
            c.prepareStatement("CREATE TABLE spans AS " + flatten + SPAN_COLUMNS)
                .unwrap(DuckDBPreparedStatement.class)) {
          Thread watch = watchProgress(load);
          try {
            load.execute();
          } finally {
            watch.interrupt();
          }
        }
        System.out.printf(
            "loaded the spans into a DuckDB table in %.1f s%n", (System.nanoTime() - t0) / 1e9);
        for (String q : o.get("--questions").split(",")) {
          run(c, QUESTIONS.get(q), q);
        }
      } else if (QUESTIONS.containsKey(question)) {
        run(c, flatten + ", spans AS (" + SPAN_COLUMNS + ")\n" + QUESTIONS.get(question), question);
      } else {
        throw new IllegalArgumentException("unknown question " + question);
      }
    }
    System.out.printf(
        "done %.2f %d%n", ProcessFigures.cpuSeconds(ProcessHandle.current().pid()), selfHwmKb());
  }

  /**
   * Runs the question's {@code sql}, printing DuckDB's progress every 10 s, then its answer line
   * ({@code answer QUESTION SPANS STEPS ROWS | EXAMPLE}, STEPS -1 when the answer has no steps).
   */
  private static void run(Connection c, String sql, String question) throws SQLException {
    try (DuckDBPreparedStatement p =
        c.prepareStatement(sql).unwrap(DuckDBPreparedStatement.class)) {
      Thread watch = watchProgress(p);
      try (ResultSet r = p.executeQuery()) {
        long spans = 0;
        long rows = 0;
        Set<Object> steps = new HashSet<>();
        String example = "";
        boolean hasStep = r.getMetaData().getColumnName(1).equals("step");
        while (r.next()) {
          rows++;
          spans += r.getLong("spans");
          if (hasStep && r.getObject("step") != null) {
            steps.add(r.getObject("step"));
          }
          example = example(question, r, example);
        }
        System.out.printf(
            "answer %s %d %d %d | %s%n",
            question, spans, hasStep ? steps.size() : -1, rows, example);
      } finally {
        watch.interrupt();
      }
    }
  }

  /**
   * Prints DuckDB's progress of {@code p} every 10 s ({@code progress PERCENT}) until interrupted,
   * so that a measurement stopped at its timeout says how far DuckDB got.
   */
  private static Thread watchProgress(DuckDBPreparedStatement p) {
    Thread watch =
        new Thread(
            () -> {
              try {
                while (!Thread.currentThread().isInterrupted()) {
                  Thread.sleep(10_000);
                  System.out.printf("progress %.1f%%%n", p.getQueryProgress().getPercentage());
                }
              } catch (InterruptedException | SQLException done) {
                // The statement ended.
              }
            });
    watch.setDaemon(true);
    watch.start();
    return watch;
  }

  /** What an answer line shows of the answer: the last step's row, or every stage. */
  private static String example(String question, ResultSet r, String sofar) throws SQLException {
    return switch (question) {
      case "steps" ->
          String.format(
              "step %d: %d spans, %d traces (%d failed), %d samples",
              r.getInt("step"),
              r.getLong("spans"),
              r.getLong("traces"),
              r.getLong("error_traces"),
              r.getLong("samples"));
      case "timeline" ->
          (sofar.startsWith("step " + r.getInt("step") + " ")
                  ? sofar + ", "
                  : "step " + r.getInt("step") + " ")
              + String.format(
                  "%s %d p50/p90/p99 %s/%s/%s ms",
                  r.getString("stage"),
                  r.getLong("spans"),
                  millis(r.getLong("p50_nanos")),
                  millis(r.getLong("p90_nanos")),
                  millis(r.getLong("p99_nanos")));
      default ->
          (sofar.isEmpty() ? "" : sofar + "; ")
              + String.format(
                  "%s %d mean/p50/p95/max %s/%s/%s/%s ms, %d failed",
                  r.getString("stage"),
                  r.getLong("spans"),
                  millis(Math.round(r.getDouble("mean_nanos"))),
                  millis(r.getLong("p50_nanos")),
                  millis(r.getLong("p95_nanos")),
                  millis(r.getLong("max_nanos")),
                  r.getLong("errors"));
    };
  }

  private static String millis(long nanos) {
    return String.format("%.1f", nanos / 1e6);
  }

  /** The files the viewer opens: a run's closed gzip parts and its plain live part, or the file. */
  private static List<Path> files(Path target) throws IOException {
    if (!Files.isDirectory(target)) {
      return List.of(target);
    }
    Path traces = target.resolve("traces");
    List<Path> files = new ArrayList<>();
    try (Stream<Path> parts = Files.list(traces)) {
      parts
          .filter(p -> p.getFileName().toString().matches("traces-\\d+\\.jsonl\\.gz"))
          .sorted()
          .forEach(files::add);
    }
    if (Files.exists(traces.resolve("traces.jsonl"))) {
      files.add(traces.resolve("traces.jsonl"));
    }
    if (files.isEmpty()) {
      throw new IllegalArgumentException(
          traces
              + " holds no run files (traces-NNNNNN.jsonl.gz, traces.jsonl): write the run first"
              + " with ViewerLongRun --generate-only true");
    }
    return files;
  }

  /** The 1, 5 and 15 minute load averages (the machine is shared). */
  private static String loadAverage() throws IOException {
    String[] f = Files.readString(Path.of("/proc/loadavg")).trim().split(" ");
    return f[0] + " " + f[1] + " " + f[2];
  }

  private static String quote(String text) {
    return "'" + text.replace("'", "''") + "'";
  }

  private static long selfHwmKb() {
    return ProcessFigures.peakRssKb(ProcessHandle.current().pid());
  }

  private static void deleteTree(Path dir) throws IOException {
    try (Stream<Path> all = Files.walk(dir)) {
      for (Path p : (Iterable<Path>) all.sorted(java.util.Comparator.reverseOrder())::iterator) {
        Files.deleteIfExists(p);
      }
    }
  }
}
