package io.spanweave.runtime.internal.jsonl;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.TestRuns;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JsonLinesFileTest {

  @TempDir Path dir;

  @Test
  void writersThatShareAFileNeverTearOrInterleaveLines() throws Exception {
    // Two handles on one file stand for two processes of one run appending to the same
    // traces.jsonl.
    Path path = dir.resolve("shared.jsonl");
    List<JsonLinesFile> writers = List.of(JsonLinesFile.open(path), JsonLinesFile.open(path));
    int perWriter = 300;
    ExecutorService pool = Executors.newFixedThreadPool(writers.size());
    try {
      List<Future<?>> done = new ArrayList<>();
      for (int w = 0; w < writers.size(); w++) {
        JsonLinesFile writer = writers.get(w);
        int id = w;
        done.add(
            pool.submit(
                () -> {
                  for (int i = 0; i < perWriter; i++) {
                    StringBuilder batch = new StringBuilder();
                    for (int line = 0; line < 1 + i % 4; line++) {
                      batch
                          .append("{\"writer\":")
                          .append(id)
                          .append(",\"pad\":\"")
                          .append("x".repeat(i * 13 % 5000))
                          .append("\"}\n");
                    }
                    byte[] bytes = batch.toString().getBytes(StandardCharsets.UTF_8);
                    writer.append(bytes, bytes.length);
                  }
                  return null;
                }));
      }
      for (Future<?> future : done) {
        future.get();
      }
    } finally {
      pool.shutdown();
      for (JsonLinesFile writer : writers) {
        writer.close();
      }
    }

    int expected = 0;
    for (int i = 0; i < perWriter; i++) {
      expected += 1 + i % 4;
    }
    assertThat(TestRuns.readJsonLines(path)).hasSize(2 * expected);
  }

  @Test
  void aMissingFinalNewlineIsAdded() throws Exception {
    Path path = dir.resolve("one.jsonl");
    try (JsonLinesFile file = JsonLinesFile.open(path)) {
      byte[] first = "{\"a\":1}".getBytes(StandardCharsets.UTF_8);
      byte[] second = "{\"b\":2}\n".getBytes(StandardCharsets.UTF_8);
      file.append(first, first.length);
      file.append(second, second.length);
    }
    assertThat(TestRuns.lines(path)).containsExactly("{\"a\":1}", "{\"b\":2}");
  }

  @Test
  void aLineCutShortByAWriterThatDiedIsRemovedBeforeTheNextLines() throws IOException {
    Path path = dir.resolve("torn.jsonl");
    String longStart = "{\"a\":3,\"pad\":\"" + "x".repeat(100_000); // longer than a read block
    Files.writeString(path, "{\"a\":1}\n{\"a\":2}\n" + longStart);
    JsonLinesFile file = JsonLinesFile.open(path);
    byte[] next = "{\"a\":4}\n".getBytes(StandardCharsets.UTF_8);
    file.append(next, next.length);
    file.close();

    assertThat(Files.readAllLines(path)).containsExactly("{\"a\":1}", "{\"a\":2}", "{\"a\":4}");

    // A file of whole lines is left as it is; one holding only the start of a line is emptied.
    JsonLinesFile.open(path).close();
    assertThat(Files.readAllLines(path)).hasSize(3);
    Files.writeString(path, longStart);
    JsonLinesFile.open(path).close();
    assertThat(path).isEmptyFile();
  }
}
