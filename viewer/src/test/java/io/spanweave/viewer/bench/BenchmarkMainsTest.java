package io.spanweave.viewer.bench;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's benchmark mains live in the test sources, out of the jar users run, and still run as
 * docs/viewer.md ("Performance") shows (here on a small file and one round; no timing is asserted).
 */
class BenchmarkMainsTest {
  @TempDir Path dir;

  @Test
  void theGeneratorAndTheLoadBenchmarkRun() throws Exception {
    Path traces = dir.resolve("traces.jsonl");
    Path live = dir.resolve("live.jsonl");
    PrintStream original = System.out;
    ByteArrayOutputStream captured = new ByteArrayOutputStream();
    System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
    try {
      SyntheticTraceFile.main(new String[] {traces.toString(), "2560", live.toString()});
      LoadBenchmark.main(new String[] {traces.toString(), "1"});
    } finally {
      System.setOut(original);
    }
    String out = captured.toString(StandardCharsets.UTF_8);
    assertThat(out).contains("wrote 2560 spans (256 samples)");
    assertThat(out).contains("whole file indexed", "endpoint", "ALL");
    assertThat(Files.size(live)).isPositive();
  }
}
