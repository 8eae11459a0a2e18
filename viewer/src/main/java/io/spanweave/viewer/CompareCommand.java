package io.spanweave.viewer;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.spanweave.viewer.compare.RunComparison;
import io.spanweave.viewer.compare.RunFigures;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.IngestLoop;
import io.spanweave.viewer.ingest.ReadSettings;
import io.spanweave.viewer.json.CompareAnswer;
import io.spanweave.viewer.query.CompareQueries;
import io.spanweave.viewer.query.RunFilter;
import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;

/**
 * {@code --compare RUN_A RUN_B}: reads each run, reduces it to its per-step and per-stage figures
 * ({@link RunFigures}) and lets its spans go before the other is read, then prints the stage table
 * (or, with {@code --json}, what {@code /api/compare} answers) and exits.
 *
 * <p>A run is named by a path or by its id: a trace file, a run folder ({@code
 * <outputDir>/<runId>}, or its {@code traces} folder) or an output directory holding one run,
 * {@code PATH#RUN_ID} for one run of a path that holds several, or a run id of the paths given with
 * {@code --trace-jsonl}.
 */
final class CompareCommand {
  /** Exit status when {@code --fail-above} found a stage slower than allowed. */
  static final int SLOWER_THAN_ALLOWED = 3;

  private static final ObjectMapper JSON =
      new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);
  private static final Duration LOAD_TIMEOUT = Duration.ofMinutes(30);

  /**
   * What {@code --compare} was asked.
   *
   * @param traceFiles the {@code --trace-jsonl} paths, where a run named by its id is looked for
   */
  record Request(
      String runA,
      String runB,
      List<Path> traceFiles,
      String service,
      String metric,
      boolean json,
      Double failAbove) {}

  /**
   * One side: the paths to read (as the viewer reads {@code --trace-jsonl}: trace files, run
   * folders, output directories of run folders) and the run among them (null: the one run they
   * hold).
   */
  record Source(String given, List<Path> roots, String runId) {}

  private CompareCommand() {}

  static int run(Request request, PrintStream out, PrintStream err) {
    Source a;
    Source b;
    try {
      a = source(request.runA(), request.traceFiles(), "RUN_A");
      b = source(request.runB(), request.traceFiles(), "RUN_B");
    } catch (UsageException e) {
      err.println(ViewerCommandLine.NAME + ": " + e.getMessage());
      return 2;
    }
    CompareAnswer answer;
    try {
      RunFigures fa = figures(a, request.service());
      RunFigures fb = figures(b, request.service());
      answer = RunComparison.compare(fa, fb, request.metric());
    } catch (IllegalArgumentException | UncheckedIOException e) {
      err.println(ViewerCommandLine.NAME + ": " + e.getMessage());
      return 1;
    }
    try {
      if (request.json()) {
        out.println(JSON.writeValueAsString(answer));
      } else {
        out.print(table(answer));
      }
    } catch (IOException e) {
      err.println(ViewerCommandLine.NAME + ": " + e.getMessage());
      return 1;
    }
    if (request.failAbove() != null) {
      List<String> slower = slowerThan(answer, request.failAbove());
      if (!slower.isEmpty()) {
        err.println(
            ViewerCommandLine.NAME
                + ": "
                + slower.size()
                + " stage(s) more than "
                + request.failAbove()
                + "x slower in "
                + answer.b().label()
                + ": "
                + String.join(", ", slower));
        return SLOWER_THAN_ALLOWED;
      }
    }
    return 0;
  }

  /** How the command line names a run, resolved to the paths to read and the run among them. */
  static Source source(String given, List<Path> traceFiles, String which) throws UsageException {
    if (Files.exists(Path.of(given))) {
      return new Source(given, List.of(Path.of(given)), null);
    }
    int hash = given.lastIndexOf('#');
    if (hash > 0 && Files.exists(Path.of(given.substring(0, hash)))) {
      return new Source(
          given, List.of(Path.of(given.substring(0, hash))), given.substring(hash + 1));
    }
    if (traceFiles.isEmpty()) {
      throw new UsageException(
          which
              + " '"
              + given
              + "' is no file or folder; to name a run by its id, give the"
              + " file or folder that holds it with --trace-jsonl");
    }
    return new Source(given, traceFiles, given);
  }

  /**
   * Reads the source's paths (every part of every run folder), takes the run's figures and lets the
   * spans go. From the in-memory index when it held every span, else from the summaries of every
   * span.
   */
  static RunFigures figures(Source source, String service) {
    SpanIndex index = new SpanIndex();
    try (IngestLoop ingest =
        new IngestLoop(index, source.roots(), null, Duration.ofMillis(50), ReadSettings.DEFAULT)) {
      ingest.noFirstView();
      ingest.start();
      long deadline = System.nanoTime() + LOAD_TIMEOUT.toNanos();
      while (!ingest.initialLoadDone()) {
        if (System.nanoTime() > deadline) {
          throw new IllegalArgumentException(
              "reading " + source.roots() + " took longer than " + LOAD_TIMEOUT);
        }
        sleep();
      }
      if (ingest.lastError() != null) {
        throw new IllegalArgumentException(
            "cannot read " + source.roots() + ": " + ingest.lastError());
      }
      boolean partial = !ingest.segments().everythingInMemory();
      TreeSet<String> runs = partial ? new TreeSet<>(ingest.segments().runIds()) : runsOf(index);
      if (runs.isEmpty()) {
        throw new IllegalArgumentException(source.given() + ": found no spans in " + paths(source));
      }
      String runId = source.runId();
      if (runId == null) {
        TreeSet<String> named = new TreeSet<>(runs);
        named.remove("");
        if (named.size() > 1) {
          throw new IllegalArgumentException(
              source.given()
                  + " holds the runs "
                  + named
                  + "; name one as "
                  + source.given()
                  + "#RUN_ID");
        }
        runId = named.isEmpty() ? "" : named.first();
      } else if (!runs.contains(runId)) {
        throw new IllegalArgumentException(
            "no run '" + runId + "' in " + paths(source) + "; it holds " + runs);
      }
      String label =
          source.runId() != null && source.runId().equals(source.given()) ? runId : source.given();
      String id = runId;
      RunFigures figures =
          partial
              ? ingest.records().summary().read(v -> RunFigures.fromSummaries(id, label, v.steps()))
              : CompareQueries.of(
                  index, new RunFilter(service, runId.isEmpty() ? null : runId), runId, label);
      if (figures.steps().isEmpty()) {
        throw new IllegalArgumentException(
            source.given() + ": run '" + runId + "' has no spans with a step");
      }
      return figures;
    }
  }

  private static String paths(Source source) {
    return source.roots().size() == 1
        ? source.roots().get(0).toString()
        : source.roots().toString();
  }

  private static TreeSet<String> runsOf(SpanIndex index) {
    return index.read(
        () -> {
          TreeSet<String> runs = new TreeSet<>();
          for (int t = 0; t < index.traceCount(); t++) {
            runs.add(index.traceRun(t));
          }
          return runs;
        });
  }

  /** The stages whose p50 or p95 in b is more than {@code ratio} times a's, with their ratios. */
  static List<String> slowerThan(CompareAnswer answer, double ratio) {
    List<String> slower = new ArrayList<>();
    for (CompareAnswer.StageRow row : answer.stages()) {
      Double worst = max(row.p50Ratio(), row.p95Ratio());
      if (worst != null && worst > ratio) {
        slower.add(row.stage() + " " + format(worst) + "x");
      }
    }
    return slower;
  }

  private static Double max(Double x, Double y) {
    return x == null ? y : y == null ? x : Math.max(x, y);
  }

  /** The stage table, changed stages first, with each run's samples and metric above it. */
  static String table(CompareAnswer c) {
    StringBuilder out = new StringBuilder();
    out.append("A: ").append(c.a().label()).append(describe(c.a())).append('\n');
    out.append("B: ").append(c.b().label()).append(describe(c.b())).append('\n');
    out.append("stages over the ").append(c.sharedSteps().size()).append(" steps both runs have");
    if (!c.sharedSteps().isEmpty()) {
      out.append(" (")
          .append(c.sharedSteps().get(0))
          .append('–')
          .append(c.sharedSteps().get(c.sharedSteps().size() - 1))
          .append(')');
    }
    out.append(", the most changed first; ratio = B / A\n\n");
    String[] head = {
      "stage",
      "change",
      "p50 A",
      "p50 B",
      "p50 ratio",
      "p95 A",
      "p95 B",
      "p95 ratio",
      "max A",
      "max B",
      "errors A",
      "errors B"
    };
    List<String[]> rows = new ArrayList<>();
    rows.add(head);
    for (CompareAnswer.StageRow r : c.stages()) {
      rows.add(
          new String[] {
            r.stage(),
            r.change(),
            ms(r.a() == null ? null : r.a().p50Ms()),
            ms(r.b() == null ? null : r.b().p50Ms()),
            ratio(r.p50Ratio()),
            ms(r.a() == null ? null : r.a().p95Ms()),
            ms(r.b() == null ? null : r.b().p95Ms()),
            ratio(r.p95Ratio()),
            ms(r.a() == null ? null : r.a().maxMs()),
            ms(r.b() == null ? null : r.b().maxMs()),
            r.a() == null ? "–" : Long.toString(r.a().errors()),
            r.b() == null ? "–" : Long.toString(r.b().errors())
          });
    }
    int[] widths = new int[head.length];
    for (String[] row : rows) {
      for (int k = 0; k < row.length; k++) {
        widths[k] = Math.max(widths[k], row[k].length());
      }
    }
    for (String[] row : rows) {
      StringBuilder line = new StringBuilder();
      for (int k = 0; k < row.length; k++) {
        String cell = row[k];
        line.append(k < 2 ? pad(cell, widths[k], false) : pad(cell, widths[k], true))
            .append(k + 1 < row.length ? "  " : "");
      }
      out.append(line.toString().stripTrailing()).append('\n');
    }
    List<CompareAnswer.ErrorTypeRow> errors = c.errorTypes();
    if (!errors.isEmpty()) {
      out.append("\nerror types (A -> B):");
      for (CompareAnswer.ErrorTypeRow e : errors.subList(0, Math.min(8, errors.size()))) {
        out.append(' ')
            .append(e.type())
            .append(' ')
            .append(e.a())
            .append(" -> ")
            .append(e.b())
            .append(
                e.onlyIn() == null ? "" : " (only in " + e.onlyIn().toUpperCase(Locale.ROOT) + ")")
            .append(';');
      }
      out.setLength(out.length() - 1);
      out.append('\n');
    }
    if (c.llm() != null) {
      out.append("\nLLM calls (A -> B): ")
          .append(c.llm().a().calls())
          .append(" -> ")
          .append(c.llm().b().calls())
          .append(", tokens in ")
          .append(c.llm().a().inputTokens())
          .append(" -> ")
          .append(c.llm().b().inputTokens())
          .append(", tokens out ")
          .append(c.llm().a().outputTokens())
          .append(" -> ")
          .append(c.llm().b().outputTokens());
      if (c.llm().latencyP50Ratio() != null) {
        out.append(", latency p50 ").append(ratio(c.llm().latencyP50Ratio()));
      }
      if (c.llm().ttftP50Ratio() != null) {
        out.append(", time to first token p50 ").append(ratio(c.llm().ttftP50Ratio()));
      }
      out.append('\n');
    }
    return out.toString();
  }

  private static String describe(CompareAnswer.Side s) {
    String steps =
        s.steps() == 0
            ? "no steps"
            : s.steps() + " steps (" + s.firstStep() + "–" + s.lastStep() + ")";
    return " · "
        + (s.runId().isEmpty() ? "no run id" : "run " + s.runId())
        + " · "
        + steps
        + " · "
        + s.samples()
        + " samples, "
        + s.errorSamples()
        + " failed";
  }

  private static String pad(String s, int width, boolean right) {
    String spaces = " ".repeat(Math.max(0, width - s.length()));
    return right ? spaces + s : s + spaces;
  }

  private static String ms(Double v) {
    if (v == null) {
      return "–";
    }
    if (v >= 1000) {
      return String.format(Locale.ROOT, "%.2f s", v / 1000);
    }
    return String.format(Locale.ROOT, v < 10 ? "%.2f ms" : "%.1f ms", v);
  }

  private static String ratio(Double v) {
    return v == null ? "–" : format(v) + "x";
  }

  private static String format(double v) {
    return String.format(Locale.ROOT, "%.2f", v);
  }

  private static void sleep() {
    try {
      Thread.sleep(20);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalArgumentException("interrupted while reading");
    }
  }
}
