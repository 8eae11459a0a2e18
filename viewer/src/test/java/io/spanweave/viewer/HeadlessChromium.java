package io.spanweave.viewer;

import java.io.File;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.List;
import org.openqa.selenium.By;
import org.openqa.selenium.Dimension;
import org.openqa.selenium.JavascriptExecutor;
import org.openqa.selenium.OutputType;
import org.openqa.selenium.StaleElementReferenceException;
import org.openqa.selenium.TakesScreenshot;
import org.openqa.selenium.WebDriver;
import org.openqa.selenium.chrome.ChromeDriver;
import org.openqa.selenium.chrome.ChromeDriverService;
import org.openqa.selenium.chrome.ChromeOptions;
import org.openqa.selenium.support.ui.WebDriverWait;

/**
 * A real headless Chromium driven by Selenium, for the page tests. Chromium and its driver come
 * from Debian ({@code apt-get install chromium chromium-driver}); without them the tests fail, they
 * are never skipped.
 */
final class HeadlessChromium implements AutoCloseable {
  private static final Path CHROMIUM = Path.of("/usr/bin/chromium");
  private static final Path CHROMEDRIVER = Path.of("/usr/bin/chromedriver");

  final WebDriver driver;
  private final Path userDataDir;

  HeadlessChromium(int width, int height) throws IOException {
    if (!Files.isExecutable(CHROMIUM) || !Files.isExecutable(CHROMEDRIVER)) {
      throw new AssertionError(
          "The viewer's page tests need headless Chromium: "
              + CHROMIUM
              + " and "
              + CHROMEDRIVER
              + " must exist. Install them with `apt-get install -y chromium chromium-driver` "
              + "(.ci/run does this).");
    }
    System.setProperty("webdriver.chrome.driver", CHROMEDRIVER.toString());
    userDataDir = Files.createTempDirectory("spanweave-chromium-");
    ChromeOptions options = new ChromeOptions();
    options.setBinary(CHROMIUM.toFile());
    options.addArguments(
        "--headless=new",
        "--no-sandbox",
        "--disable-gpu",
        "--disable-dev-shm-usage",
        "--disable-background-networking",
        "--disable-component-update",
        "--disable-sync",
        "--no-first-run",
        "--window-size=" + width + "," + height,
        "--user-data-dir=" + userDataDir);
    // An explicit driver binary: Selenium Manager is never asked to find or download one.
    ChromeDriverService service =
        new ChromeDriverService.Builder()
            .usingDriverExecutable(CHROMEDRIVER.toFile())
            .usingAnyFreePort()
            .build();
    driver = new ChromeDriver(service, options);
  }

  /** Waits that look again when the page re-rendered an element between two looks. */
  WebDriverWait waiting() {
    WebDriverWait wait = new WebDriverWait(driver, Duration.ofSeconds(20));
    wait.ignoring(StaleElementReferenceException.class);
    return wait;
  }

  /** Opens the viewer's page at {@code query} and waits until it has rendered its first view. */
  void open(String viewerUrl, String query) {
    driver.get(viewerUrl + query);
    waiting()
        .until(d -> "true".equals(d.findElement(By.tagName("body")).getAttribute("data-ready")));
  }

  /** Sets the size of the browser's viewport (the page's width), not of its window frame. */
  void viewport(int width, int height) {
    driver.manage().window().setSize(new Dimension(width, height));
    Object[] inner =
        ((List<?>) script("return [window.innerWidth, window.innerHeight];")).toArray();
    int dw = width - ((Number) inner[0]).intValue();
    int dh = height - ((Number) inner[1]).intValue();
    if (dw != 0 || dh != 0) {
      driver.manage().window().setSize(new Dimension(width + dw, height + dh));
    }
  }

  Object script(String js, Object... args) {
    return ((JavascriptExecutor) driver).executeScript(js, args);
  }

  /** Pairs of texts drawn over each other on the page as it is now (scrolled to its top). */
  @SuppressWarnings("unchecked")
  List<String> overlappingText() {
    script("window.scrollTo(0, 0);");
    try (InputStream in = HeadlessChromium.class.getResourceAsStream("overlapping-text.js")) {
      return (List<String>) script(new String(in.readAllBytes(), StandardCharsets.UTF_8));
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** A screenshot of the whole page into {@code target/<name>}. */
  void screenshot(String name) {
    try {
      Path target = Path.of("target", name);
      Files.createDirectories(target.getParent());
      Files.copy(
          ((TakesScreenshot) driver).getScreenshotAs(OutputType.FILE).toPath(),
          target,
          StandardCopyOption.REPLACE_EXISTING);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    driver.quit();
    try (var files = Files.walk(userDataDir)) {
      files.sorted(java.util.Comparator.reverseOrder()).map(Path::toFile).forEach(File::delete);
    }
  }
}
