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
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * The page in a real headless Chromium ({@link HeadlessChromium}): pick a step, open a sample's
 * call chain, expand a lazily loaded span, inspect it, follow a deep link, and prove span data
 * cannot inject script.
 */
class PageTest {
  static final String EVIL =
      "<img src=x onerror=\"window.__xss=1\">evil.span</script><script>window.__xss=2</script>";
  static final String EVIL_TRACE = "eeeeeeeeeeeeeeeeeeeeeeeeeeeeeee1";
  static final String OTHER_RUN = "run-other";
  static final String WF_TRACE = "f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1f1";

  @TempDir static Path dir;
  static ViewerHarness viewer;
  static HeadlessChromium chromium;
  static WebDriver driver;

  @BeforeAll
  static void start() throws IOException {
    Path traces = dir.resolve("traces.jsonl");
    SyntheticTraceFile generator = new SyntheticTraceFile(7, SyntheticTraceFile.RUN_ID);
    try (Writer w = Files.newBufferedWriter(traces, StandardCharsets.UTF_8)) {
      generator.write(
          w,
          3L
              * SyntheticTraceFile.GROUPS_PER_STEP
              * SyntheticTraceFile.SAMPLES_PER_GROUP
              * SyntheticTraceFile.SPANS_PER_SAMPLE);
    }
    // A second run in the same file that reuses the sample ids of step 0.
    try (Writer w =
        Files.newBufferedWriter(
            traces, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND)) {
      new SyntheticTraceFile(8, OTHER_RUN)
          .write(
              w,
              (long) SyntheticTraceFile.GROUPS_PER_STEP
                  * SyntheticTraceFile.SAMPLES_PER_GROUP
                  * SyntheticTraceFile.SPANS_PER_SAMPLE);
    }
    try (Writer w = Files.newBufferedWriter(dir.resolve("live.jsonl"), StandardCharsets.UTF_8)) {
      generator.writeLive(w, 2, 6);
    }
    new OtlpFixture()
        .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID)
        .span(EVIL_TRACE, "eeeeeeeeeeeeeee1", null, EVIL, 0, 5)
        .attrs("spanweave.stage", EVIL, "note", EVIL)
        .add()
        .appendTo(traces, 1);
    // A small trace for the waterfall: nesting, an error, and a preview event on a child.
    new OtlpFixture()
        .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID)
        .span(WF_TRACE, "f00000000000000a", null, "wf.root", 0, 400)
        .add()
        .span(WF_TRACE, "f00000000000000b", "f00000000000000a", "wf.generate", 20, 220)
        .event(
            "spanweave.preview",
            "spanweave.preview.name",
            "output",
            "spanweave.preview.text",
            "the answer is 42")
        .add()
        .span(WF_TRACE, "f00000000000000c", "f00000000000000b", "wf.tool", 60, 120)
        .error("ToolCallError")
        .add()
        .span(WF_TRACE, "f00000000000000d", "f00000000000000a", "wf.judge", 240, 390)
        .attrs("reward", 1.0)
        .add()
        .appendTo(traces, 4);
    // A span without a trace id: skipped, and the header says so.
    new OtlpFixture()
        .span("", "eeeeeeeeeeeeeee2", null, "no.trace.id", 0, 5)
        .add()
        .appendTo(traces, 1);
    viewer =
        new ViewerHarness(
            ViewerOptions.builder(traces)
                .port(0)
                .pollInterval(Duration.ofMillis(100))
                .jaegerUrl(java.net.URI.create("http://127.0.0.1:16686"))
                .build());
    viewer.awaitSpans(4 * 128 * 10 + 1);

    chromium = new HeadlessChromium(1440, 1500);
    driver = chromium.driver;
  }

  @AfterAll
  static void stop() throws IOException {
    if (chromium != null) {
      chromium.close();
    }
    if (viewer != null) {
      viewer.close();
    }
  }

  /** Waits that look again when the page re-rendered an element between two looks. */
  private static WebDriverWait waiting() {
    return chromium.waiting();
  }

  private static String node(String spanId) {
    return "#span-tree .span-node[data-span='" + spanId + "']";
  }

  private static void open(String query) {
    chromium.open(viewer.viewer.url(), query);
  }

  private static void screenshot(String name) throws IOException {
    chromium.screenshot(name);
  }

  @Test
  void pickAStepOpenACallChainExpandALazyChildAndInspectIt() throws IOException {
    open("");
    assertThat(driver.findElement(By.id("file-status")).getText())
        .contains("1 spans skipped (invalid ids)");
    // Stages, stuck samples and the timeline render for the latest step.
    waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#stage-table tbody tr"), 3));
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.cssSelector("#stuck-table")));
    assertThat(driver.findElement(By.id("stuck")).getText()).contains("generate");
    assertThat(driver.findElements(By.cssSelector("#timeline-svg .step-bar"))).hasSize(3);

    // Pick step 1.
    new Select(driver.findElement(By.id("step-select"))).selectByValue("1");
    waiting().until(d -> d.findElement(By.id("samples-count")).getText().contains("in step 1"));
    List<WebElement> rows = driver.findElements(By.cssSelector("#samples-table tbody tr"));
    assertThat(rows).hasSize(100);
    assertThat(rows.get(0).getText()).contains("s1-");
    assertThat(driver.getCurrentUrl()).contains("step=1");
    // The downloads follow the table's step; the CSV behind the link has every sample of it.
    String csvLink = driver.findElement(By.id("samples-csv")).getAttribute("href");
    assertThat(csvLink).contains("/api/samples.csv?", "step=1");
    assertThat(driver.findElement(By.id("samples-jsonl")).getAttribute("href"))
        .contains("/api/samples.jsonl?", "step=1");
    String csv = viewer.call(csvLink.substring(csvLink.indexOf("/api/"))).body();
    assertThat(csv.lines().count()).isEqualTo(1 + 128);
    assertThat(csv.lines().findFirst().orElseThrow()).startsWith("run,step,sample,status");

    // Sort by the judge stage, then open a sample's call chain.
    driver.findElement(By.cssSelector("#samples-table th[data-sort='stage:judge']")).click();
    waiting()
        .until(
            ExpectedConditions.attributeContains(
                By.cssSelector("#samples-table th[data-sort='stage:judge']"), "class", "sorted"));
    WebElement first = driver.findElement(By.cssSelector("#samples-table tbody tr"));
    String sampleId = first.getAttribute("data-sample");
    first.click();
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("chain-card")));
    waiting()
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("chain-title"), sampleId));
    List<WebElement> chain = driver.findElements(By.cssSelector("#chain .chain-node"));
    assertThat(chain)
        .extracting(e -> e.getAttribute("data-name"))
        .contains(
            "single_turn_agent_loop.run",
            "rollout.controller.generate",
            "rollout.worker.generate",
            "judger.run");
    assertThat(driver.findElements(By.cssSelector("#chain .chain-node .badge")).get(0).getText())
        .isIn("ok", "error");
    ((JavascriptExecutor) driver)
        .executeScript(
            "arguments[0].scrollIntoView({block: 'end'})", driver.findElement(By.id("chain-card")));
    screenshot("viewer-rollout.png");

    // Follow the chain into the trace explorer and expand a span whose children load lazily.
    driver
        .findElement(
            By.cssSelector(
                "#chain .chain-node[data-name='single_turn_agent_loop.run'] button.ghost"))
        .click();
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("view-traces")));
    waiting()
        .until(
            ExpectedConditions.presenceOfElementLocated(By.cssSelector("#span-tree .span-node")));
    String rootId =
        driver
            .findElement(By.cssSelector("#span-tree > .span-item > .span-node"))
            .getAttribute("data-span");
    assertThat(driver.findElements(By.cssSelector("#span-tree .children .span-node"))).isEmpty();
    driver.findElement(By.cssSelector(node(rootId) + " .toggle")).click();
    waiting()
        .until(
            d ->
                d.findElements(By.cssSelector(node(rootId) + " + .children > .span-item")).size()
                    == 4);
    String controllerId =
        driver
            .findElements(By.cssSelector(node(rootId) + " + .children > .span-item > .span-node"))
            .stream()
            .filter(e -> e.getText().contains("rollout.controller.generate"))
            .findFirst()
            .orElseThrow()
            .getAttribute("data-span");
    driver.findElement(By.cssSelector(node(controllerId) + " .toggle")).click();
    waiting()
        .until(
            d ->
                d.findElements(By.cssSelector(node(controllerId) + " + .children .span-node"))
                        .size()
                    == 1);
    WebElement worker =
        driver.findElement(By.cssSelector(node(controllerId) + " + .children .span-node"));
    assertThat(worker.getText()).contains("rollout.worker.generate");
    worker.findElement(By.cssSelector(".name")).click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("inspector"), "rollout.span_name_path"));
    String inspector = driver.findElement(By.id("inspector")).getText();
    assertThat(inspector)
        .contains("rollout.worker.generate", "spanweave.metric.num_tokens", "service.name");
    assertThat(driver.findElements(By.cssSelector("#inspector button.copy")).size())
        .isGreaterThanOrEqualTo(3);
    assertThat(driver.findElement(By.cssSelector("#trace-links a")).getAttribute("href"))
        .startsWith("http://127.0.0.1:16686/trace/");
    assertThat(driver.getCurrentUrl()).contains("view=traces", "trace=", "span=");
    screenshot("viewer-traces.png");
  }

  @Test
  void deepLinkOpensTheTraceExpandsToTheSpanAndInspectsIt() {
    var trace = viewer.get("/api/traces?q=s2-g3-4").get("traces").get(0);
    String traceId = trace.get("traceId").asText();
    var roots = viewer.get("/api/trace?id=" + traceId).get("roots");
    String rootSpan = roots.get(0).get("spanId").asText();
    var children =
        viewer.get("/api/children?trace=" + traceId + "&parent=" + rootSpan).get("children");
    String judger = null;
    for (var c : children) {
      if (c.get("name").asText().equals("judger.run")) {
        judger = c.get("spanId").asText();
      }
    }
    String reward =
        viewer
            .get("/api/children?trace=" + traceId + "&parent=" + judger)
            .get("children")
            .get(0)
            .get("spanId")
            .asText();
    open("?view=traces&trace=" + traceId + "&span=" + reward);
    waiting().until(ExpectedConditions.textToBePresentInElementLocated(By.id("inspector"), reward));
    WebElement selected =
        waiting()
            .until(
                ExpectedConditions.presenceOfElementLocated(
                    By.cssSelector("#span-tree .span-node.selected")));
    assertThat(selected.getAttribute("data-span")).isEqualTo(reward);
    assertThat(selected.isDisplayed()).isTrue();
  }

  @Test
  void searchFiltersTracesAndSpanDataNeverRunsAsScript() {
    open("?view=traces");
    WebElement q = driver.findElement(By.id("trace-q"));
    q.clear();
    q.sendKeys("evil.span");
    driver.findElement(By.id("trace-search")).click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("traces-count"), "1 traces"));
    driver.findElement(By.cssSelector("#traces-table tbody tr")).click();
    waiting()
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("inspector"), "evil.span"));
    // The markup shows as text, creates no element and runs nothing.
    assertThat(driver.findElement(By.id("span-tree")).getText()).contains("<img src=x onerror=");
    assertThat(driver.findElement(By.id("inspector")).getText())
        .contains("<script>window.__xss=2</script>");
    assertThat(driver.findElements(By.cssSelector("main img, main script"))).isEmpty();
    Object xss =
        ((JavascriptExecutor) driver)
            .executeScript("return window.__xss === undefined ? null : window.__xss;");
    assertThat(xss).isNull();
    // Nine terms are refused with the API's message.
    q.clear();
    q.sendKeys("a b c d e f g h i");
    driver.findElement(By.id("trace-search")).click();
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("error-banner")));
    assertThat(driver.findElement(By.id("error-banner")).getText())
        .contains("at most 8 search terms");
  }

  @Test
  void samplesOfTwoRunsThatShareAnIdOpenTheirOwnCallChain() {
    open("?run=*&step=0&sort=id");
    String row = "#samples-table tbody tr[data-sample='s0-g0-0'][data-run='%s']";
    waiting()
        .until(
            ExpectedConditions.presenceOfElementLocated(
                By.cssSelector(String.format(row, OTHER_RUN))));
    assertThat(
            driver.findElements(By.cssSelector("#samples-table tbody tr[data-sample='s0-g0-0']")))
        .hasSize(2);
    assertThat(driver.findElement(By.cssSelector("#samples-table thead")).getText())
        .contains("RUN");

    driver.findElement(By.cssSelector(String.format(row, OTHER_RUN))).click();
    waiting()
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("chain-title"), OTHER_RUN));
    assertThat(driver.getCurrentUrl()).contains("sample=s0-g0-0", "sampleRun=" + OTHER_RUN);
    assertThat(
            driver.findElement(By.cssSelector(String.format(row, OTHER_RUN))).getAttribute("class"))
        .contains("selected");
    assertThat(
            driver
                .findElement(By.cssSelector(String.format(row, SyntheticTraceFile.RUN_ID)))
                .getAttribute("class"))
        .doesNotContain("selected");
    String otherMeta = driver.findElement(By.id("chain-meta")).getText();

    WebElement ownRow =
        driver.findElement(By.cssSelector(String.format(row, SyntheticTraceFile.RUN_ID)));
    // Opening the chain scrolled the page; bring the row out from under the sticky header.
    ((JavascriptExecutor) driver)
        .executeScript("arguments[0].scrollIntoView({block: 'center'})", ownRow);
    ownRow.click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("chain-title"), SyntheticTraceFile.RUN_ID));
    waiting().until(d -> !d.findElement(By.id("chain-meta")).getText().equals(otherMeta));

    // A deep link names the run, so it opens the same sample again.
    open("?run=*&step=0&sample=s0-g0-0&sampleRun=" + OTHER_RUN);
    waiting()
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("chain-title"), OTHER_RUN));
    assertThat(driver.findElement(By.id("chain-meta")).getText()).isEqualTo(otherMeta);
  }

  @Test
  void wideTablesScrollInsideTheirCardsAt1400Pixels() {
    org.openqa.selenium.Dimension before = driver.manage().window().getSize();
    driver.manage().window().setSize(new org.openqa.selenium.Dimension(1400, 1200));
    try {
      // All steps: every stage, including one whose name is a long string of markup.
      open("?step=all&run=*");
      waiting()
          .until(
              ExpectedConditions.numberOfElementsToBeMoreThan(
                  By.cssSelector("#stage-table tbody tr"), 5));
      waiting()
          .until(
              ExpectedConditions.numberOfElementsToBeMoreThan(
                  By.cssSelector("#samples-table tbody tr"), 5));
      // A table wider than its container must sit in one that scrolls; nothing runs past the
      // window.
      Object clipped =
          ((JavascriptExecutor) driver)
              .executeScript(
                  "const bad = [];"
                      + "for (const t of document.querySelectorAll('main table.data')) {"
                      + "  const box = t.parentElement;"
                      + "  const overflow = getComputedStyle(box).overflowX;"
                      + "  if (t.scrollWidth > box.clientWidth + 1 && overflow !== 'auto' && overflow !== 'scroll') bad.push(t.id || box.id);"
                      + "  const card = t.closest('.card');"
                      + "  if (box.getBoundingClientRect().right > card.getBoundingClientRect().right + 1) bad.push((t.id || '?') + ' past its card');"
                      + "}"
                      + "if (document.documentElement.scrollWidth > window.innerWidth) bad.push('page wider than the window');"
                      + "return bad.join(', ');");
      assertThat(clipped).isEqualTo("");
      // The stage chart shortens a long stage name instead of cutting it off at its edge.
      Object labelsInside =
          ((JavascriptExecutor) driver)
              .executeScript(
                  "const svg = document.getElementById('stage-svg').getBoundingClientRect();"
                      + "return [...document.querySelectorAll('#stage-svg text.label')].every(l => l.getBoundingClientRect().left >= svg.left - 1);");
      assertThat(labelsInside).isEqualTo(true);
    } finally {
      driver.manage().window().setSize(before);
    }
  }

  @Test
  void theRunListOpensARunsOwnRolloutView() {
    open("?view=runs");
    waiting()
        .until(d -> d.findElements(By.cssSelector("#runs-table tbody tr[data-run]")).size() == 2);
    WebElement other =
        driver.findElement(By.cssSelector("#runs-table tbody tr[data-run='" + OTHER_RUN + "']"));
    assertThat(other.getText()).contains(OTHER_RUN, "128");
    other.click();
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("view-rollout")));
    waiting()
        .until(
            d -> d.findElement(By.id("samples-count")).getText().equals("128 samples in step 0"));
    assertThat(driver.getCurrentUrl()).contains("run=" + OTHER_RUN);
    assertThat(
            new Select(driver.findElement(By.id("run-select")))
                .getFirstSelectedOption()
                .getAttribute("value"))
        .isEqualTo(OTHER_RUN);
    assertThat(driver.findElements(By.cssSelector("#samples-table tbody tr")))
        .allMatch(r -> OTHER_RUN.equals(r.getAttribute("data-run")));
  }

  @Test
  void aFailedSamplesStatusNamesItsErrorTypeOnHover() {
    open("?step=all&run=" + SyntheticTraceFile.RUN_ID);
    new Select(driver.findElement(By.id("sample-status"))).selectByValue("error");
    waiting()
        .until(
            d -> {
              List<WebElement> rows =
                  d.findElements(By.cssSelector("#samples-table tbody tr[data-sample]"));
              return !rows.isEmpty() && rows.stream().allMatch(r -> r.getText().contains("error"));
            });
    WebElement status =
        driver.findElement(By.cssSelector("#samples-table tbody tr[data-sample] td[title]"));
    assertThat(status.getAttribute("title"))
        .matches("(ToolCallError|TimeoutError|ConnectionResetError).*");
  }

  private static void screenshotQuietly(String name) {
    try {
      screenshot(name);
    } catch (IOException e) {
      throw new java.io.UncheckedIOException(e);
    }
  }

  @Test
  void aDeepLinkOpensATracesWaterfallWithEverySpanOnTheTimeAxis() {
    var api = viewer.get("/api/waterfall?trace=" + WF_TRACE);
    open("?view=waterfall&wf=trace&trace=" + WF_TRACE);
    waiting()
        .until(
            d ->
                d.findElements(By.cssSelector("#waterfall .wf-row")).size()
                    == api.get("total").asInt());
    List<WebElement> rows = driver.findElements(By.cssSelector("#waterfall .wf-row"));
    assertThat(rows)
        .extracting(r -> r.findElement(By.cssSelector(".label")).getText())
        .containsExactly("wf.root", "wf.generate", "wf.tool", "wf.judge");
    for (int k = 0; k < rows.size(); k++) {
      var span = api.get("spans").get(k);
      WebElement row = rows.get(k);
      assertThat(row.getAttribute("data-span")).isEqualTo(span.get("spanId").asText());
      assertThat(row.getAttribute("data-depth")).isEqualTo(span.get("depth").asText());
      // The bar starts and ends where the span does on the axis (the lane spans the trace's 400
      // ms).
      WebElement lane = row.findElement(By.cssSelector(".lane"));
      WebElement bar = row.findElement(By.cssSelector(".wf-bar"));
      double laneWidth = lane.getRect().getWidth();
      double expectedLeft = laneWidth * span.get("offsetMs").asDouble() / 400.0;
      double expectedWidth = laneWidth * span.get("durationMs").asDouble() / 400.0;
      assertThat((double) (bar.getRect().getX() - lane.getRect().getX()))
          .isCloseTo(expectedLeft, org.assertj.core.data.Offset.offset(1.5));
      assertThat((double) bar.getRect().getWidth())
          .isCloseTo(expectedWidth, org.assertj.core.data.Offset.offset(1.5));
    }
    // Nesting shows as indentation; the failed span's bar and badge say error.
    assertThat(rows.get(2).findElement(By.cssSelector(".wf-name")).getCssValue("padding-left"))
        .isEqualTo("28px");
    assertThat(rows.get(2).findElement(By.cssSelector(".wf-bar")).getAttribute("class"))
        .contains("error");
    assertThat(rows.get(2).getText()).contains("error", "60.00 ms".replace(".00", ""));
    // The root is inspected first; a click inspects another span, with its preview and events.
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("waterfall-inspector"), "wf.root"));
    rows.get(1).click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("waterfall-inspector"), "the answer is 42"));
    assertThat(driver.findElement(By.id("waterfall-inspector")).getText())
        .contains("PREVIEWS", "output", "wf.generate");
    screenshotQuietly("viewer-waterfall.png");
    assertThat(rows.get(1).getAttribute("class")).contains("selected");
    assertThat(driver.getCurrentUrl()).contains("span=f00000000000000b");
    rows.get(2).click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("waterfall-inspector"), "ToolCallError"));
    // Out to the configured Jaeger.
    assertThat(
            driver
                .findElement(By.cssSelector("#waterfall-links a.jaeger-link"))
                .getAttribute("href"))
        .isEqualTo("http://127.0.0.1:16686/trace/" + WF_TRACE);
    // Collapsing a span hides its descendants, and only them.
    rows.get(1).findElement(By.cssSelector(".toggle")).click();
    assertThat(rows.get(2).isDisplayed()).isFalse();
    assertThat(rows.get(3).isDisplayed()).isTrue();
    rows.get(1).findElement(By.cssSelector(".toggle")).click();
    assertThat(rows.get(2).isDisplayed()).isTrue();
  }

  @Test
  void aSamplesCallChainOpensItsWaterfallAndTheSpanTreeLinksToATracesWaterfall() {
    var api = viewer.get("/api/waterfall?sample=s0-g0-0&run=" + OTHER_RUN);
    open("?run=*&step=0&sample=s0-g0-0&sampleRun=" + OTHER_RUN);
    waiting()
        .until(ExpectedConditions.textToBePresentInElementLocated(By.id("chain-title"), OTHER_RUN));
    driver.findElement(By.id("chain-waterfall")).click();
    waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("view-waterfall")));
    waiting()
        .until(
            d ->
                d.findElements(By.cssSelector("#waterfall .wf-row")).size()
                    == api.get("total").asInt());
    screenshotQuietly("viewer-waterfall-sample.png");
    assertThat(driver.findElement(By.id("waterfall-title")).getText())
        .contains("s0-g0-0", OTHER_RUN);
    assertThat(driver.findElements(By.cssSelector("#waterfall .wf-row")))
        .extracting(r -> r.getAttribute("data-span"))
        .containsExactlyElementsOf(api.get("spans").findValuesAsText("spanId"));
    assertThat(driver.getCurrentUrl())
        .contains("view=waterfall", "wf=sample", "sample=s0-g0-0", "sampleRun=" + OTHER_RUN);
    // The same URL opens the same waterfall.
    open(driver.getCurrentUrl().substring(driver.getCurrentUrl().indexOf('?')));
    waiting()
        .until(
            d ->
                d.findElements(By.cssSelector("#waterfall .wf-row")).size()
                    == api.get("total").asInt());

    // From the span tree of a trace, its waterfall.
    open("?view=traces&trace=" + WF_TRACE);
    waiting().until(ExpectedConditions.presenceOfElementLocated(By.id("trace-waterfall")));
    driver.findElement(By.id("trace-waterfall")).click();
    waiting().until(d -> d.findElements(By.cssSelector("#waterfall .wf-row")).size() == 4);
    assertThat(driver.getCurrentUrl()).contains("view=waterfall", "wf=trace", "trace=" + WF_TRACE);
  }

  @Test
  void theTraceListTakesATimeWindowThatTheUrlKeeps() {
    open("?view=traces&run=*");
    waiting().until(d -> !d.findElement(By.id("traces-count")).getText().isEmpty());
    // The fixture's hand-made traces ran at 2023-11-14T22:13:20Z; the generated ones in 2026.
    ((JavascriptExecutor) driver)
        .executeScript(
            "document.getElementById('trace-from').value = localFromIso('2023-11-14T22:00:00Z');"
                + "document.getElementById('trace-to').value = localFromIso('2023-11-14T23:00:00Z');");
    driver.findElement(By.id("trace-search")).click();
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("traces-count"), "2 traces"));
    assertThat(driver.findElements(By.cssSelector("#traces-table tbody tr")))
        .extracting(r -> r.getAttribute("data-trace"))
        .containsExactlyInAnyOrder(WF_TRACE, EVIL_TRACE);
    assertThat(driver.getCurrentUrl())
        .contains("from=2023-11-14T22%3A00%3A00.000Z", "to=2023-11-14T23%3A00%3A00.000Z");
    // Reloading the URL keeps the window, in the inputs and in the list.
    open(driver.getCurrentUrl().substring(driver.getCurrentUrl().indexOf('?')));
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(By.id("traces-count"), "2 traces"));
    assertThat(
            ((JavascriptExecutor) driver)
                .executeScript("return isoFromLocal(document.getElementById('trace-from').value)"))
        .isEqualTo("2023-11-14T22:00:00.000Z");
  }

  @Test
  void aStuckSamplesWaterfallShowsItsSpanInFlight() {
    open("?view=waterfall&wf=sample&sample=s2-live-0");
    waiting().until(d -> d.findElements(By.cssSelector("#waterfall .wf-row")).size() == 1);
    WebElement row = driver.findElement(By.cssSelector("#waterfall .wf-row"));
    assertThat(row.getAttribute("data-status")).isEqualTo("running");
    assertThat(row.findElement(By.cssSelector(".wf-bar")).getAttribute("class"))
        .contains("running");
    assertThat(row.getText()).contains("rollout.worker.generate", "running");
    // Its details are not in the trace file yet; the inspector says what live.jsonl knows.
    waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("waterfall-inspector"), "In flight"));
    assertThat(driver.findElement(By.id("waterfall-inspector")).getText())
        .contains("running for", "generate");
  }

  @Test
  void anOpenWaterfallTakesNewSpansAndKeepsWhatTheUserFolded() {
    String trace = "f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2f2";
    long day = 86_400_000L; // away from the other fixture traces, so no time window sees it
    Path traces = dir.resolve("traces.jsonl");
    new OtlpFixture()
        .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID)
        .span(trace, "f20000000000000a", null, "grow.root", 10 * day, 10 * day + 100)
        .add()
        .span(
            trace,
            "f20000000000000b",
            "f20000000000000a",
            "grow.first",
            10 * day + 10,
            10 * day + 20)
        .add()
        .appendTo(traces, 2);
    viewer.awaitStatus(st -> viewer.call("/api/waterfall?trace=" + trace).status() == 200);
    open("?view=waterfall&wf=trace&trace=" + trace);
    waiting().until(d -> d.findElements(By.cssSelector("#waterfall .wf-row")).size() == 2);
    driver
        .findElement(By.cssSelector("#waterfall .wf-row[data-span='f20000000000000a'] .toggle"))
        .click();
    new OtlpFixture()
        .runId("spanweave.run.id", SyntheticTraceFile.RUN_ID)
        .span(
            trace,
            "f20000000000000c",
            "f20000000000000a",
            "grow.second",
            10 * day + 30,
            10 * day + 90)
        .add()
        .appendTo(traces, 1);
    waiting().until(d -> d.findElements(By.cssSelector("#waterfall .wf-row")).size() == 3);
    List<WebElement> rows = driver.findElements(By.cssSelector("#waterfall .wf-row"));
    assertThat(rows)
        .extracting(r -> r.getAttribute("data-span"))
        .containsExactly("f20000000000000a", "f20000000000000b", "f20000000000000c");
    // Still folded: the root's children, old and new, stay hidden.
    assertThat(rows.get(1).isDisplayed()).isFalse();
    assertThat(rows.get(2).isDisplayed()).isFalse();
    assertThat(driver.findElement(By.id("waterfall-meta")).getText()).contains("3 spans");
  }
}
