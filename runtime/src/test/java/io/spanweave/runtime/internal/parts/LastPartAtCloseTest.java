package io.spanweave.runtime.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PartReader;
import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The process that owns a run's files closes its part being written as the last part when the run
 * is already in parts, so a finished run is closed parts only; a run that never reached a part's
 * size keeps its one file, and a process that only keeps a copy of its spans in the run's files (a
 * worker whose driver still writes) leaves the part being written as it is.
 */
class LastPartAtCloseTest {
  private static final RunPartCodec GZIP = PartCodecs.find("gzip").orElseThrow();

  @TempDir Path dir;

  private static byte[] lines(String prefix, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append("{\"").append(prefix).append("\":").append(i).append("}\n");
    }
    return text.toString().getBytes(StandardCharsets.UTF_8);
  }

  private List<String> files() throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString())
          .filter(name -> name.startsWith("traces"))
          .sorted()
          .toList();
    }
  }

  private String readRun() throws IOException {
    StringBuilder all = new StringBuilder();
    PartReader.read(dir.resolve("traces.jsonl"), (part, n, line) -> all.append(line).append('\n'));
    return all.toString();
  }

  /** Writes three blocks of about 32 KiB into parts of 64 KiB: one closed part and one written. */
  private String write(TraceParts parts) throws IOException {
    StringBuilder written = new StringBuilder();
    for (String prefix : List.of("a", "b", "c")) {
      byte[] block = lines(prefix, 3_000);
      parts.file().append(block, block.length);
      written.append(new String(block, StandardCharsets.UTF_8));
    }
    return written.toString();
  }

  @Test
  void theOwnerClosesThePartBeingWrittenAsTheLastPartCompressed() throws IOException {
    TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 64 << 10, GZIP, true);
    String written = write(parts);
    assertThat(files()) // part 1 compressed by now, or about to be
        .contains("traces.jsonl")
        .anyMatch(name -> name.startsWith("traces-000001.jsonl"));

    parts.close(Duration.ofSeconds(20));

    assertThat(files()).containsExactly("traces-000001.jsonl.gz", "traces-000002.jsonl.gz");
    assertThat(readRun()).isEqualTo(written);
  }

  @Test
  void aWorkerKeepingACopyLeavesThePartBeingWritten() throws IOException {
    TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 64 << 10, GZIP, false);
    String written = write(parts);

    parts.close(Duration.ofSeconds(20));

    assertThat(files()).containsExactly("traces-000001.jsonl.gz", "traces.jsonl");
    assertThat(readRun()).isEqualTo(written);
  }

  @Test
  void aRunThatNeverReachedAPartsSizeKeepsItsOneFile() throws IOException {
    TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 1 << 20, GZIP, true);
    String written = write(parts);

    parts.close(Duration.ofSeconds(20));

    assertThat(files()).containsExactly("traces.jsonl");
    assertThat(readRun()).isEqualTo(written);
  }
}
