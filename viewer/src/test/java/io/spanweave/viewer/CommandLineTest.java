package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line: usage, clear errors for bad flags, and the reflective entry point. */
class CommandLineTest {
  @TempDir Path dir;

  private record Run(int code, String out, String err) {}

  private static Run run(String... args) throws Exception {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    ByteArrayOutputStream err = new ByteArrayOutputStream();
    int code =
        Main.run(
            args,
            new PrintStream(out, true, StandardCharsets.UTF_8),
            new PrintStream(err, true, StandardCharsets.UTF_8));
    return new Run(
        code, out.toString(StandardCharsets.UTF_8), err.toString(StandardCharsets.UTF_8));
  }

  @Test
  void helpPrintsUsage() throws Exception {
    Run r = run("--help");
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .contains(
            "--trace-jsonl PATH",
            "--live-jsonl",
            "--service",
            "--run-id",
            "--host",
            "--port",
            "--jaeger-url",
            "--zipkin-url",
            "127.0.0.1");
  }

  @Test
  void badFlagsGiveAClearError() throws Exception {
    assertThat(run().err()).contains("--trace-jsonl PATH is required");
    assertThat(run("--trace-jsonl", "x", "--colour", "red").err())
        .contains("unknown option --colour");
    assertThat(run("--trace-jsonl").err()).contains("--trace-jsonl needs a value");
    assertThat(run("--trace-jsonl", "x", "--port", "http").err())
        .contains("--port must be a number");
    assertThat(run("--trace-jsonl", "x", "--port", "70000").err()).contains("between 0 and 65535");
    assertThat(run("--trace-jsonl", "x", "--jaeger-url", "ftp://x").err()).contains("http(s) URL");
    assertThat(
            run("--trace-jsonl", "x", "--jaeger-url", "http://j", "--zipkin-url", "http://z").err())
        .contains("not both");
    assertThat(run("stray").err()).contains("unexpected argument 'stray'");
    Run r = run("--bogus", "1");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--help");
  }

  @Test
  void helpListsEveryOptionAndVersionPrintsTheBuildsVersion() throws Exception {
    Run help = run("-h");
    assertThat(help.code()).isZero();
    assertThat(help.out())
        .contains(
            "--poll-interval-ms",
            "--jaeger-query-url",
            "--version",
            "--help",
            "live.jsonl next to the trace file",
            "18080");
    Run version = run("--version");
    assertThat(version.code()).isZero();
    assertThat(version.out().trim()).matches("spanweave-viewer \\d+\\.\\d+\\.\\d+.*");
    assertThat(version.err()).isEmpty();
  }

  @Test
  void aZipkinServerIsASourceWithoutATraceFile() throws Exception {
    ViewerOptions o =
        ViewerOptions.parse(
            new String[] {
              "--zipkin-api",
              "http://127.0.0.1:9411",
              "--backend-lookback-minutes",
              "180",
              "--backend-limit",
              "50",
              "--service",
              "rollout-driver"
            });
    assertThat(o.zipkinApi()).hasToString("http://127.0.0.1:9411");
    assertThat(o.backendLookback()).hasMinutes(180);
    assertThat(o.backendLimit()).isEqualTo(50);
    assertThat(o.traceJsonlIsTemporary()).isTrue();
    assertThat(o.liveJsonl()).as("a backend has no live file unless one is named").isNull();
    assertThat(o.zipkinUrl())
        .as("traces link to the server they come from")
        .hasToString("http://127.0.0.1:9411");
    // A named trace file keeps the fetched spans; a Jaeger link replaces the Zipkin one.
    ViewerOptions kept =
        ViewerOptions.parse(
            new String[] {
              "--zipkin-api",
              "http://z:9411",
              "--trace-jsonl",
              dir.resolve("kept.jsonl").toString(),
              "--jaeger-url",
              "http://j:16686"
            });
    assertThat(kept.traceJsonl()).isEqualTo(dir.resolve("kept.jsonl"));
    assertThat(kept.traceJsonlIsTemporary()).isFalse();
    assertThat(kept.zipkinUrl()).isNull();
    assertThat(kept.jaegerUrl()).hasToString("http://j:16686");
    assertThat(run("--zipkin-api", "ftp://z").err())
        .contains("--zipkin-api must be an http(s) URL");
    assertThat(run("--trace-jsonl", "x", "--backend-limit", "5").err())
        .contains("--backend-limit needs --zipkin-api");
    assertThat(run("--zipkin-api", "http://z", "--backend-lookback-minutes", "0").err())
        .contains("--backend-lookback-minutes must be positive");
    assertThat(run("--help").out())
        .contains("--zipkin-api", "--backend-lookback-minutes", "--backend-limit", "Jaeger's JSON");
  }

  @Test
  void anUnknownFlagIsCalledUnknownWhereverItStands() throws Exception {
    // Last on the line, with no value after it: still unknown, not "needs a value".
    Run last = run("--trace-jsonl", "x", "--bogus");
    assertThat(last.code()).isEqualTo(2);
    assertThat(last.err()).contains("unknown option --bogus").doesNotContain("needs a value");
    assertThat(run("--trace-jsonl=x", "--colour=red").err()).contains("unknown option --colour");
    assertThat(run("--trace-jsonl", "x", "--prot", "1").err()).contains("unknown option --prot");
    assertThat(run("--trace-jsonl", "x", "--port").err()).contains("--port needs a value");
    assertThat(run("--trace-jsonl", "x", "--port", "1", "--port", "2").err()).contains("--port");
  }

  @Test
  void optionsParseBothSpellings() throws Exception {
    ViewerOptions o =
        ViewerOptions.parse(
            new String[] {
              "--trace-jsonl=" + dir.resolve("t.jsonl"),
              "--service",
              "svc",
              "--run-id",
              "r1",
              "--port",
              "0",
              "--zipkin-url",
              "http://127.0.0.1:9411"
            });
    assertThat(o.service()).isEqualTo("svc");
    assertThat(o.runId()).isEqualTo("r1");
    assertThat(o.port()).isZero();
    assertThat(o.host()).isEqualTo("127.0.0.1");
    assertThat(o.liveJsonl()).isEqualTo(dir.resolve("live.jsonl").toAbsolutePath());
  }

  /** docs/viewer.md: an XTuner restart command works with only the program name changed. */
  @Test
  void anXtunerRestartCommandParses() throws Exception {
    String run = "20260708-073509-409337-5a14f69c";
    Path traces = dir.resolve(run + "/traces");
    ViewerOptions o =
        ViewerOptions.parse(
            new String[] {
              "--trace-jsonl",
              traces.resolve("traces.jsonl").toString(),
              "--live-jsonl",
              traces.resolve("live.jsonl").toString(),
              "--service",
              "xtuner-rollout",
              "--run-id",
              run,
              "--host",
              "0.0.0.0",
              "--port",
              "18080",
              "--jaeger-query-url",
              "http://127.0.0.1:16686"
            });
    assertThat(o.traceJsonl()).isEqualTo(traces.resolve("traces.jsonl"));
    assertThat(o.liveJsonl()).isEqualTo(traces.resolve("live.jsonl"));
    assertThat(o.service()).isEqualTo("xtuner-rollout");
    assertThat(o.runId()).isEqualTo(run);
    assertThat(o.host()).isEqualTo("0.0.0.0");
    assertThat(o.port()).isEqualTo(18080);
    assertThat(o.jaegerUrl()).hasToString("http://127.0.0.1:16686");
  }

  @Test
  void reflectiveEntryPointStartsAViewerThatCloses() throws Exception {
    Object viewer =
        Class.forName("io.spanweave.viewer.TraceViewer")
            .getMethod("startFromArgs", String[].class)
            .invoke(
                null,
                (Object)
                    new String[] {
                      "--trace-jsonl", dir.resolve("t.jsonl").toString(), "--port", "0"
                    });
    try (AutoCloseable closeable = (AutoCloseable) viewer) {
      String url = (String) viewer.getClass().getMethod("url").invoke(viewer);
      assertThat(url).startsWith("http://127.0.0.1:").endsWith("/");
      assertThat(viewer.toString()).isEqualTo(url);
    }
  }

  @Test
  void anInProcessViewerNeverKeepsTheJvmAlive() throws Exception {
    try (AutoCloseable viewer =
        TraceViewer.startFromArgs(
            new String[] {"--trace-jsonl", dir.resolve("t.jsonl").toString(), "--port", "0"})) {
      assertThat(Thread.getAllStackTraces().keySet())
          .filteredOn(
              t ->
                  t.getName().startsWith("spanweave-viewer")
                      || t.getName().equals("HTTP-Dispatcher"))
          .isNotEmpty()
          .allMatch(Thread::isDaemon, "daemon");
    }
  }

  @Test
  void aPortInUseIsAClearError() throws Exception {
    try (java.net.ServerSocket taken =
        new java.net.ServerSocket(0, 1, java.net.InetAddress.getLoopbackAddress())) {
      Run r =
          run(
              "--trace-jsonl",
              dir.resolve("t.jsonl").toString(),
              "--port",
              Integer.toString(taken.getLocalPort()));
      assertThat(r.code()).isEqualTo(1);
      assertThat(r.err()).contains("cannot listen on 127.0.0.1:" + taken.getLocalPort());
    }
  }
}
