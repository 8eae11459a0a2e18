package io.spanweave.runfiles.internal.summary;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.runfiles.internal.parts.PartFingerprint;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A part's summary file: read as written, refused for another part or segment size, never read
 * half; the check it records changes when the stored part does.
 */
class PartSummaryFileTest {
  @TempDir Path dir;

  private static final long FINGERPRINT = 0x8badf00d12345678L;
  private static final long SEGMENT = 1 << 20;

  private Path part(byte[] bytes) throws IOException {
    return Files.write(dir.resolve("traces-000001.jsonl.gz"), bytes);
  }

  @Test
  void aSummaryReadsAsItWasWrittenForItsPartAndSegmentSizeOnly() throws IOException {
    byte[] stored = new byte[100_000];
    Arrays.fill(stored, (byte) 'x');
    Path part = part(stored);
    PartSummaryFile.Contents written =
        new PartSummaryFile.Contents(
            PartSummaryFile.Check.of(part),
            3 << 20,
            List.of(SeekPoint.START, new SeekPoint(4096, 8 << 20)),
            List.of(SummaryFixture.segment()));
    Path file =
        PartSummaryFile.write(
            dir.resolve(PartSummaryFile.DIRECTORY), FINGERPRINT, SEGMENT, written);

    assertThat(file.getFileName().toString()).isEqualTo("part-8badf00d12345678-100000.summary");
    try (var files = Files.list(file.getParent())) {
      assertThat(files).containsExactly(file); // no temporary left
    }
    PartSummaryFile.Contents read = PartSummaryFile.read(file, FINGERPRINT, SEGMENT);
    assertThat(read.check())
        .isEqualTo(new PartSummaryFile.Check(100_000, read.check().tailCrc()))
        .isEqualTo(PartSummaryFile.Check.of(part));
    assertThat(read.decodedBytes()).isEqualTo(3 << 20);
    assertThat(read.seekPoints()).isEqualTo(written.seekPoints());
    assertThat(SummaryFixture.bytes(read.segments().get(0)))
        .isEqualTo(SummaryFixture.bytes(SummaryFixture.segment()));

    // Read for where its steps, traces and samples are only: the cells are skipped.
    SegmentSummary lean = PartSummaryFile.read(file, FINGERPRINT, SEGMENT, false).segments().get(0);
    SegmentSummary full = read.segments().get(0);
    assertThat(lean.steps()).isEqualTo(full.steps()).isNotEmpty();
    assertThat(List.of(lean.start(), lean.end(), lean.lines(), lean.spans()))
        .isEqualTo(List.of(full.start(), full.end(), full.lines(), full.spans()));
    assertThat(lean.seek()).isEqualTo(full.seek());
    assertThat(lean.mightHoldTrace(StepStats.hash("trace-7"))).isTrue();
    List<Integer> cellSteps = new java.util.ArrayList<>();
    lean.forEachCell((run, step, stats) -> cellSteps.add(step));
    assertThat(cellSteps).isEmpty();

    assertThat(PartSummaryFile.read(file, FINGERPRINT + 1, SEGMENT)).isNull();
    assertThat(PartSummaryFile.read(file, FINGERPRINT, SEGMENT * 2)).isNull();

    // A summary of version 4 (the same content, deflated) is not one: it is built again.
    java.io.ByteArrayOutputStream deflated = new java.io.ByteArrayOutputStream();
    try (var out = new java.util.zip.DeflaterOutputStream(deflated)) {
      out.write(Files.readAllBytes(file));
    }
    Files.write(file, deflated.toByteArray());
    assertThat(PartSummaryFile.read(file, FINGERPRINT, SEGMENT)).isNull();
  }

  @Test
  void aFileCutShortIsAnErrorNotASummary() throws IOException {
    Path part = part(new byte[10]);
    Path file =
        PartSummaryFile.write(
            dir,
            FINGERPRINT,
            SEGMENT,
            new PartSummaryFile.Contents(
                PartSummaryFile.Check.of(part),
                10,
                List.of(SeekPoint.START),
                List.of(SummaryFixture.segment())));
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(whole, whole.length / 2));
    assertThatThrownBy(() -> PartSummaryFile.read(file, FINGERPRINT, SEGMENT))
        .isInstanceOf(IOException.class);
  }

  @Test
  void theCheckChangesWithTheStoredSizeAndWithTheTail() throws IOException {
    byte[] stored = new byte[200_000];
    Arrays.fill(stored, (byte) 'a');
    PartSummaryFile.Check before = PartSummaryFile.Check.of(part(stored));
    stored[stored.length - 3] = 'b'; // a trailer rewritten: same size, another tail
    PartSummaryFile.Check rewritten = PartSummaryFile.Check.of(part(stored));
    PartSummaryFile.Check grown =
        PartSummaryFile.Check.of(part(Arrays.copyOf(stored, stored.length + 1)));

    assertThat(rewritten.storedBytes()).isEqualTo(before.storedBytes());
    assertThat(rewritten).isNotEqualTo(before);
    assertThat(grown.storedBytes()).isEqualTo(200_001);
    assertThat(grown).isNotEqualTo(rewritten);
  }

  @Test
  void aPartsMatchingSummaryIsFoundOnlyWhileThePartIsStoredAsItWasSummarised() throws IOException {
    Path part = dir.resolve("traces-000001.jsonl");
    Files.writeString(part, "{\"resourceSpans\":[]}\n".repeat(1_000));
    long fingerprint;
    try (FileChannel channel = FileChannel.open(part, StandardOpenOption.READ)) {
      fingerprint = PartFingerprint.of(channel, PlainCodec.INSTANCE, true);
    }
    Path summaries = dir.resolve(PartSummaryFile.DIRECTORY);
    assertThat(PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT)).isNull();
    Path file =
        PartSummaryFile.write(
            summaries,
            fingerprint,
            SEGMENT,
            new PartSummaryFile.Contents(
                PartSummaryFile.Check.of(part),
                Files.size(part),
                List.of(SeekPoint.START),
                List.of(SummaryFixture.segment())));

    assertThat(PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT))
        .isEqualTo(new PartSummaryFile.Match(file, fingerprint, PartSummaryFile.Check.of(part)));
    assertThat(PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT * 2))
        .as("another segment size")
        .isNull();
    byte[] whole = Files.readAllBytes(file);
    Files.write(file, Arrays.copyOf(whole, 12));
    assertThat(PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT))
        .as("a summary cut short")
        .isNull();
    Files.write(file, whole);
    Files.writeString(part, "{\"resourceSpans\":[]}\n", StandardOpenOption.APPEND);
    assertThat(PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT))
        .as("the same part (same fingerprint) grown since it was summarised")
        .isNull();
    Files.delete(part);
    assertThatThrownBy(
            () -> PartSummaryFile.matching(summaries, part, PlainCodec.INSTANCE, SEGMENT))
        .isInstanceOf(NoSuchFileException.class);
  }
}
