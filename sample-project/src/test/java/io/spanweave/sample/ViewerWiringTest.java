package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's viewer wiring with the real viewer on the class path, as a user's program has it
 * (the runtime module cannot have the viewer in its own tests: the viewer's tests depend on the
 * runtime). Started in-process when {@code viewerEnabled}, stopped by {@code close()} unless
 * detached, a warning and no viewer on a taken port, and a restart command that really starts it.
 */
class ViewerWiringTest {

  private static final HttpClient HTTP =
      HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();

  @TempDir Path outputDir;

  @AfterEach
  void stop() {
    Tracing.close();
  }

  private TraceConfig.Builder config() {
    return TraceConfig.builder()
        .enabled(true)
        .serviceName("wiring")
        .outputDir(outputDir)
        .viewer(viewer -> viewer.withEnabled(true).withPort(0))
        .batch(batch -> batch.withDelay(Duration.ofMillis(20)));
  }

  @Test
  void theRuntimeStartsTheViewerOnItsRunAndStopsItOnClose() throws Exception {
    TraceRuntime runtime = Tracing.configure(config().build());
    try (TraceScope span = Trace.span("wiring.check")) {
      Trace.setAttribute("check", "on");
    }
    runtime.flush();

    String url = runtime.viewerUrl().orElseThrow();
    assertThat(url).startsWith("http://127.0.0.1:");
    assertThat(awaitSpans(url, 1)).contains("\"spans\":1");
    assertThat(runtime.viewerCommand().orElseThrow())
        .contains(
            "--run-id " + runtime.runId(),
            "--trace-jsonl " + runtime.traceFile(),
            "--port " + URI.create(url).getPort());

    runtime.close();
    assertThatThrownBy(() -> get(url + "api/status")).isInstanceOf(IOException.class);
  }

  @Test
  void aDetachedViewerOutlivesTheRuntimeUntilItIsClosed() throws Exception {
    TraceRuntime runtime = Tracing.configure(config().build());
    String url = runtime.viewerUrl().orElseThrow();
    AutoCloseable viewer = runtime.detachViewer().orElseThrow();

    runtime.close();
    assertThat(get(url + "api/status").statusCode()).isEqualTo(200);

    viewer.close();
    assertThatThrownBy(() -> get(url + "api/status")).isInstanceOf(IOException.class);
  }

  @Test
  void aTakenPortLeavesTracingOnWithoutAViewerAndTheCommandToStartItByHand() throws Exception {
    try (ServerSocket taken = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      TraceRuntime runtime =
          Tracing.configure(
              config().viewer(viewer -> viewer.withPort(taken.getLocalPort())).build());

      assertThat(runtime.isEnabled()).isTrue();
      assertThat(runtime.viewerUrl()).isEmpty();
      assertThat(runtime.viewerCommand().orElseThrow()).contains("--port " + taken.getLocalPort());
    }
  }

  @Test
  void theRestartCommandStartsAViewerOnTheRun() throws Exception {
    int port;
    try (ServerSocket free = new ServerSocket(0, 1, InetAddress.getByName("127.0.0.1"))) {
      port = free.getLocalPort();
    }
    TraceRuntime runtime =
        Tracing.configure(config().viewer(viewer -> viewer.withPort(port)).build());
    try (TraceScope span = Trace.span("wiring.restart")) {
      Trace.setAttribute("check", "restart");
    }
    String command = runtime.viewerCommand().orElseThrow();
    runtime.close(); // stops the in-process viewer and frees the port

    // Temp paths have no spaces, so the command is plain words.
    List<String> words = Arrays.asList(command.split(" "));
    assertThat(words.get(0)).isEqualTo("java");
    Process viewer =
        new ProcessBuilder(words)
            .redirectErrorStream(true)
            .redirectOutput(outputDir.resolve("viewer.log").toFile())
            .start();
    try {
      assertThat(awaitSpans("http://127.0.0.1:" + port + "/", 1)).contains("\"spans\":1");
    } finally {
      viewer.destroy();
      viewer.waitFor();
    }
  }

  /**
   * /api/status once the viewer has read at least {@code spans} spans (or the last answer after 20
   * s).
   */
  private static String awaitSpans(String url, int spans) throws Exception {
    long deadline = System.nanoTime() + 20_000_000_000L;
    String body = "";
    while (System.nanoTime() < deadline) {
      try {
        HttpResponse<String> response = get(url + "api/status");
        body = response.body();
        if (response.statusCode() == 200 && body.contains("\"spans\":" + spans)) {
          return body;
        }
      } catch (IOException notYet) {
        // the viewer process is still starting
      }
      Thread.sleep(100);
    }
    return body;
  }

  private static HttpResponse<String> get(String url) throws IOException, InterruptedException {
    return HTTP.send(
        HttpRequest.newBuilder(URI.create(url)).timeout(Duration.ofSeconds(5)).build(),
        HttpResponse.BodyHandlers.ofString());
  }
}
