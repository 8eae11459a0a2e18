package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.viewer.bench.SyntheticTraceFile;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Files cut into chunks of whole lines newest block first, with lines longer than a block (the
 * runtime writes a batch of 512 spans, about 400 KB, per line): every line once, none split.
 */
class PartReadingTest {
  @TempDir Path dir;

  /** {@code samples} samples of one run, {@code spansPerLine} spans a line. */
  private static String samples(int samples, int spansPerLine) throws java.io.IOException {
    StringWriter text = new StringWriter();
    SyntheticTraceFile generator = new SyntheticTraceFile(1, "run-a", 128, spansPerLine);
    for (int sample = 0; sample < samples; sample++) {
      generator.writeSample(text, sample);
    }
    generator.endLine(text);
    return text.toString();
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void linesLongerThanABlockAreReadNewestFirstEachOnceAndWhole() throws Exception {
    String text = samples(600, 512);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    Path file = dir.resolve("traces.jsonl");
    Files.write(file, bytes);
    List<String> lines = text.lines().toList();
    assertThat(lines.get(0).length()).isGreaterThan(PartReading.CHUNK);

    List<long[]> chunks = new ArrayList<>();
    try (SourceFiles sources = new SourceFiles()) {
      SourceFile source = sources.open(file);
      long delivered =
          PartReading.newestFirst(
              source,
              0,
              PartReading.endOfLastLine(source),
              (data, length, offset, from) -> {
                chunks.add(new long[] {offset, length});
                assertThat(offset == 0 || bytes[(int) offset - 1] == '\n')
                    .as("a chunk starts a line")
                    .isTrue();
                assertThat(data[length - 1]).as("a chunk ends a line").isEqualTo((byte) '\n');
              });
      assertThat(delivered).isEqualTo(bytes.length);
    }
    chunks.sort((a, b) -> Long.compare(a[0], b[0]));
    long expected = 0;
    for (long[] c : chunks) {
      assertThat(c[0]).isEqualTo(expected);
      expected += c[1];
    }
    assertThat(expected).isEqualTo(bytes.length);
  }

  @Test
  @org.junit.jupiter.api.Timeout(60)
  void chunksReadIntoArraysTheSinkReusesHoldExactlyTheirLines() throws Exception {
    String text = samples(3000, 2);
    byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
    assertThat(bytes.length).isGreaterThan(4 * PartReading.CHUNK);
    Path file = dir.resolve("short-lines.jsonl");
    Files.write(file, bytes);
    byte[] reused = new byte[PartReading.CHUNK + 4096];
    byte[] copy = new byte[bytes.length];
    long[] covered = {0};
    try (SourceFiles sources = new SourceFiles()) {
      SourceFile source = sources.open(file);
      long delivered =
          PartReading.newestFirst(
              source,
              0,
              PartReading.endOfLastLine(source),
              new LineChunkSink() {
                @Override
                public void accept(byte[] data, int length, long offset, SourceFile from) {
                  assertThat(data).isSameAs(reused);
                  System.arraycopy(data, 0, copy, (int) offset, length);
                  covered[0] += length;
                  java.util.Arrays.fill(data, (byte) 'x'); // what a reused array still holds
                }

                @Override
                public byte[] buffer(int minLength) {
                  assertThat(minLength).isLessThanOrEqualTo(reused.length);
                  return reused;
                }
              });
      assertThat(delivered).isEqualTo(bytes.length);
    }
    assertThat(covered[0]).isEqualTo(bytes.length);
    assertThat(copy).isEqualTo(bytes);
  }
}
