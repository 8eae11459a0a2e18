package io.spanweave.runfiles.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which files of a traces folder are parts of the run, in which order, read how. */
class PartCatalogTest {
  @TempDir Path dir;

  private void touch(String name, long ageMillis) throws IOException {
    Path p = dir.resolve(name);
    Files.writeString(p, "x\n");
    Files.setLastModifiedTime(p, FileTime.fromMillis(System.currentTimeMillis() - ageMillis));
  }

  @Test
  void numberedPartsInSequenceThenTheLivePartLastAFileBothPlainAndCompressedOnce()
      throws IOException {
    touch("traces.jsonl", 0);
    touch("traces-000002.jsonl", 10);
    touch("traces-000002.jsonl.gz", 5); // compressed while the plain copy is still there
    touch("traces-000001.jsonl.gz", 100);
    touch("traces-000010.jsonl.gz", 1);
    touch("traces-000003.jsonl.gz.tmp", 1); // a writer's temporary file
    touch("traces-000004.jsonl.zst", 1); // a codec this viewer has no reader for
    touch("live.jsonl", 0);
    touch("other.jsonl", 0);
    List<Part> parts = new PartCatalog(dir.resolve("traces.jsonl")).list();
    assertThat(parts)
        .extracting(Part::name)
        .containsExactly(
            "traces-000001.jsonl.gz",
            "traces-000002.jsonl.gz",
            "traces-000004.jsonl.zst",
            "traces-000010.jsonl.gz",
            "traces.jsonl");
    assertThat(parts.get(1).plainTwin()).isEqualTo(dir.resolve("traces-000002.jsonl"));
    assertThat(parts.get(1).codec()).isSameAs(GzipCodec.INSTANCE);
    assertThat(parts.get(2).codec()).isNull();
    assertThat(parts.get(2).extension()).isEqualTo("zst");
    assertThat(parts.get(4).live()).isTrue();
    assertThat(parts.get(4).codec()).isSameAs(PlainCodec.INSTANCE);
    assertThat(parts).extracting(Part::sequence).startsWith(1L, 2L, 4L, 10L);
  }

  @Test
  void filesRotatedByOtherToolsComeFirstOldestFirst() throws IOException {
    touch("traces.jsonl", 0);
    touch("traces.jsonl.1", 1_000);
    touch("traces.jsonl.2.gz", 2_000);
    touch("traces-2026-01-01T00-00-00.jsonl", 3_000);
    touch("traces-000001.jsonl.gz", 500);
    List<Part> parts = new PartCatalog(dir.resolve("traces.jsonl")).list();
    assertThat(parts)
        .extracting(Part::name)
        .containsExactly(
            "traces-2026-01-01T00-00-00.jsonl",
            "traces.jsonl.2.gz",
            "traces.jsonl.1",
            "traces-000001.jsonl.gz",
            "traces.jsonl");
    assertThat(parts.get(1).codec()).isSameAs(GzipCodec.INSTANCE);
  }

  @Test
  void aFolderWithoutTheLivePartOrWithoutAnythingYet() throws IOException {
    assertThat(new PartCatalog(dir.resolve("missing").resolve("traces.jsonl")).list()).isEmpty();
    touch("traces-000001.jsonl.gz", 0);
    assertThat(new PartCatalog(dir.resolve("traces.jsonl")).list())
        .extracting(Part::name)
        .containsExactly("traces-000001.jsonl.gz");
  }
}
