package io.spanweave.runfiles.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Reading a run's parts while it is written and after it was damaged, on real files: every line
 * once and in order, and a sentence for whatever could not be read.
 */
class PartReaderTest {

  @TempDir Path dir;

  private Path active() {
    return dir.resolve("traces.jsonl");
  }

  private static List<String> lines(String prefix, int count) {
    List<String> lines = new ArrayList<>();
    for (int i = 0; i < count; i++) {
      lines.add("{\"" + prefix + "\":" + i + ",\"pad\":\"" + "x".repeat(40 + i % 17) + "\"}");
    }
    return lines;
  }

  private static byte[] text(List<String> lines) {
    return (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8);
  }

  private Path plain(String name, List<String> lines) throws IOException {
    return Files.write(dir.resolve(name), text(lines));
  }

  private Path gzip(String name, List<String> lines) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = new GZIPOutputStream(bytes)) {
      out.write(text(lines));
    }
    return Files.write(dir.resolve(name), bytes.toByteArray());
  }

  private record Read(List<String> lines, PartReader.Outcome outcome) {}

  private Read read(PartReader.LineHandler also) throws IOException {
    List<String> lines = new ArrayList<>();
    PartReader.Outcome outcome =
        PartReader.read(
            active(),
            (part, number, line) -> {
              lines.add(line);
              also.line(part, number, line);
            });
    return new Read(lines, outcome);
  }

  private static List<String> concat(List<List<String>> parts) {
    List<String> all = new ArrayList<>();
    parts.forEach(all::addAll);
    return all;
  }

  @Test
  void closedPartsInSequenceOrderThenThePartBeingWritten() throws IOException {
    List<String> a = lines("a", 50);
    List<String> b = lines("b", 50);
    List<String> c = lines("c", 50);
    List<String> d = lines("d", 20);
    gzip("traces-000002.jsonl.gz", b);
    plain("traces-000010.jsonl", d.subList(0, 10)); // sequence numbers compare as numbers
    gzip("traces-000001.jsonl.gz", a);
    plain("traces-000003.jsonl", c);
    plain("traces.jsonl", d.subList(10, 20));
    Files.writeString(dir.resolve("traces.jsonl.lock"), ""); // not a part
    Files.writeString(dir.resolve(".traces-000004.jsonl.gz.77.tmp"), "half"); // never read

    Read read = read((part, n, line) -> {});
    assertThat(read.lines()).containsExactlyElementsOf(concat(List.of(a, b, c, d)));
    assertThat(read.outcome().skipped()).isEmpty();
    assertThat(read.outcome().parts()).isEqualTo(5);
    assertThat(PartReader.list(active()))
        .extracting(Part::sequence)
        .containsExactly(1L, 2L, 3L, 10L, Part.LIVE);
  }

  @Test
  void aPartPresentPlainAndCompressedIsReadOnce() throws IOException {
    List<String> a = lines("a", 30);
    plain("traces-000001.jsonl", a);
    gzip("traces-000001.jsonl.gz", a);
    plain("traces.jsonl", lines("z", 3));

    assertThat(PartReader.list(active()))
        .extracting(p -> p.path().getFileName().toString())
        .containsExactly("traces-000001.jsonl", "traces.jsonl");
    assertThat(read((part, n, line) -> {}).lines()).hasSize(33).doesNotHaveDuplicates();
  }

  @Test
  void aTruncatedCompressedPartGivesItsWholeLinesAndSaysTheRestWasSkipped() throws IOException {
    List<String> a = lines("a", 3000);
    List<String> b = lines("b", 40);
    Path first = gzip("traces-000001.jsonl.gz", a);
    byte[] whole = Files.readAllBytes(first);
    Files.write(
        first, java.util.Arrays.copyOf(whole, whole.length / 2)); // killed while it was written
    gzip("traces-000002.jsonl.gz", b);
    plain("traces.jsonl", lines("c", 5));

    Read read = read((part, n, line) -> {});
    List<String> fromFirst = read.lines().stream().filter(l -> l.startsWith("{\"a\"")).toList();
    assertThat(fromFirst).isNotEmpty().hasSizeLessThan(3000);
    assertThat(a.subList(0, fromFirst.size())).as("a prefix of whole lines").isEqualTo(fromFirst);
    assertThat(read.lines()).containsSubsequence(b).endsWith(lines("c", 5).toArray(String[]::new));
    assertThat(read.outcome().skipped())
        .singleElement()
        .asString()
        .contains(
            "traces-000001.jsonl.gz", "after line " + fromFirst.size(), "rest of it was skipped");
  }

  @Test
  void aCorruptCompressedPartIsSkippedFromTheDamageOn() throws IOException {
    List<String> a = lines("a", 3000);
    Path first = gzip("traces-000001.jsonl.gz", a);
    byte[] bytes = Files.readAllBytes(first);
    for (int k = bytes.length / 2; k < bytes.length / 2 + 64; k++) {
      bytes[k] = (byte) ~bytes[k];
    }
    Files.write(first, bytes);
    plain("traces.jsonl", lines("c", 5));

    Read read = read((part, n, line) -> {});
    // gzip checks a segment's CRC at its end: lines decoded just before the damage is noticed can
    // be wrong (a consumer rejects them as malformed), but the part is reported and the run goes
    // on.
    assertThat(read.lines()).startsWith(a.get(0)).endsWith(lines("c", 5).toArray(String[]::new));
    assertThat(read.lines().stream().filter(l -> l.startsWith("{\"a\"")).count()).isLessThan(3000);
    assertThat(read.outcome().skipped())
        .singleElement()
        .asString()
        .contains("traces-000001.jsonl.gz", "rest of it was skipped");
  }

  @Test
  void aPartDeletedBeforeItIsReadIsSkippedAndSaidSo() throws IOException {
    plain("traces-000001.jsonl", lines("a", 10));
    plain("traces-000002.jsonl", lines("b", 10));
    gzip("traces-000003.jsonl.gz", lines("c", 10));
    plain("traces.jsonl", lines("d", 10));

    Read read =
        read(
            (part, n, line) -> {
              if (part.sequence() == 1 && n == 1) {
                Files.delete(
                    dir.resolve(
                        "traces-000002.jsonl")); // a clean-up script, or a user, deletes a part
              }
            });
    assertThat(read.lines())
        .containsExactlyElementsOf(concat(List.of(lines("a", 10), lines("c", 10), lines("d", 10))));
    assertThat(read.outcome().skipped())
        .containsExactly(
            "traces-000002.jsonl: deleted before it could be read; its spans " + "were skipped");
  }

  @Test
  void aPartCompressedBetweenTheListingAndItsReadIsReadCompressed() throws IOException {
    List<String> b = lines("b", 100);
    plain("traces-000001.jsonl", lines("a", 10));
    plain("traces-000002.jsonl", b);
    plain("traces.jsonl", lines("c", 10));

    Read read =
        read(
            (part, n, line) -> {
              if (part.sequence() == 1 && n == 1) {
                gzip(
                    "traces-000002.jsonl.gz",
                    b); // the background compressor: compressed part in place,
                Files.delete(dir.resolve("traces-000002.jsonl")); // then the plain one deleted
              }
            });
    assertThat(read.lines())
        .containsExactlyElementsOf(concat(List.of(lines("a", 10), b, lines("c", 10))));
    assertThat(read.outcome().skipped()).isEmpty();
  }

  @Test
  void thePartBeingWrittenClosedWhileItIsReadIsContinuedNotRepeated() throws IOException {
    List<String> a = lines("a", 10);
    List<String> before = lines("w", 10);
    List<String> written = lines("late", 5);
    List<String> next = lines("n", 7);
    plain("traces-000001.jsonl", a);
    plain("traces.jsonl", before);

    Read read =
        read(
            (part, n, line) -> {
              if (part.live() && n == 1 && line.equals(before.get(0))) {
                // The writer appends a little more, closes the part (rename) and starts a new one.
                Files.write(active(), text(written), StandardOpenOption.APPEND);
                Files.move(
                    active(), dir.resolve("traces-000002.jsonl"), StandardCopyOption.ATOMIC_MOVE);
                Files.write(active(), text(next));
              }
            });
    assertThat(read.lines()).containsExactlyElementsOf(concat(List.of(a, before, written, next)));
    assertThat(read.outcome().skipped()).isEmpty();
  }

  @Test
  void theLastLineOfThePartBeingWrittenIsLeftUntilItEnds() throws IOException {
    plain("traces-000001.jsonl", lines("a", 3));
    Files.writeString(active(), "{\"b\":1}\n{\"b\":2,\"cut", StandardCharsets.UTF_8);

    Read read = read((part, n, line) -> {});
    assertThat(read.lines())
        .containsExactly(
            lines("a", 3).get(0), lines("a", 3).get(1), lines("a", 3).get(2), "{\"b\":1}");
    assertThat(read.outcome().skipped()).isEmpty();
  }

  @Test
  void aRunWithoutPartsIsItsOneFileAndAMissingRunIsEmpty() throws IOException {
    assertThat(read((part, n, line) -> {}).lines()).isEmpty();
    plain("traces.jsonl", lines("a", 4));
    assertThat(read((part, n, line) -> {}).lines()).containsExactlyElementsOf(lines("a", 4));
  }
}
