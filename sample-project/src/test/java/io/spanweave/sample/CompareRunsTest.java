package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.rollout.RolloutSpanStore;
import java.io.File;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.openqa.selenium.By;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.WebElement;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * Two runs of the real sample pipeline (worker process included) with different seeds, the second
 * with its judge slowed on purpose ({@code --slow-stage judge=10}), compared as a user compares
 * them: the viewer's API over one file holding both, its command line over the two run folders, and
 * its Compare page in headless Chromium. All three put the judge first with the same ratio.
 */
class CompareRunsTest {
  private static final ObjectMapper JSON = new ObjectMapper();
  private static final HttpClient HTTP = HttpClient.newHttpClient();

  @TempDir static Path outputDir;
  static SampleRun.Result baseline;
  static SampleRun.Result slowed;
  static Path bothRuns;
  static AutoCloseable viewer;
  static String url;

  @BeforeAll
  static void runTheSampleTwice() throws Exception {
    baseline = run("--seed", "11");
    // Ten times: far beyond what a loaded machine does to the other stages between two runs
    // (the worker process's transport has been seen 3x slower on a machine at load 30).
    slowed = run("--seed", "12", "--slow-stage", "judge=10");
    bothRuns = outputDir.resolve("both-runs.jsonl");
    Files.copy(baseline.traceFile(), bothRuns, StandardCopyOption.REPLACE_EXISTING);
    Files.write(bothRuns, Files.readAllBytes(slowed.traceFile()), StandardOpenOption.APPEND);
    // The viewer from the sample's class path, as the runtime starts it (reflectively: the sample
    // depends on it at run time only).
    viewer =
        (AutoCloseable)
            Class.forName("io.spanweave.viewer.TraceViewer")
                .getMethod("startFromArgs", String[].class)
                .invoke(
                    null,
                    (Object) new String[] {"--trace-jsonl", bothRuns.toString(), "--port", "0"});
    url = viewer.toString();
    int spans =
        RolloutSpanStore.fromTraceFile(baseline.traceFile()).size()
            + RolloutSpanStore.fromTraceFile(slowed.traceFile()).size();
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(30);
    while (get("api/status").path("spans").asInt() < spans
        || get("api/status").path("loading").asBoolean()) {
      assertThat(System.nanoTime()).as("the viewer read both runs").isLessThan(deadline);
      Thread.sleep(50);
    }
  }

  @AfterAll
  static void stopViewer() throws Exception {
    if (viewer != null) {
      viewer.close();
    }
  }

  private static SampleRun.Result run(String... extra) throws InterruptedException {
    List<String> args =
        new ArrayList<>(
            List.of(
                "--steps",
                "3",
                "--samples",
                "16",
                "--group-size",
                "4",
                "--workers",
                "3",
                "--child-workers",
                "1",
                "--time-scale",
                "1",
                "--no-viewer",
                "--exit-when-done",
                "--output-dir",
                outputDir.toString()));
    args.addAll(List.of(extra));
    return new SampleRun(
            SampleOptions.parse(args.toArray(String[]::new)),
            new PrintStream(OutputStream.nullOutputStream(), true, StandardCharsets.UTF_8))
        .execute();
  }

  private static JsonNode get(String path) throws IOException, InterruptedException {
    HttpResponse<String> r =
        HTTP.send(
            HttpRequest.newBuilder(URI.create(url + path)).build(),
            HttpResponse.BodyHandlers.ofString());
    assertThat(r.statusCode()).as(path + ": " + r.body()).isEqualTo(200);
    return JSON.readTree(r.body());
  }

  private static JsonNode comparison() throws IOException, InterruptedException {
    return get("api/compare?a=" + baseline.runId() + "&b=" + slowed.runId());
  }

  @Test
  void theApiPutsTheSlowedStageFirstWithItsRatio() throws Exception {
    JsonNode c = comparison();
    assertThat(c.get("sharedSteps")).extracting(JsonNode::asInt).containsExactly(1, 2, 3);
    JsonNode judge = c.get("stages").get(0);
    assertThat(judge.get("stage").asText()).isEqualTo("judge");
    assertThat(judge.get("change").asText()).isEqualTo("slower");
    // Ten times the simulated judging time; the judge's span also holds what its call costs besides
    // (waiting for a judging thread, scheduling), so the stage as a whole is somewhat less.
    assertThat(judge.get("p50Ratio").asDouble()).isBetween(4.0, 14.0);
    for (JsonNode stage : c.get("stages")) {
      if (!stage.get("stage").asText().equals("judge") && !stage.get("p50Ratio").isNull()) {
        assertThat(Math.abs(Math.log(stage.get("p50Ratio").asDouble())))
            .as("stage %s changes less than the judge", stage.get("stage").asText())
            .isLessThan(Math.log(judge.get("p50Ratio").asDouble()));
      }
    }
    // The sample's model calls carry OpenTelemetry's GenAI names: the comparison has LLM figures.
    assertThat(c.get("llm").get("a").get("calls").asInt()).isPositive();
    assertThat(c.get("llm").get("b").get("outputTokens").asLong()).isPositive();
    assertThat(c.get("metric").asText()).isEqualTo("reward");
    assertThat(c.get("steps").get(0).get("a").get("samples").asInt()).isEqualTo(16);
  }

  @Test
  void theCommandLineSaysTheSameOverTheTwoRunFolders() throws Exception {
    Path runA = baseline.traceFile().getParent().getParent();
    Path runB = slowed.traceFile().getParent().getParent();
    Process process =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.spanweave.viewer.Main",
                "--compare",
                runA.toString(),
                runB.toString())
            .redirectError(ProcessBuilder.Redirect.INHERIT)
            .start();
    String out = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(process.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(process.exitValue()).as(out).isZero();
    List<String> lines = out.lines().toList();
    assertThat(lines.get(0)).startsWith("A: " + runA + " · run " + baseline.runId());
    assertThat(lines.get(1)).startsWith("B: " + runB + " · run " + slowed.runId());
    double ratio = comparison().get("stages").get(0).get("p50Ratio").asDouble();
    assertThat(lines.get(5))
        .startsWith("judge")
        .contains("slower", String.format(Locale.ROOT, "%.2fx", ratio));

    // As a CI job would: fail when a stage got more than 20% slower.
    Process gate =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                "io.spanweave.viewer.Main",
                "--compare",
                runA.toString(),
                runB.toString(),
                "--fail-above",
                "1.2")
            .redirectErrorStream(true)
            .start();
    String gateOut = new String(gate.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertThat(gate.waitFor(60, TimeUnit.SECONDS)).isTrue();
    assertThat(gate.exitValue()).as(gateOut).isEqualTo(3);
    assertThat(gateOut).contains("slower in " + runB + ": judge");
  }

  @Test
  void theComparePageShowsBothCurvesAndTheStageTable() throws Exception {
    Path chromium = Path.of("/usr/bin/chromium");
    Path chromedriver = Path.of("/usr/bin/chromedriver");
    assertThat(Files.isExecutable(chromium) && Files.isExecutable(chromedriver))
        .as(
            "headless Chromium and its driver (apt-get install chromium chromium-driver; .ci/run does)")
        .isTrue();
    Path profile = Files.createTempDirectory("spanweave-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(chromium.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--no-first-run",
        "--window-size=1280,1400",
        "--user-data-dir=" + profile);
    WebDriver driver =
        new ChromeDriver(
            new ChromeDriverService.Builder()
                .usingDriverExecutable(chromedriver.toFile())
                .usingAnyFreePort()
                .build(),
            options);
    try {
      driver.get(url + "?view=compare&a=" + baseline.runId() + "&b=" + slowed.runId());
      WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
      wait.until(
          d -> d.findElements(By.cssSelector("#compare-stages tbody tr[data-stage]")).size() > 3);
      assertThat(driver.findElements(By.cssSelector("#compare-svg polyline.series-a"))).hasSize(1);
      assertThat(driver.findElements(By.cssSelector("#compare-svg polyline.series-b"))).hasSize(1);
      WebElement first = driver.findElement(By.cssSelector("#compare-stages tbody tr[data-stage]"));
      assertThat(first.getAttribute("data-stage")).isEqualTo("judge");
      double ratio = comparison().get("stages").get(0).get("p50Ratio").asDouble();
      assertThat(first.getText()).contains("slower", String.format(Locale.ROOT, "%.2f×", ratio));
      Path shot = Path.of("target", "compare-sample-runs.png");
      Files.createDirectories(shot.getParent());
      Files.copy(
          ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(),
          shot,
          StandardCopyOption.REPLACE_EXISTING);
    } finally {
      driver.quit();
      try (var files = Files.walk(profile)) {
        files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
      }
    }
  }
}
