package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime's side of the viewer wiring, without the viewer: this module cannot see the viewer
 * (the viewer's tests depend on the runtime, so the other way round would be a cycle). The viewer
 * started in-process, served and closed is tested in {@code spanweave-sample}'s {@code
 * ViewerWiringTest}.
 */
class ViewerLauncherTest {

  @TempDir Path dir;

  @AfterEach
  void stop() {
    Tracing.close();
  }

  @Test
  void withoutTheViewerOnTheClassPathTracingGoesOnAndTheLineSaysHowToStartIt() {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .viewer(viewer -> viewer.withEnabled(true).withPort(18123))
                .build());

    assertThat(runtime.isEnabled()).isTrue();
    assertThat(runtime.viewerUrl()).isEmpty();
    assertThat(runtime.detachViewer()).isEmpty();
    String command = runtime.viewerCommand().orElseThrow();
    assertThat(ViewerLauncher.words(command))
        .containsExactly(
            "java",
            "-jar",
            "viewer/target/spanweave-viewer.jar",
            "--trace-jsonl",
            runtime.traceFile().toString(),
            "--live-jsonl",
            runtime.liveFile().toString(),
            "--run-id",
            runtime.runId(),
            "--host",
            "127.0.0.1",
            "--port",
            "18123");
    String line = StartupLine.compose(runtime);
    assertThat(line)
        .contains("traces=" + runtime.traceFile())
        .contains("viewer not started: io.spanweave.viewer.TraceViewer is not on the class path")
        .contains("(start it by hand: " + command + ")")
        .doesNotContain("\n");
    runtime.close(); // nothing to stop, nothing thrown
  }

  @Test
  void withTheViewerOffThereIsNoViewerAndNoCommand() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());

    assertThat(runtime.viewerUrl()).isEmpty();
    assertThat(runtime.viewerCommand()).isEmpty();
    assertThat(StartupLine.compose(runtime)).doesNotContain("viewer");
  }

  @Test
  void argumentsWithSpacesOrQuotesAreQuotedForTheShell() {
    assertThat(ViewerLauncher.quote("/tmp/run-1/traces/traces.jsonl"))
        .isEqualTo("/tmp/run-1/traces/traces.jsonl");
    assertThat(ViewerLauncher.quote("/tmp/my runs/traces.jsonl"))
        .isEqualTo("'/tmp/my runs/traces.jsonl'");
    assertThat(ViewerLauncher.quote("it's")).isEqualTo("'it'\\''s'");
    assertThat(ViewerLauncher.quote("")).isEqualTo("''");
    assertThat(ViewerLauncher.words("java -jar '/tmp/my runs/v.jar' --service 'it'\\''s'"))
        .containsExactly("java", "-jar", "/tmp/my runs/v.jar", "--service", "it's");
  }
}
