package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Two runs side by side, over the API and the command line: run-b's judge is three times slower, it
 * fails with a new error type, its tool calls time out more, and it ran one step later than run-a,
 * so the runs share steps 2 to 4 only.
 */
class CompareTest {
  @TempDir Path dir;

  /**
   * Steps {@code first..last}; per step 4 samples of agent (judge and tool inside) and one LLM
   * call, every span naming its sample.
   */
  static void writeRun(
      Path file,
      String run,
      int first,
      int last,
      double judgeFactor,
      int toolTimeouts,
      boolean oom,
      double rewardBase) {
    try {
      Files.createDirectories(file.toAbsolutePath().getParent());
    } catch (java.io.IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
    OtlpFixture f = new OtlpFixture().service("driver").runId("spanweave.run.id", run);
    for (int step = first; step <= last; step++) {
      for (int n = 0; n < 4; n++) {
        String sample = "s" + step + "-" + n;
        String trace = OtlpFixture.hex(32, (run + sample).hashCode());
        String root = OtlpFixture.hex(16, (run + sample + "root").hashCode());
        long t = step * 100_000L + n * 10_000L;
        long judge = Math.round((100 + n * 10) * judgeFactor);
        boolean timedOut = n < toolTimeouts;
        f.span(trace, root, null, "agent.run", t, t + 500 + judge)
            .attrs(
                "rollout.id",
                sample,
                "rollout.step",
                (long) step,
                "spanweave.stage",
                "agent",
                "rollout.status",
                timedOut ? "timeout" : "completed",
                "rollout.reward.score",
                rewardBase + n / 10.0)
            .add();
        f.span(
                trace,
                OtlpFixture.hex(16, (run + sample + "llm").hashCode()),
                root,
                "llm",
                t + 10,
                t + 210)
            .attrs(
                "rollout.id",
                sample,
                "spanweave.stage",
                "generate",
                "gen_ai.request.model",
                "m",
                "gen_ai.usage.input_tokens",
                100L,
                "gen_ai.usage.output_tokens",
                20L)
            .add();
        OtlpFixture.SpanBuilder tool =
            f.span(
                    trace,
                    OtlpFixture.hex(16, (run + sample + "tool").hashCode()),
                    root,
                    "tool.call",
                    t + 250,
                    t + 300)
                .attrs("rollout.id", sample, "spanweave.stage", "tool");
        (timedOut ? tool.error("ToolTimeout") : tool).add();
        OtlpFixture.SpanBuilder judgeSpan =
            f.span(
                    trace,
                    OtlpFixture.hex(16, (run + sample + "judge").hashCode()),
                    root,
                    "judge",
                    t + 400,
                    t + 400 + judge)
                .attrs("rollout.id", sample, "spanweave.stage", "judge");
        (oom && n == 3 ? judgeSpan.error("OutOfMemoryError") : judgeSpan).add();
      }
    }
    f.appendTo(file, 8);
  }

  private Path twoRunsInOneFile() {
    Path file = dir.resolve("traces.jsonl");
    writeRun(file, "run-a", 1, 4, 1.0, 1, false, 0.5);
    writeRun(file, "run-b", 2, 5, 3.0, 2, true, 0.3);
    return file;
  }

  @Test
  void theApiPutsTheSlowedStageFirstAndAlignsTheRunsOnTheStepsTheyShare() {
    try (ViewerHarness v = new ViewerHarness(twoRunsInOneFile())) {
      v.awaitSpans(2 * 4 * 4 * 4);
      JsonNode c = v.get("/api/compare?a=run-a&b=run-b");
      assertThat(c.get("a").get("runId").asText()).isEqualTo("run-a");
      assertThat(c.get("a").get("firstStep").asInt()).isEqualTo(1);
      assertThat(c.get("b").get("lastStep").asInt()).isEqualTo(5);
      assertThat(c.get("sharedSteps")).extracting(JsonNode::asInt).containsExactly(2, 3, 4);

      JsonNode judge = c.get("stages").get(0);
      assertThat(judge.get("stage").asText()).isEqualTo("judge");
      assertThat(judge.get("change").asText()).isEqualTo("slower");
      assertThat(judge.get("p50Ratio").asDouble())
          .isCloseTo(3.0, org.assertj.core.data.Offset.offset(0.06));
      assertThat(judge.get("a").get("count").asInt()).isEqualTo(12); // 3 shared steps x 4 samples
      assertThat(judge.get("a").get("p50Ms").asDouble())
          .isCloseTo(110.0, org.assertj.core.data.Offset.offset(2.0));
      assertThat(judge.get("b").get("errors").asInt()).isEqualTo(3);
      List<String> others = new ArrayList<>();
      c.get("stages")
          .forEach(s -> others.add(s.get("stage").asText() + ":" + s.get("change").asText()));
      assertThat(others)
          .containsExactly("judge:slower", "agent:slower", "generate:same", "tool:same");

      // An error type of run-b only comes first, then the one whose count changed.
      JsonNode errors = c.get("errorTypes");
      assertThat(errors.get(0).get("type").asText()).isEqualTo("OutOfMemoryError");
      assertThat(errors.get(0).get("onlyIn").asText()).isEqualTo("b");
      assertThat(errors.get(1).get("type").asText()).isEqualTo("ToolTimeout");
      assertThat(errors.get(1).get("a").asInt()).isEqualTo(3);
      assertThat(errors.get(1).get("b").asInt()).isEqualTo(6);

      // Per step: every step of either run, the other side null where it has none.
      JsonNode steps = c.get("steps");
      assertThat(steps).extracting(s -> s.get("step").asInt()).containsExactly(1, 2, 3, 4, 5);
      assertThat(steps.get(0).get("b").isNull()).isTrue();
      assertThat(steps.get(4).get("a").isNull()).isTrue();
      JsonNode step2 = steps.get(1);
      assertThat(step2.get("a").get("samples").asInt()).isEqualTo(4);
      assertThat(step2.get("a").get("timeoutRate").asDouble()).isEqualTo(0.25);
      assertThat(step2.get("b").get("timeoutRate").asDouble()).isEqualTo(0.5);
      assertThat(step2.get("b").get("errorRate").asDouble()).isEqualTo(0.75);
      assertThat(c.get("metric").asText()).isEqualTo("reward");
      assertThat(step2.get("a").get("metricMean").asDouble())
          .isCloseTo(0.65, org.assertj.core.data.Offset.offset(1e-9));
      assertThat(step2.get("b").get("metricMean").asDouble())
          .isCloseTo(0.45, org.assertj.core.data.Offset.offset(1e-9));

      JsonNode llm = c.get("llm");
      assertThat(llm.get("a").get("calls").asInt()).isEqualTo(12);
      assertThat(llm.get("b").get("inputTokens").asLong()).isEqualTo(1200);
      assertThat(llm.get("latencyP50Ratio").asDouble()).isEqualTo(1.0);

      assertThat(v.call("/api/compare?a=run-a").status()).isEqualTo(400);
      assertThat(v.call("/api/compare?a=run-a&b=run-x").status()).isEqualTo(404);
      assertThat(v.call("/api/compare?a=run-a&b=run-b&metric=nope").body())
          .contains("unknown metric 'nope'");
    }
  }

  @Test
  void theApiComparesRunsOfTwoPathsAViewerWasGiven() {
    Path a = dir.resolve("runs/run-a/traces/traces.jsonl");
    Path b = dir.resolve("other.jsonl");
    writeRun(a, "run-a", 1, 4, 1.0, 1, false, 0.5);
    writeRun(b, "run-b", 2, 5, 3.0, 2, true, 0.3);
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(dir.resolve("runs"))
                .addTraceJsonl(b)
                .port(0)
                .pollInterval(java.time.Duration.ofMillis(50))
                .build())) {
      v.awaitSpans(2 * 4 * 4 * 4);
      JsonNode c = v.get("/api/compare?a=run-a&b=run-b");
      assertThat(c.get("stages").get(0).get("stage").asText()).isEqualTo("judge");
      assertThat(c.get("sharedSteps")).extracting(JsonNode::asInt).containsExactly(2, 3, 4);
    }
  }

  @Test
  void aViewerWhoseMemoryHoldsOnlyTheNewestSpansComparesThroughTheSummariesAlike() {
    Path file = twoRunsInOneFile();
    JsonNode fromIndex;
    try (ViewerHarness v = new ViewerHarness(file)) {
      v.awaitSpans(2 * 4 * 4 * 4);
      fromIndex = v.get("/api/compare?a=run-a&b=run-b");
    }
    // Room for a tenth of the spans: the rest are only in the per-segment summaries.
    try (ViewerHarness v =
        new ViewerHarness(
            ViewerOptions.builder(file)
                .port(0)
                .pollInterval(java.time.Duration.ofMillis(50))
                .maxSpansInMemory(12)
                .segmentBytes(4096)
                .cacheDir(dir.resolve("cache"))
                .build())) {
      v.awaitStatus(s -> true);
      JsonNode fromSummaries = v.get("/api/compare?a=run-a&b=run-b");
      assertThat(fromSummaries.get("sharedSteps")).isEqualTo(fromIndex.get("sharedSteps"));
      for (String field :
          List.of("stage", "change", "p50Ratio", "p95Ratio", "maxRatio", "errorsDiff")) {
        assertThat(fromSummaries.get("stages").findValuesAsText(field))
            .as(field)
            .isEqualTo(fromIndex.get("stages").findValuesAsText(field));
      }
      JsonNode stepsA = fromIndex.get("steps");
      JsonNode stepsB = fromSummaries.get("steps");
      assertThat(stepsB.size()).isEqualTo(stepsA.size());
      for (int k = 0; k < stepsA.size(); k++) {
        for (String run : List.of("a", "b")) {
          JsonNode x = stepsA.get(k).get(run);
          JsonNode y = stepsB.get(k).get(run);
          assertThat(y.isNull()).isEqualTo(x.isNull());
          if (x.isNull()) {
            continue;
          }
          for (String field :
              List.of(
                  "samples",
                  "errorSamples",
                  "timeoutSamples",
                  "errorRate",
                  "timeoutRate",
                  "metricCount")) {
            assertThat(y.get(field))
                .as("step %s run %s %s", stepsA.get(k).get("step"), run, field)
                .isEqualTo(x.get(field));
          }
          assertThat(y.get("metricMean").asDouble())
              .isCloseTo(x.get("metricMean").asDouble(), org.assertj.core.data.Offset.offset(1e-9));
        }
      }
      assertThat(fromSummaries.get("errorTypes")).isEqualTo(fromIndex.get("errorTypes"));
      assertThat(fromSummaries.get("llm")).isEqualTo(fromIndex.get("llm"));
      // What summaries do not keep: which sample's span was the slowest.
      assertThat(fromSummaries.get("stages").get(0).get("slowestA").isNull()).isTrue();
      assertThat(fromIndex.get("stages").get(0).get("slowestA").get("sample").asText())
          .startsWith("s");
    }
  }

  private record Ran(int status, String out, String err) {}

  private static Ran main(String... args) throws InterruptedException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int status =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Ran(
        status, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void theCommandLinePrintsTheSameStageTableAndCanFailABuild() throws Exception {
    Path file = twoRunsInOneFile();
    Ran table = main("--compare", "run-a", "run-b", "--trace-jsonl", file.toString());
    assertThat(table.status()).as(table.err()).isZero();
    List<String> lines = table.out().lines().toList();
    assertThat(lines.get(0)).startsWith("A: run-a · run run-a · 4 steps (1–4) · 16 samples");
    assertThat(lines.get(2)).startsWith("stages over the 3 steps both runs have (2–4)");
    assertThat(lines.get(4)).matches("stage +change +p50 A +p50 B +p50 ratio .*");
    assertThat(lines.get(5))
        .matches("judge +slower +1\\d\\d\\.\\d ms +3\\d\\d\\.\\d ms +(2\\.9\\d|3\\.0\\d)x .*");
    assertThat(table.out())
        .contains("OutOfMemoryError 0 -> 3 (only in B)", "LLM calls (A -> B): 12 -> 12");

    JsonNode json =
        OtlpFixture.JSON.readTree(
            main("--compare", "run-a", "run-b", "--trace-jsonl", file.toString(), "--json").out());
    assertThat(json.get("stages").get(0).get("stage").asText()).isEqualTo("judge");

    Ran failed =
        main(
            "--compare", "run-a", "run-b", "--trace-jsonl", file.toString(), "--fail-above", "1.2");
    assertThat(failed.status()).isEqualTo(3);
    assertThat(failed.err()).contains("more than 1.2x slower in run-b: judge 3.0");
    assertThat(
            main(
                    "--compare",
                    "run-a",
                    "run-b",
                    "--trace-jsonl",
                    file.toString(),
                    "--fail-above",
                    "4")
                .status())
        .isZero();
  }

  @Test
  void runsAreNamedByFileRunFolderPathAndIdOrId() throws Exception {
    Path a = dir.resolve("a/run-a/traces/traces.jsonl");
    Path b = dir.resolve("b.jsonl");
    Files.createDirectories(a.getParent());
    writeRun(a, "run-a", 1, 4, 1.0, 1, false, 0.5);
    writeRun(b, "run-b", 2, 5, 3.0, 2, true, 0.3);
    // A run folder and a trace file, each of one run.
    Ran byPath = main("--compare", dir.resolve("a/run-a").toString(), b.toString());
    assertThat(byPath.status()).as(byPath.err()).isZero();
    assertThat(byPath.out().lines().toList().get(5)).startsWith("judge");

    Path both = twoRunsInOneFile();
    Ran ambiguous = main("--compare", both.toString(), b.toString());
    assertThat(ambiguous.status()).isEqualTo(1);
    assertThat(ambiguous.err())
        .contains("holds the runs [run-a, run-b]; name one as " + both + "#RUN_ID");
    Ran byPathAndId = main("--compare", both + "#run-a", b.toString());
    assertThat(byPathAndId.status()).as(byPathAndId.err()).isZero();
    assertThat(byPathAndId.out()).startsWith("A: " + both + "#run-a · run run-a");

    assertThat(main("--compare", "run-a", "run-b").err())
        .contains(
            "RUN_A 'run-a' is no file or folder; to name a run"
                + " by its id, give the file or folder that holds it with --trace-jsonl");
    // Run ids of several --trace-jsonl paths; an output directory of run folders with PATH#RUN_ID.
    Ran twoFiles =
        main(
            "--compare",
            "run-a",
            "run-b",
            "--trace-jsonl",
            dir.resolve("a/run-a").toString(),
            "--trace-jsonl",
            b.toString());
    assertThat(twoFiles.status()).as(twoFiles.err()).isZero();
    assertThat(twoFiles.out().lines().toList().get(5)).startsWith("judge");
    Path outputDir = dir.resolve("out");
    writeRun(outputDir.resolve("run-a/traces/traces.jsonl"), "run-a", 1, 4, 1.0, 1, false, 0.5);
    writeRun(outputDir.resolve("run-b/traces/traces.jsonl"), "run-b", 2, 5, 3.0, 2, true, 0.3);
    Ran outputDirRuns = main("--compare", outputDir + "#run-a", outputDir + "#run-b");
    assertThat(outputDirRuns.status()).as(outputDirRuns.err()).isZero();
    assertThat(outputDirRuns.out().lines().toList().get(5)).startsWith("judge");
    Files.createDirectories(dir.resolve("empty"));
    assertThat(main("--compare", dir.resolve("empty").toString(), b.toString()).err())
        .contains("found no spans in");
    assertThat(main("--compare", "run-a", "run-nope", "--trace-jsonl", both.toString()).err())
        .contains("no run 'run-nope'");
    assertThat(main("--compare", "run-a").err()).contains("--compare");
    assertThat(main("--json", "--trace-jsonl", both.toString()).err())
        .contains("--json needs --compare RUN_A RUN_B");
    assertThat(main("--compare", "a", "b", "--fail-above", "fast").err())
        .contains("--fail-above must be a ratio such as 1.2, not 'fast'");
  }

  @Test
  void helpListsCompare() throws Exception {
    assertThat(main("--help").out())
        .contains("--compare=RUN RUN", "--fail-above=RATIO", "--json", "20% slower");
  }
}
