package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A program's start with tracing on keeps every span: a fresh JVM with every default setting
 * records 200,000 spans a second from its first span (no warm-up, the export path not yet
 * compiled), and every span it made is in the run's files. Counts spans; no timing is asserted.
 * Before the start-up allowance such a start lost 1-20% of its first million spans to a full queue
 * (docs/performance.md, "Cold start").
 */
class ColdStartTest {

  @TempDir Path dir;

  @Test
  void aProgramThatRecords200000SpansASecondFromItsFirstSpanKeepsEverySpan() throws Exception {
    long spans =
        400_000; // two seconds at that rate: the export path runs interpreted, then under the JIT
    String[] result;
    try (ChildJvm child =
        ChildJvm.start(
            dir,
            Map.of(),
            List.of("-XX:TieredStopAtLevel=4"),
            ColdStartMain.class,
            dir.toString(),
            "200000",
            Long.toString(spans))) {
      result = child.readLine().split(" ");
      child.awaitSuccess();
    }
    assertThat(Long.parseLong(result[0])).as("made").isEqualTo(spans);
    assertThat(Long.parseLong(result[2])).as("dropped").isZero();
    assertThat(Long.parseLong(result[1])).as("exported").isEqualTo(spans);
    assertThat(spansIn(Path.of(result[3]))).as("spans in the run's trace files").isEqualTo(spans);
  }

  /**
   * Occurrences of {@code "spanId":} in every part of the run ({@code parentSpanId} does not
   * match).
   */
  private static long spansIn(Path traceFile) throws IOException {
    byte[] needle = "\"spanId\":".getBytes(StandardCharsets.US_ASCII);
    long count = 0;
    int matched = 0;
    byte[] buffer = new byte[1 << 16];
    for (RunParts.Part part : RunParts.list(traceFile)) {
      try (InputStream in = RunParts.open(part)) {
        for (int n; (n = in.read(buffer)) > 0; ) {
          for (int i = 0; i < n; i++) {
            if (buffer[i] == needle[matched]) {
              if (++matched == needle.length) {
                count++;
                matched = 0;
              }
            } else {
              matched = buffer[i] == needle[0] ? 1 : 0;
            }
          }
        }
      }
    }
    return count;
  }
}
