package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Path;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A runtime inside someone else's program, in real child JVMs: whatever way the program ends, the
 * JVM exits by itself and every span it made is in {@code traces.jsonl}. Each child configures its
 * own run (its own file and local collector) with a 60 s export delay, so the spans are still
 * queued when it ends and only the runtime's close or shutdown hook can have written them.
 */
class ProcessLifecycleTest {

  private static final int SPANS = 40;

  @TempDir Path dir;

  private Path traceFile() {
    return dir.resolve("lifecycle").resolve("traces").resolve("traces.jsonl");
  }

  private long spansWritten() {
    return TestRuns.spans(TestRuns.readRequests(traceFile())).stream()
        .filter(span -> span.getName().equals("driver.step"))
        .count();
  }

  @Test
  void aMainThatReturnsWithoutCloseExitsByItselfWithEverySpanWritten() throws Exception {
    try (ChildJvm child =
        ChildJvm.start(dir, Map.of(), "driver", dir.toString(), "return", String.valueOf(SPANS))) {
      assertThat(child.readLine()).isEqualTo("ready");
      assertThat(child.process().waitFor(20, TimeUnit.SECONDS))
          .as(
              "the JVM exits by itself: no thread of spanweave keeps it up; stderr:%n%s",
              child.stderr())
          .isTrue();
      assertThat(child.process().exitValue()).isZero();
    }
    assertThat(spansWritten()).as("spans flushed by the shutdown hook").isEqualTo(SPANS);
  }

  @Test
  void aProgramStoppedWithSigtermFlushesItsSpans() throws Exception {
    try (ChildJvm child =
        ChildJvm.start(dir, Map.of(), "driver", dir.toString(), "wait", String.valueOf(SPANS))) {
      assertThat(child.readLine()).isEqualTo("ready");
      child.process().destroy(); // SIGTERM: the JVM runs its shutdown hooks
      assertThat(child.process().waitFor(20, TimeUnit.SECONDS))
          .as("stderr:%n%s", child.stderr())
          .isTrue();
    }
    assertThat(spansWritten()).isEqualTo(SPANS);
  }

  @Test
  void closingTwiceAndThenTracingCloseIsFine() throws Exception {
    try (ChildJvm child =
        ChildJvm.start(
            dir, Map.of(), "driver", dir.toString(), "close-twice", String.valueOf(SPANS))) {
      assertThat(child.readLine()).isEqualTo("ready");
      assertThat(child.readLine()).isEqualTo("closed");
      child.awaitSuccess();
    }
    assertThat(spansWritten()).isEqualTo(SPANS);
  }

  @Test
  void closeFromUserCodeWhileTheShutdownHookRunsWritesEverySpanOnce() throws Exception {
    try (ChildJvm child =
        ChildJvm.start(
            dir,
            Map.of(),
            "driver",
            dir.toString(),
            "close-while-exiting",
            String.valueOf(SPANS))) {
      assertThat(child.readLine()).isEqualTo("ready");
      child.awaitSuccess();
    }
    assertThat(spansWritten()).isEqualTo(SPANS);
  }
}
