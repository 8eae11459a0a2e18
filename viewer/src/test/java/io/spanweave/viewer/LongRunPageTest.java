package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticRun;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.zip.Deflater;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.Select;

/**
 * The page over a run bigger than the viewer's memory, in headless Chromium: the header says how
 * much is in memory and which part could not be read; the timeline covers every step; an old step
 * picked in the selector shows all its samples, loaded on demand.
 */
class LongRunPageTest {
  private static final int SAMPLES_PER_STEP = 64;

  @TempDir static Path dir;
  static ViewerHarness viewer;
  static HeadlessChromium chromium;
  static WebDriver driver;
  static int steps;

  @BeforeAll
  static void start() throws Exception {
    Path run = dir.resolve("run");
    SyntheticRun.Summary written =
        new SyntheticRun(
                20_000,
                SAMPLES_PER_STEP,
                32,
                512 << 10,
                100 << 10,
                64 << 10,
                Deflater.DEFAULT_COMPRESSION,
                21)
            .write(run);
    steps = written.steps();
    Path damaged = run.resolve("traces").resolve("traces-000002.jsonl.gz");
    byte[] bytes = Files.readAllBytes(damaged);
    Files.write(damaged, Arrays.copyOf(bytes, bytes.length / 2));
    viewer =
        new ViewerHarness(
            ViewerOptions.builder(run)
                .port(0)
                .pollInterval(Duration.ofMillis(100))
                .maxSpansInMemory(2_000)
                .segmentBytes(64 << 10)
                .build());
    viewer.awaitStatus(
        s ->
            s.path("reading").path("partsDone").asInt() > 0
                && s.path("reading").path("partsDone").asInt()
                    == s.path("reading").path("partsTotal").asInt());
    chromium = new HeadlessChromium(1440, 1200);
    driver = chromium.driver;
  }

  @AfterAll
  static void stop() throws Exception {
    if (chromium != null) {
      chromium.close();
    }
    if (viewer != null) {
      viewer.close();
    }
  }

  @Test
  void theHeaderTheTimelineAndAnOldStepOfARunBiggerThanMemory() {
    chromium.open(viewer.viewer.url(), "");
    WebElement status = driver.findElement(By.id("file-status"));
    var inMemory = viewer.get("/api/status").get("reading").get("stepsInMemory");
    assertThat(inMemory.get(1).asInt()).isEqualTo(steps - 1);
    assertThat(inMemory.get(0).asInt())
        .as("the newest steps, not the damaged part read last")
        .isGreaterThan(2);
    assertThat(status.getText())
        .contains("in memory (steps " + inMemory.get(0).asInt() + "–" + (steps - 1) + ")")
        .contains("1 part not read in full");
    assertThat(driver.findElement(By.id("skipped-parts")).getAttribute("title"))
        .startsWith("traces-000002.jsonl.gz: traces-000002.jsonl.gz is damaged");
    chromium
        .waiting()
        .until(d -> d.findElements(By.cssSelector("#timeline .step-bar")).size() == steps);

    // Step 0 lies in the first part, read in full, far from the newest spans held in memory.
    new Select(driver.findElement(By.id("step-select"))).selectByValue("0");
    chromium
        .waiting()
        .until(
            d ->
                d.findElement(By.id("samples-count"))
                    .getText()
                    .equals(SAMPLES_PER_STEP + " samples in step 0"));
    chromium
        .waiting()
        .until(d -> !d.findElements(By.cssSelector("#samples-table tbody tr")).isEmpty());
    assertThat(driver.findElement(By.cssSelector("#samples-table tbody tr")).getText())
        .contains("s0-g");
    chromium.screenshot("viewer-long-run.png");
  }
}
