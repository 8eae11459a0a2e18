package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * Every view of the page at the two widths users have (a 1280 px laptop, a 1920 px monitor) in
 * headless Chromium: no text is drawn over other text (the boxes of all visible text, clipped as
 * drawn, do not overlap), the waterfall's span names can be read whole and its status badges stay
 * clear of the durations, and the run selector names the run. Screenshots go to {@code
 * viewer/target/layout-<view>-<width>.png}.
 */
class PageLayoutTest {
  static final String WF_TRACE = "a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7a7";
  static final String LONG_NAME =
      "rollout.sample.one_span_name_long_enough_to_need_more_than_its_column";

  @TempDir static Path dir;
  static ViewerHarness viewer;
  static ViewerHarness runViewer;
  static HeadlessChromium chromium;

  @BeforeAll
  static void start() throws IOException {
    Path traces = dir.resolve("traces.jsonl");
    SyntheticTraceFile generator = new SyntheticTraceFile(11, SyntheticTraceFile.RUN_ID);
    try (Writer w = Files.newBufferedWriter(traces, StandardCharsets.UTF_8)) {
      generator.write(
          w,
          3L
              * SyntheticTraceFile.GROUPS_PER_STEP
              * SyntheticTraceFile.SAMPLES_PER_GROUP
              * SyntheticTraceFile.SPANS_PER_SAMPLE);
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve("live.jsonl"), StandardCharsets.UTF_8)) {
      generator.writeLive(w, 2, 6);
    }
    // LLM calls at the latest step, two models, one with time to first token.
    OtlpFixture llm =
        new OtlpFixture()
            .service(SyntheticTraceFile.SERVICE)
            .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID);
    for (int k = 0; k < 6; k++) {
      llm.span(
              OtlpFixture.hex(32, 900 + k),
              OtlpFixture.hex(16, 900 + k),
              null,
              "llm_request",
              k * 100,
              k * 100 + 80 + k)
          .attrs(
              "rollout.step",
              2L,
              "gen_ai.request.model",
              k % 2 == 0 ? "qwen3-8b" : "Qwen/Qwen3-32B-Instruct",
              "gen_ai.usage.input_tokens",
              1200L + k,
              "gen_ai.usage.output_tokens",
              300L + k,
              "gen_ai.response.time_to_first_chunk",
              0.05 + k / 100.0)
          .add();
    }
    llm.appendTo(traces, 6);
    // A waterfall that crowds its rows: a failed root across the whole axis, an interrupted child
    // across most of it, a late short child, deep nesting and long names.
    OtlpFixture wf =
        new OtlpFixture()
            .service(SyntheticTraceFile.SERVICE)
            .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID);
    wf.span(WF_TRACE, "a70000000000000a", null, LONG_NAME, 0, 1000)
        .error("SampleTimeout")
        .add()
        .span(
            WF_TRACE, "a70000000000000b", "a70000000000000a", "rollout.controller.generate", 0, 950)
        .attrs("spanweave.status", "interrupted")
        .add()
        .span(WF_TRACE, "a70000000000000c", "a70000000000000a", "judger.run", 900, 1000)
        .error("JudgeError")
        .add();
    String parent = "a70000000000000b";
    for (int depth = 0; depth < 6; depth++) {
      String id = "a7000000000001" + depth + "0";
      wf.span(
              WF_TRACE,
              id,
              parent,
              "nested.level_" + depth + ".worker_generate_with_a_long_suffix",
              10 + depth * 10,
              940 - depth * 10)
          .add();
      parent = id;
    }
    wf.appendTo(traces, 9);
    viewer =
        new ViewerHarness(
            ViewerOptions.builder(traces).port(0).pollInterval(Duration.ofMillis(100)).build());
    viewer.awaitSpans(3 * 128 * 10 + 6 + 9);
    runViewer =
        new ViewerHarness(
            ViewerOptions.builder(traces)
                .port(0)
                .pollInterval(Duration.ofMillis(100))
                .service(SyntheticTraceFile.SERVICE)
                .runId(SyntheticTraceFile.RUN_ID)
                .build());
    runViewer.awaitSpans(3 * 128 * 10 + 6 + 9);
    chromium = new HeadlessChromium(1280, 1000);
  }

  @AfterAll
  static void stop() throws IOException {
    if (chromium != null) {
      chromium.close();
    }
    if (viewer != null) {
      viewer.close();
    }
    if (runViewer != null) {
      runViewer.close();
    }
  }

  private static void open(String query) {
    chromium.open(viewer.viewer.url(), query);
  }

  /** No text over other text in the view as it is; a screenshot of the whole page beside it. */
  private static void assertNoTextOverlaps(String view, int width) {
    List<String> overlaps = chromium.overlappingText();
    Object height = chromium.script("return document.documentElement.scrollHeight;");
    chromium.viewport(width, Math.min(4000, ((Number) height).intValue()));
    chromium.screenshot("layout-" + view + "-" + width + ".png");
    chromium.viewport(width, 1000);
    assertThat(overlaps)
        .as("text drawn over other text in the %s view at %d px", view, width)
        .isEmpty();
    Object pageWider =
        chromium.script("return document.documentElement.scrollWidth > window.innerWidth;");
    assertThat(pageWider)
        .as("the %s view at %d px is wider than the window", view, width)
        .isEqualTo(false);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theRolloutViewWithAnOpenCallChain(int width) {
    chromium.viewport(width, 1000);
    open("?sample=s2-g3-4&sampleRun=" + SyntheticTraceFile.RUN_ID);
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#stage-table tbody tr"), 3));
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#samples-table tbody tr"), 10));
    chromium.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("chain-card")));
    chromium.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("llm-card")));
    chromium
        .waiting()
        .until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#stuck-table")));
    assertThat(chromium.driver.findElements(By.cssSelector("#llm-models tbody tr"))).hasSize(2);
    assertNoTextOverlaps("rollout", width);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theRolloutViewOfAllSteps(int width) {
    chromium.viewport(width, 1000);
    open("?step=all");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#samples-table tbody tr"), 10));
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#llm-steps tbody tr"), 0));
    assertNoTextOverlaps("rollout-all", width);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theTraceExplorerWithAnInspectedSpan(int width) {
    chromium.viewport(width, 1000);
    open("?view=traces&trace=" + WF_TRACE + "&span=a70000000000000c");
    chromium
        .waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("inspector"), "JudgeError"));
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#traces-table tbody tr"), 10));
    // A root name cut short in the list has its whole name in the tooltip.
    for (WebElement cell :
        chromium.driver.findElements(By.cssSelector("#traces-table tbody td.mono:nth-child(2)"))) {
      assertThat(cell.getAttribute("title")).isEqualTo(cell.getAttribute("textContent"));
    }
    assertNoTextOverlaps("traces", width);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theRunList(int width) {
    chromium.viewport(width, 1000);
    open("?view=runs");
    chromium
        .waiting()
        .until(d -> !d.findElements(By.cssSelector("#runs-table tbody tr[data-run]")).isEmpty());
    assertNoTextOverlaps("runs", width);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theWaterfallShowsWholeNamesAndKeepsBadgesClearOfDurations(int width) {
    chromium.viewport(width, 1000);
    open("?view=waterfall&wf=trace&trace=" + WF_TRACE);
    chromium.waiting().until(d -> d.findElements(By.cssSelector("#waterfall .wf-row")).size() == 9);
    List<WebElement> rows = chromium.driver.findElements(By.cssSelector("#waterfall .wf-row"));
    for (WebElement row : rows) {
      WebElement name = row.findElement(By.cssSelector(".wf-name"));
      WebElement label = row.findElement(By.cssSelector(".label"));
      String full = label.getAttribute("textContent");
      // The whole name is drawn (wrapped if need be, not cut) and its tooltip names it too.
      Object clipped =
          chromium.script(
              "const l = arguments[0], n = arguments[1];"
                  + "const r = document.createRange(); r.selectNodeContents(l);"
                  + "const box = n.getBoundingClientRect();"
                  + "return [...r.getClientRects()].some(t => t.right > box.right + 0.5 || t.left < box.left - 0.5"
                  + " || t.bottom > box.bottom + 0.5 || t.top < box.top - 0.5)"
                  + " || l.scrollWidth > l.clientWidth + 1;",
              label,
              name);
      assertThat(clipped).as("name '%s' cut at %d px", full, width).isEqualTo(false);
      assertThat(name.getAttribute("title")).startsWith(full);
      // A status badge and the duration never share pixels.
      for (WebElement badge : row.findElements(By.cssSelector(".badge"))) {
        WebElement duration = row.findElement(By.cssSelector(".wf-dur"));
        Object apart =
            chromium.script(
                "const a = arguments[0].getBoundingClientRect(), b = arguments[1].getBoundingClientRect();"
                    + "return a.right <= b.left || b.right <= a.left || a.bottom <= b.top || b.bottom <= a.top;",
                badge,
                duration);
        assertThat(apart)
            .as("badge '%s' over the duration of '%s' at %d px", badge.getText(), full, width)
            .isEqualTo(true);
      }
    }
    assertThat(rows.get(0).getText()).contains("error");
    assertThat(rows.get(0).findElement(By.cssSelector(".label")).getAttribute("textContent"))
        .isEqualTo(LONG_NAME);
    assertThat(rows.get(1).getText()).contains("interrupted");
    assertNoTextOverlaps("waterfall", width);

    // The check sees what issue 29 saw: a failed root's duration drawn before its bar, which
    // starts at the axis' zero, lands on the name column's "error" badge.
    chromium.script(
        "const d = document.querySelector('#waterfall .wf-row .wf-dur');"
            + "d.classList.remove('inside'); d.style.right = 'calc(100% + 4px)';");
    assertThat(chromium.overlappingText())
        .anyMatch(pair -> pair.contains("error") && pair.contains("1.00 s"));
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theRunSelectorNamesTheRun(int width) {
    chromium.viewport(width, 1000);
    // Started without --run-id on a file of one run: the run's id, not "default".
    open("");
    Select select = new Select(chromium.driver.findElement(By.id("run-select")));
    assertThat(select.getFirstSelectedOption().getText()).startsWith(SyntheticTraceFile.RUN_ID);
    assertThat(select.getOptions())
        .extracting(WebElement::getText)
        .noneMatch(t -> t.contains("default"));
    // Started for a run (as the runtime starts it): that run's id and service.
    chromium.open(runViewer.viewer.url(), "");
    select = new Select(chromium.driver.findElement(By.id("run-select")));
    assertThat(select.getFirstSelectedOption().getText())
        .isEqualTo(SyntheticTraceFile.RUN_ID + " · " + SyntheticTraceFile.SERVICE);
    assertThat(select.getOptions())
        .extracting(WebElement::getText)
        .containsExactly(
            SyntheticTraceFile.RUN_ID + " · " + SyntheticTraceFile.SERVICE, "all runs");
    assertNoTextOverlaps("run-selector", width);
  }
}
