package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
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

/**
 * A run of three attempts on the page in headless Chromium: the timeline marks each restart
 * ("resumed at step N, attempt K") and each step done more than once, without writing text over
 * text at the widths users have; a mark opens the earlier attempt's own view of its step, and the
 * run list names the attempts. Screenshots go to {@code viewer/target/attempts-<view>-<width>.png}.
 */
class PageAttemptsTest {
  @TempDir static Path dir;
  static ViewerHarness viewer;
  static HeadlessChromium chromium;

  @BeforeAll
  static void start() throws IOException {
    Path run = dir.resolve("run-p");
    long start = RunAttemptsTest.nowNanos() - Duration.ofHours(2).toNanos();
    RunAttemptsTest.record(run, "run-p", 1, start, null, null);
    RunAttemptsTest.attempt(run, "run-p", 1, 0, 7);
    RunAttemptsTest.record(run, "run-p", 2, start + 1_000_000_000L, 5L, null);
    RunAttemptsTest.attempt(run, "run-p", 2, 5, 12);
    RunAttemptsTest.record(run, "run-p", 3, start + 2_000_000_000L, 11L, start + 3_000_000_000L);
    RunAttemptsTest.attempt(run, "run-p", 3, 11, 19);
    viewer =
        new ViewerHarness(
            ViewerOptions.builder(run).port(0).pollInterval(Duration.ofMillis(100)).build());
    viewer.awaitSpans((8 + 8 + 9) * 4);
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

  private static void assertNoTextOverlaps(String view, int width) {
    List<String> overlaps = chromium.overlappingText();
    chromium.screenshot("attempts-" + view + "-" + width + ".png");
    assertThat(overlaps)
        .as("text drawn over other text in the %s view at %d px", view, width)
        .isEmpty();
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theTimelineMarksEachRestartAndTheStepsDoneMoreThanOnce(int width) {
    chromium.viewport(width, 1000);
    chromium.open(viewer.viewer.url(), "");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("#timeline-svg .restart-label"), 2));
    List<String> labels =
        chromium.driver.findElements(By.cssSelector("#timeline-svg .restart-label")).stream()
            .map(WebElement::getText)
            .toList();
    assertThat(labels)
        .containsExactly("resumed at step 5, attempt 2", "resumed at step 11, attempt 3");
    assertThat(chromium.driver.findElements(By.cssSelector("#timeline-svg .restart-marker")))
        .hasSize(2);
    // Attempt 1 did steps 5-7 again in attempt 2, attempt 2 did 11-12 again in attempt 3.
    assertThat(
            chromium.driver.findElements(By.cssSelector("#timeline-svg .redone-step")).stream()
                .map(e -> e.getAttribute("data-step"))
                .toList())
        .containsExactly("5", "6", "7", "11", "12");
    assertThat(
            chromium.driver.findElement(By.cssSelector("#timeline-svg .restart-legend")).getText())
        .contains("restarted from a checkpoint");
    assertNoTextOverlaps("timeline", width);
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void aMarkOpensTheEarlierAttemptsOwnViewOfItsStep(int width) {
    chromium.viewport(width, 1000);
    chromium.open(viewer.viewer.url(), "");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBe(
                By.cssSelector("#timeline-svg .redone-step"), 5));
    chromium.script(
        "document.querySelector('#timeline-svg .redone-step[data-step=\"6\"]')"
            + ".dispatchEvent(new MouseEvent('click', {bubbles: true}));");
    chromium.waiting().until(ExpectedConditions.visibilityOfElementLocated(By.id("attempt-note")));
    assertThat(chromium.driver.findElement(By.id("attempt-note")).getText())
        .contains("showing attempt 1 only");
    chromium
        .waiting()
        .until(
            ExpectedConditions.textToBePresentInElementLocated(
                By.id("samples-count"), "in step 6"));
    // Attempt 1's rewards of step 6 (attempt 2 recorded 26.0 for it).
    chromium
        .waiting()
        .until(
            d ->
                d.findElements(By.cssSelector("#samples-table tbody tr")).size() == 2
                    && d.findElement(By.id("samples-table")).getText().contains("16"));
    assertThat(chromium.driver.findElement(By.id("samples-table")).getText()).doesNotContain("26");
    assertNoTextOverlaps("attempt-1", width);

    chromium.driver.findElement(By.cssSelector("#attempt-note button")).click();
    chromium
        .waiting()
        .until(ExpectedConditions.invisibilityOfElementLocated(By.id("attempt-note")));
    chromium.waiting().until(d -> d.findElement(By.id("samples-table")).getText().contains("26"));
  }

  @ParameterizedTest
  @ValueSource(ints = {1280, 1920})
  void theRunListNamesTheAttempts(int width) {
    chromium.viewport(width, 1000);
    chromium.open(viewer.viewer.url(), "?view=runs");
    chromium
        .waiting()
        .until(
            ExpectedConditions.numberOfElementsToBeMoreThan(
                By.cssSelector("#runs-table tbody td.attempts"), 0));
    assertThat(
            chromium.driver.findElement(By.cssSelector("#runs-table tbody td.attempts")).getText())
        .isEqualTo("1 died · 2 died (resumed at 5) · 3 closed (resumed at 11)");
    assertNoTextOverlaps("runs", width);
  }
}
