package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openqa.selenium.By;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.support.ui.ExpectedConditions;
import org.openqa.selenium.support.ui.Select;

/**
 * The Compare view in headless Chromium over {@link CompareTest}'s two runs: both runs' curves on
 * one chart, the slowed stage at the top of the stage table with its ratio, deep links into each
 * run's step, samples and waterfall, the comparison as a URL, and no text over other text at 1280
 * and 1920 px.
 */
class ComparePageTest {
  @TempDir static Path dir;
  static ViewerHarness viewer;
  static HeadlessChromium chromium;

  @BeforeAll
  static void start() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    CompareTest.writeRun(file, "run-a", 1, 4, 1.0, 1, false, 0.5);
    CompareTest.writeRun(file, "run-b", 2, 5, 3.0, 2, true, 0.3);
    viewer = new ViewerHarness(file);
    viewer.awaitSpans(2 * 4 * 4 * 4);
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
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void bothCurvesTheStageTableAndDeepLinks(int width) {
    chromium.viewport(width, 1000);
    chromium.open(viewer.viewer.url(), "?view=compare&a=run-a&b=run-b");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#compare-stages tbody tr"), 3));
    // Both runs' reward per step, and their failed samples, on one chart.
    assertThat(chromium.driver.findElements(By.cssSelector("#compare-svg polyline.series-a")))
        .hasSize(1);
    assertThat(chromium.driver.findElements(By.cssSelector("#compare-svg polyline.series-b")))
        .hasSize(1);
    assertThat(
            chromium
                .driver
                .findElement(By.cssSelector("#compare-svg polyline.series-a"))
                .getAttribute("points")
                .split(" "))
        .hasSize(4);
    assertThat(
            chromium
                .driver
                .findElement(By.cssSelector("#compare-svg polyline.series-b"))
                .getAttribute("points")
                .split(" "))
        .hasSize(4);
    assertThat(chromium.driver.findElements(By.cssSelector("#compare-svg rect.error-bar-b")))
        .hasSize(4);

    WebElement first = chromium.driver.findElement(By.cssSelector("#compare-stages tbody tr"));
    assertThat(first.getAttribute("data-stage")).isEqualTo("judge");
    assertThat(first.getText()).contains("slower").containsPattern("(2\\.9\\d|3\\.0\\d)×");
    // Into each run: the slowest sample's waterfall, the stage's slowest samples, a step.
    List<String> links =
        first.findElements(By.cssSelector("a")).stream().map(a -> a.getAttribute("href")).toList();
    assertThat(links).anyMatch(h -> h.contains("view=waterfall") && h.contains("sampleRun=run-a"));
    assertThat(links).anyMatch(h -> h.contains("view=waterfall") && h.contains("sampleRun=run-b"));
    assertThat(links).anyMatch(h -> h.contains("run=run-b") && h.contains("sort=stage%3Ajudge"));
    WebElement step2 =
        chromium.driver.findElement(By.cssSelector("#compare-steps tbody tr[data-step='2']"));
    assertThat(step2.findElements(By.cssSelector("a")))
        .extracting(a -> a.getAttribute("href"))
        .anyMatch(h -> h.endsWith("?run=run-a&step=2"))
        .anyMatch(h -> h.endsWith("?run=run-b&step=2"));
    assertThat(chromium.driver.findElement(By.cssSelector("#compare-errors tbody tr")).getText())
        .contains("OutOfMemoryError", "only in B");
    assertThat(chromium.driver.findElement(By.id("compare-llm")).getText()).contains("calls", "12");

    List<String> overlaps = chromium.overlappingText();
    Object height = chromium.script("return document.documentElement.scrollHeight;");
    chromium.viewport(width, Math.min(4000, ((Number) height).intValue()));
    chromium.screenshot("compare-" + width + ".png");
    chromium.viewport(width, 1000);
    assertThat(overlaps).isEmpty();
    assertThat(chromium.script("return document.documentElement.scrollWidth > window.innerWidth;"))
        .isEqualTo(false);
  }

  @Test
  void theComparisonIsAUrlAndFollowsTheRunsPicked() {
    chromium.viewport(1280, 1000);
    // Without runs in the URL: the second newest against the newest.
    chromium.open(viewer.viewer.url(), "?view=compare");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#compare-stages tbody tr"), 0));
    assertThat(chromium.driver.getCurrentUrl()).contains("view=compare", "a=run-a", "b=run-b");
    // Swapping the runs turns the slower stage into a faster one, and the URL says so.
    new Select(chromium.driver.findElement(By.id("compare-a"))).selectByValue("run-b");
    new Select(chromium.driver.findElement(By.id("compare-b"))).selectByValue("run-a");
    chromium
        .waiting()
        .until(
            d ->
                d.findElement(By.cssSelector("#compare-stages tbody tr"))
                    .getText()
                    .contains("faster"));
    assertThat(chromium.driver.getCurrentUrl()).contains("a=run-b", "b=run-a");
    // The same URL opens the same comparison.
    String url = chromium.driver.getCurrentUrl();
    chromium.open(url.substring(0, url.indexOf('?')), url.substring(url.indexOf('?')));
    chromium
        .waiting()
        .until(
            d ->
                d.findElement(By.cssSelector("#compare-stages tbody tr"))
                    .getText()
                    .contains("faster"));
    assertThat(
            new Select(chromium.driver.findElement(By.id("compare-a")))
                .getFirstSelectedOption()
                .getText())
        .isEqualTo("run-b");
  }
}
