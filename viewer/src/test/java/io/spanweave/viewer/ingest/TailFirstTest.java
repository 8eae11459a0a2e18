package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.json.StagesAnswer;
import io.spanweave.viewer.query.RolloutQueries;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.viewer.query.StepSelector;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A file that exists when the viewer starts is read newest block first: the latest step (the
 * default view) is complete after the first blocks, while most of the file is still unread, and the
 * whole file is indexed in the end. Appended lines are then read alone, not the file again.
 */
class TailFirstTest {
  @TempDir Path dir;

  @Test
  void theLatestStepIsCompleteLongBeforeTheFileIsAndAppendsAreReadAlone() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    SyntheticTraceFile generator = new SyntheticTraceFile(9, "run-a");
    try (Writer w = Files.newBufferedWriter(file, StandardCharsets.UTF_8)) {
      generator.write(w, 40_000); // 4,000 samples: 31 full steps and part of step 31
    }
    long size = Files.size(file);
    SpanIndex index = new SpanIndex();
    RolloutQueries queries = new RolloutQueries(index, new LiveSpans());
    OtlpLineParser parser = new OtlpLineParser();
    List<StagesAnswer> latestAfterEachBlock = new ArrayList<>();
    List<Long> bytesAfterEachBlock = new ArrayList<>();
    long[] delivered = new long[1];
    LineChunkSink sink =
        (data, length, offset, source) -> {
          try {
            index.addAll(parser.parseBlock(data, length, source.id(), offset, new int[1]));
          } catch (OtlpLineParser.MalformedLineException e) {
            throw new AssertionError(e);
          }
          delivered[0] += length;
          bytesAfterEachBlock.add(delivered[0]);
          latestAfterEachBlock.add(queries.stages(RunFilter.all(), StepSelector.parse("latest")));
        };
    try (SourceFiles sources = new SourceFiles()) {
      JsonlFollower follower = new JsonlFollower(file, sources);
      assertThat(follower.poll(sink)).isEqualTo(size);
      assertThat(index.spanCount()).isEqualTo(40_000);

      StagesAnswer complete = latestAfterEachBlock.get(latestAfterEachBlock.size() - 1);
      assertThat(complete.step()).isEqualTo(31);
      int firstComplete = latestAfterEachBlock.indexOf(complete);
      assertThat(firstComplete)
          .as("the latest step is complete after the newest blocks")
          .isLessThanOrEqualTo(2);
      assertThat(bytesAfterEachBlock.get(firstComplete))
          .as("with most of the file unread")
          .isLessThan(size / 4);
      assertThat(latestAfterEachBlock.subList(firstComplete, latestAfterEachBlock.size()))
          .allMatch(complete::equals);

      // Appending a step: only the new lines are read, and the latest step moves to it.
      try (Writer w =
          Files.newBufferedWriter(
              file, StandardCharsets.UTF_8, java.nio.file.StandardOpenOption.APPEND)) {
        w.write(
            Files.readAllLines(file)
                    .get(0)
                    .replace("\"intValue\":\"0\"", "\"intValue\":\"99\"")
                    .replaceFirst(
                        "\"traceId\":\"[0-9a-f]{32}\"",
                        "\"traceId\":\"0123456789abcdef0123456789abcdef\"")
                + "\n");
      }
      long appended = Files.size(file) - size;
      assertThat(follower.poll(sink)).isEqualTo(appended);
      assertThat(index.spanCount()).isEqualTo(40_001);
      assertThat(latestAfterEachBlock.get(latestAfterEachBlock.size() - 1).step()).isEqualTo(99);
    }
  }
}
