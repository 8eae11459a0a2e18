package io.spanweave.runtime.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PartReader;
import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import java.util.zip.Inflater;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The background compression of closed parts, and what it leaves when a process dies or the disk is
 * full.
 */
class PartCompressorTest {

  private static final RunPartCodec GZIP = PartCodecs.find("gzip").orElseThrow();

  @TempDir Path dir;

  private static String lines(String prefix, int count) {
    StringBuilder text = new StringBuilder();
    for (int i = 0; i < count; i++) {
      text.append("{\"")
          .append(prefix)
          .append("\":")
          .append(i)
          .append(",\"pad\":\"")
          .append("y".repeat(i % 50))
          .append("\"}\n");
    }
    return text.toString();
  }

  private List<String> files() throws IOException {
    try (Stream<Path> list = Files.list(dir)) {
      return list.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  private String readRun() throws IOException {
    StringBuilder all = new StringBuilder();
    PartReader.Outcome outcome =
        PartReader.read(
            dir.resolve("traces.jsonl"), (part, n, line) -> all.append(line).append('\n'));
    assertThat(outcome.skipped()).isEmpty();
    return all.toString();
  }

  @Test
  void aPartIsCompressedInSegmentsOfWholeLinesThatGzipReadsAsOne() throws IOException {
    String text = lines("a", 20_000);
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (SegmentedOutputStream out = new SegmentedOutputStream(bytes, GZIP, 64 * 1024)) {
      byte[] plain = text.getBytes(StandardCharsets.UTF_8);
      for (int off = 0;
          off < plain.length;
          off += 7000) { // writes that cross segment ends anywhere
        out.write(plain, off, Math.min(7000, plain.length - off));
      }
    }
    byte[] gz = bytes.toByteArray();
    try (InputStream in = new GZIPInputStream(new java.io.ByteArrayInputStream(gz))) {
      assertThat(new String(in.readAllBytes(), StandardCharsets.UTF_8)).isEqualTo(text);
    }
    // Member by member (the JDK writes a 10-byte header and an 8-byte trailer): each is whole
    // lines.
    List<String> members = new ArrayList<>();
    int position = 0;
    while (position < gz.length) {
      Inflater inflater = new Inflater(true);
      inflater.setInput(gz, position + 10, gz.length - position - 10);
      ByteArrayOutputStream member = new ByteArrayOutputStream();
      byte[] chunk = new byte[65536];
      try {
        while (!inflater.finished()) {
          member.write(chunk, 0, inflater.inflate(chunk));
        }
      } catch (java.util.zip.DataFormatException e) {
        throw new AssertionError(e);
      }
      position = gz.length - inflater.getRemaining() + 8;
      inflater.end();
      members.add(member.toString(StandardCharsets.UTF_8));
    }
    assertThat(members).hasSizeGreaterThan(10);
    assertThat(String.join("", members)).isEqualTo(text);
    for (int k = 0; k < members.size(); k++) {
      assertThat(members.get(k)).startsWith("{\"a\":").endsWith("\"}\n");
      if (k < members.size() - 1) {
        assertThat(members.get(k).length())
            .isGreaterThanOrEqualTo(64 * 1024)
            .isLessThan(64 * 1024 + 200);
      }
    }
  }

  @Test
  void whatAKilledProcessLeftIsFinishedByTheNextWriterOfTheRun() throws Exception {
    // A process killed while compressing part 1 (its temporary file, half written), one killed
    // between the rename and the delete of part 2 (both forms, complete), and part 3 never started.
    Process dead = new ProcessBuilder("true").start();
    dead.waitFor();
    Files.writeString(dir.resolve("traces-000001.jsonl"), lines("a", 500));
    Files.write(
        dir.resolve(".traces-000001.jsonl.gz." + dead.pid() + ".tmp"),
        new byte[] {31, (byte) 139, 8, 0});
    Files.writeString(dir.resolve("traces-000002.jsonl"), lines("b", 500));
    compressWithGzip(dir.resolve("traces-000002.jsonl"), dir.resolve("traces-000002.jsonl.gz"));
    Files.writeString(dir.resolve("traces-000003.jsonl"), lines("c", 500));
    Files.writeString(dir.resolve("traces.jsonl"), lines("d", 10));
    // A compression under way in another live process of the run is left alone.
    Process alive = new ProcessBuilder("sleep", "30").start();
    Path othersTemporary =
        Files.writeString(dir.resolve(".traces-000009.jsonl.gz." + alive.pid() + ".tmp"), "busy");
    String before = readRun();
    assertThat(before)
        .isEqualTo(lines("a", 500) + lines("b", 500) + lines("c", 500) + lines("d", 10));

    try {
      TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 1 << 20, GZIP);
      parts.close(Duration.ofSeconds(20));
      assertThat(parts.partsLeftPlain()).isZero();
      // .spanweave-viewer: the run manifest (these lines are not spans, so no part has a summary).
      // The part being written is closed as the next part at close, and compressed too.
      assertThat(files())
          .containsExactly(
              ".spanweave-viewer",
              ".traces-000009.jsonl.gz." + alive.pid() + ".tmp",
              ".traces.jsonl.lock",
              "traces-000001.jsonl.gz",
              "traces-000002.jsonl.gz",
              "traces-000003.jsonl.gz",
              "traces-000004.jsonl.gz");
      assertThat(othersTemporary).hasContent("busy");
      assertThat(readRun()).isEqualTo(before);
    } finally {
      alive.destroyForcibly();
    }
  }

  private static void compressWithGzip(Path from, Path to) throws IOException {
    try (var out = new java.util.zip.GZIPOutputStream(Files.newOutputStream(to))) {
      Files.copy(from, out);
    }
  }

  @Test
  void rotationClosesPartsAtTheSizeAndTheCompressorReplacesThem() throws IOException {
    TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 8192, GZIP);
    StringBuilder written = new StringBuilder();
    for (int i = 0; i < 400; i++) {
      String line = "{\"n\":" + i + ",\"pad\":\"" + "z".repeat(100) + "\"}\n";
      byte[] bytes = line.getBytes(StandardCharsets.UTF_8);
      parts.file().append(bytes, bytes.length);
      written.append(line);
    }
    parts.close(Duration.ofSeconds(20));

    assertThat(parts.partsCompressed()).isGreaterThan(4);
    assertThat(files())
        .filteredOn(name -> name.startsWith("traces-"))
        .allMatch(name -> name.endsWith(".jsonl.gz"));
    for (String name : files()) {
      if (name.startsWith("traces-")) {
        try (InputStream in = new GZIPInputStream(Files.newInputStream(dir.resolve(name)))) {
          assertThat(in.readAllBytes().length).isLessThanOrEqualTo(8192);
        }
      }
    }
    assertThat(readRun()).isEqualTo(written.toString());
  }

  /**
   * gzip that takes a fifth of a second for every write: compressing a run with it outlasts any
   * close.
   */
  private static final class SlowGzip implements RunPartCodec {
    @Override
    public String name() {
      return "slow-gzip";
    }

    @Override
    public String fileExtension() {
      return "gz";
    }

    @Override
    public java.io.OutputStream compressing(java.io.OutputStream out) throws IOException {
      return new java.util.zip.GZIPOutputStream(out) {
        @Override
        public synchronized void write(byte[] b, int off, int len) throws IOException {
          try {
            Thread.sleep(200);
          } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
          }
          super.write(b, off, len);
        }
      };
    }

    @Override
    public InputStream decompressing(InputStream in) throws IOException {
      return new GZIPInputStream(in);
    }
  }

  @Test
  void closeStopsAtItsDeadlineLeavingTheRestPlainCountedAndReadable() throws IOException {
    TraceParts parts = TraceParts.open(dir.resolve("traces.jsonl"), 1 << 20, new SlowGzip());
    StringBuilder written = new StringBuilder();
    String block = lines("e", 20_000); // about 0.9 MiB
    byte[] bytes = block.getBytes(StandardCharsets.UTF_8);
    for (int i = 0;
        i < 12;
        i++) { // 12 closed parts (the last at close) of four or more slow writes each: 10 s or more
      parts.file().append(bytes, bytes.length);
      written.append(block);
    }

    long start = System.nanoTime();
    parts.close(Duration.ofMillis(300));
    long closeMillis = (System.nanoTime() - start) / 1_000_000;

    assertThat(closeMillis)
        .as("close waits its deadline and a chunk more, not for the work")
        .isLessThan(5_000);
    long plain = files().stream().filter(name -> name.matches("traces-\\d+\\.jsonl")).count();
    assertThat(plain).isPositive();
    assertThat(parts.partsLeftPlain()).isEqualTo(plain);
    assertThat(parts.partsCompressed() + plain).isEqualTo(12);
    assertThat(files()).noneMatch(name -> name.endsWith(".tmp"));
    assertThat(readRun()).isEqualTo(written.toString());
  }
}
