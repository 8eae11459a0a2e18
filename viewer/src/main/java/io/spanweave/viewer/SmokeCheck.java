package io.spanweave.viewer;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * {@code --smoke}: proves that an installation works without any service running. It starts a
 * viewer on a free loopback port over a trace file (the user's own, from a traced run, or a small
 * bundled one), asks the viewer's own JSON API over HTTP what it read, prints one line and exits: 0
 * when the viewer served the file's spans, 1 otherwise, with the reason.
 */
final class SmokeCheck {
  static final String FLAG = "--smoke";
  private static final String BUNDLED_TRACE = "smoke/traces.jsonl";
  private static final Duration LOAD_TIMEOUT = Duration.ofSeconds(60);

  private SmokeCheck() {}

  /** Runs the check with the other command-line arguments ({@code --smoke} already removed). */
  static int run(List<String> args, PrintStream out, PrintStream err) throws InterruptedException {
    List<String> viewerArgs = new ArrayList<>(args);
    try {
      if (!hasFlag(viewerArgs, "--trace-jsonl")) {
        viewerArgs.add("--trace-jsonl");
        viewerArgs.add(bundledTrace().toString());
      }
      if (!hasFlag(viewerArgs, "--port")) {
        viewerArgs.add("--port");
        viewerArgs.add("0");
      }
    } catch (UncheckedIOException e) {
      err.println(
          "spanweave smoke: FAILED: cannot write the bundled trace file: " + e.getMessage());
      return 1;
    }
    ViewerOptions options;
    try {
      options = ViewerOptions.parse(viewerArgs.toArray(String[]::new));
    } catch (UsageException e) {
      err.println("spanweave-viewer: " + e.getMessage());
      return 2;
    }
    if (!Files.isRegularFile(options.traceJsonl())) {
      err.println(
          "spanweave smoke: FAILED: no trace file at "
              + options.traceJsonl().toAbsolutePath()
              + " (did the traced program run with tracing enabled? see docs/troubleshooting.md)");
      return 1;
    }
    try (RunningViewer viewer = TraceViewer.start(options)) {
      long deadline = System.nanoTime() + LOAD_TIMEOUT.toNanos();
      while (!viewer.initialLoadDone() && System.nanoTime() < deadline) {
        Thread.sleep(50);
      }
      JsonNode status = get(viewer.url(), "api/status");
      long spans = status.path("spans").asLong();
      // The trace list applies --run-id and --service, as the page does.
      long shown = get(viewer.url(), "api/traces?limit=1").path("total").asLong();
      if (spans == 0 || shown == 0) {
        err.println(
            "spanweave smoke: FAILED: the viewer at "
                + viewer.url()
                + " read "
                + spans
                + " spans from "
                + options.traceJsonl().toAbsolutePath()
                + " ("
                + status.path("lines").asLong()
                + " lines, "
                + status.path("malformedLines").asLong()
                + " malformed) and shows "
                + shown
                + " traces"
                + (options.runId() != null || options.service() != null
                    ? " (filtered by --run-id/--service)"
                    : "")
                + "; see docs/troubleshooting.md");
        return 1;
      }
      out.println(
          "spanweave smoke: ok: the viewer at "
              + viewer.url()
              + " read "
              + spans
              + " spans from "
              + options.traceJsonl().toAbsolutePath()
              + " and shows "
              + shown
              + " traces");
      return 0;
    } catch (UncheckedIOException | IOException e) {
      err.println("spanweave smoke: FAILED: " + e.getMessage());
      return 1;
    }
  }

  private static boolean hasFlag(List<String> args, String flag) {
    return args.stream().anyMatch(a -> a.equals(flag) || a.startsWith(flag + "="));
  }

  /** Copies the bundled three-span rollout trace into a temporary directory of its own. */
  private static Path bundledTrace() {
    try (InputStream in = SmokeCheck.class.getResourceAsStream(BUNDLED_TRACE)) {
      if (in == null) {
        throw new IOException("resource " + BUNDLED_TRACE + " is missing from the viewer jar");
      }
      Path dir = Files.createTempDirectory("spanweave-smoke");
      Path file = dir.resolve("traces.jsonl");
      Files.copy(in, file);
      file.toFile().deleteOnExit();
      dir.toFile().deleteOnExit();
      return file;
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /** Asks the running viewer over HTTP, as the page does, for one of its JSON answers. */
  private static JsonNode get(String url, String path) throws IOException, InterruptedException {
    HttpClient client = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();
    HttpResponse<String> response =
        client.send(
            HttpRequest.newBuilder(URI.create(url + path))
                .timeout(Duration.ofSeconds(30))
                .GET()
                .build(),
            HttpResponse.BodyHandlers.ofString());
    if (response.statusCode() != 200) {
      throw new IOException(
          "GET " + url + path + " answered " + response.statusCode() + ": " + response.body());
    }
    return new ObjectMapper().readTree(response.body());
  }
}
