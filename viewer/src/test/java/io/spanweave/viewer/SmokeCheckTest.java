package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.Trace;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --smoke}, the installation check of docs/installation.md: with no service running it
 * passes over the bundled trace and over a file the real runtime wrote, and fails with the reason
 * when there is nothing to show. (integration-tests' viewer-exec-smoke runs the installed jar.)
 */
class SmokeCheckTest {
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
  void passesOverTheBundledTraceWithoutAnyArgument() throws Exception {
    Run r = run("--smoke");
    assertThat(r.err()).isEmpty();
    assertThat(r.code()).isZero();
    assertThat(r.out())
        .startsWith("spanweave smoke: ok: the viewer at http://127.0.0.1:")
        .contains("read 3 spans from", "and shows 1 traces");
  }

  @Test
  void passesOverAFileTheRuntimeWrote() throws Exception {
    Path traceFile;
    try (TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("smoke-it")
                .outputDir(dir)
                .runId("run-smoke")
                .build())) {
      Trace.run(
          "generate", Map.of("spanweave.stage", "generate"), () -> Trace.metric("num_tokens", 3L));
      Trace.run("judge", Map.of("spanweave.stage", "judge"), () -> {});
      traceFile = runtime.traceFile();
    }
    Run r = run("--smoke", "--trace-jsonl", traceFile.toString());
    assertThat(r.code()).as(r.err()).isZero();
    assertThat(r.out())
        .contains("read 2 spans from " + traceFile.toAbsolutePath(), "shows 2 traces");
  }

  @Test
  void failsWithTheReasonWhenThereIsNothingToShow() throws Exception {
    Run missing = run("--smoke", "--trace-jsonl", dir.resolve("nope/traces.jsonl").toString());
    assertThat(missing.code()).isEqualTo(1);
    assertThat(missing.err()).contains("FAILED: no trace file at", "tracing enabled");

    Path empty = Files.writeString(dir.resolve("traces.jsonl"), "");
    Run none = run("--smoke", "--trace-jsonl", empty.toString());
    assertThat(none.code()).isEqualTo(1);
    assertThat(none.err()).contains("read 0 spans", "0 lines");

    Run filtered = run("--smoke", "--run-id", "another-run");
    assertThat(filtered.code()).isEqualTo(1);
    assertThat(filtered.err())
        .contains("read 3 spans", "shows 0 traces", "filtered by --run-id/--service");
  }

  @Test
  void badFlagsStillGiveAUsageError() throws Exception {
    Run r = run("--smoke", "--port", "http");
    assertThat(r.code()).isEqualTo(2);
    assertThat(r.err()).contains("--port must be a number");
  }
}
