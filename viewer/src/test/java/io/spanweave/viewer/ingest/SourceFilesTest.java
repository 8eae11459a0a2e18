package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.parts.GzipCodec;
import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A long run's first pass opens more parts than there are source ids (over a thousand for 100M
 * spans): the part being written and the parts whose spans are in memory keep their ids and open
 * channels, so the run is still followed and their spans' details still read from the right file.
 */
class SourceFilesTest {
  @TempDir Path dir;

  @Test
  void thePartBeingWrittenAndPartsWithSpansInMemoryKeepTheirIdsPastTheWrap() throws Exception {
    Path livePath =
        Files.writeString(dir.resolve("traces.jsonl"), "live line\n", StandardCharsets.UTF_8);
    Path newest =
        Files.writeString(
            dir.resolve("traces-000999.jsonl"), "newest line\n", StandardCharsets.UTF_8);
    Path older =
        Files.writeString(dir.resolve("traces-000001.jsonl.gz"), "x", StandardCharsets.UTF_8);
    try (SourceFiles sources = new SourceFiles()) {
      SourceFile live =
          sources.open(
              livePath,
              PlainCodec.INSTANCE,
              new PartState(new Part(livePath, Part.LIVE, PlainCodec.INSTANCE, "", null), 1));
      PartState newestState =
          new PartState(new Part(newest, 999, PlainCodec.INSTANCE, "", null), 2);
      newestState.markInMemory(0, true);
      SourceFile inMemory = sources.open(newest, PlainCodec.INSTANCE, newestState);
      Set<Integer> summarisedIds = new HashSet<>();
      for (int k = 0; k < 1_000; k++) {
        PartState summarised =
            new PartState(new Part(older, k + 1, GzipCodec.INSTANCE, "gz", null), 10 + k);
        SourceFile f = sources.open(older, GzipCodec.INSTANCE, summarised);
        summarised.markInMemory(0, false);
        summarisedIds.add(f.id());
      }
      assertThat(summarisedIds).doesNotContain(live.id(), inMemory.id());
      assertThat(sources.get(live.id())).isSameAs(live);
      assertThat(sources.get(inMemory.id())).isSameAs(inMemory);
      assertThat(new String(live.read(0, 4), StandardCharsets.UTF_8)).isEqualTo("live");
      assertThat(new String(inMemory.read(0, 6), StandardCharsets.UTF_8)).isEqualTo("newest");
    }
  }
}
