package io.spanweave.runfiles.spi;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.runfiles.internal.parts.GzipCodec;
import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PartCatalog;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PartReader;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A codec module's codec, registered only through META-INF/services, is the one interface every
 * reader uses: found by name (the runtime's setting) and by extension (the readers), its parts
 * listed and read in order, and read by the viewer's {@link RunPartCodec#open} from the start, with
 * a part cut short ending in a {@link DamagedPartException} after the bytes that decoded.
 */
class RunPartCodecTest {
  @TempDir Path dir;

  private static final String LINES = lines(0, 2_000);

  @Test
  void aRegisteredCodecIsFoundByNameAndByExtensionAfterGzip() {
    assertThat(PartCodecs.find("test-deflate")).get().isInstanceOf(DeflateTestCodec.class);
    assertThat(PartCodecs.byExtension("zz")).get().isInstanceOf(DeflateTestCodec.class);
    assertThat(PartCodecs.find("gzip")).get().isSameAs(GzipCodec.INSTANCE);
    assertThat(PartCodecs.names())
        .startsWith("gzip")
        .contains("test-deflate")
        .doesNotContain("none");
    assertThat(PartCodecs.find("zstd")).isEmpty();
    assertThat(PartCodecs.forExtension("zst")).isNull();
  }

  @Test
  void itsPartsAreListedAndReadInOrderWithTheOthers() throws IOException {
    Files.write(
        dir.resolve("traces-000001.jsonl.zz"), compress(new DeflateTestCodec(), lines(0, 100)));
    Files.write(
        dir.resolve("traces-000002.jsonl.gz"), compress(GzipCodec.INSTANCE, lines(100, 200)));
    Files.writeString(dir.resolve("traces.jsonl"), lines(200, 300));

    List<Part> parts = new PartCatalog(dir.resolve("traces.jsonl")).list();
    assertThat(parts.get(0).codec()).isInstanceOf(DeflateTestCodec.class);
    List<String> read = new ArrayList<>();
    PartReader.Outcome outcome =
        PartReader.read(dir.resolve("traces.jsonl"), (part, number, line) -> read.add(line));
    assertThat(outcome.skipped()).isEmpty();
    assertThat(read).containsExactlyElementsOf(Arrays.asList(lines(0, 300).split("\n")));
  }

  @Test
  void theDefaultOpenReadsAStreamCodecFromItsStartOnly() throws IOException {
    Path file = dir.resolve("traces-000001.jsonl.zz");
    Files.write(file, compress(new DeflateTestCodec(), LINES));
    RunPartCodec codec = PartCodecs.forExtension("zz");
    assertThat(codec.seekable()).isFalse();
    try (FileChannel channel = FileChannel.open(file);
        PartInput in = codec.open(channel, SeekPoint.START)) {
      assertThat(new String(readAll(in), StandardCharsets.UTF_8)).isEqualTo(LINES);
      assertThat(in.position()).isEqualTo(LINES.getBytes(StandardCharsets.UTF_8).length);
      assertThat(in.seekPoints()).containsExactly(SeekPoint.START);
      assertThat(channel.isOpen()).as("the channel stays the caller's").isTrue();
    }
    try (FileChannel channel = FileChannel.open(file)) {
      assertThatThrownBy(() -> codec.open(channel, new SeekPoint(10, 100)))
          .isInstanceOf(IllegalArgumentException.class)
          .hasMessageContaining("test-deflate");
    }
  }

  @Test
  void aStreamCodecsPartCutShortEndsInDamageAfterWhatDecoded() throws IOException {
    byte[] whole = compress(new DeflateTestCodec(), LINES);
    Path file = dir.resolve("traces-000001.jsonl.zz");
    Files.write(file, Arrays.copyOf(whole, whole.length / 2));
    ByteArrayOutputStream delivered = new ByteArrayOutputStream();
    try (FileChannel channel = FileChannel.open(file);
        PartInput in = PartCodecs.forExtension("zz").open(channel, SeekPoint.START)) {
      assertThatThrownBy(
              () -> {
                byte[] buffer = new byte[512];
                int n;
                while ((n = in.read(buffer, 0, buffer.length)) > 0) {
                  delivered.write(buffer, 0, n);
                }
              })
          .isInstanceOfSatisfying(
              DamagedPartException.class,
              e -> assertThat(e.offset()).isEqualTo(delivered.size()).isPositive());
    }
    assertThat(LINES).startsWith(delivered.toString(StandardCharsets.UTF_8));
  }

  private static byte[] compress(RunPartCodec codec, String text) throws IOException {
    ByteArrayOutputStream bytes = new ByteArrayOutputStream();
    try (OutputStream out = codec.compressing(bytes)) {
      out.write(text.getBytes(StandardCharsets.UTF_8));
    }
    return bytes.toByteArray();
  }

  private static byte[] readAll(PartInput in) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    byte[] buffer = new byte[333];
    int n;
    while ((n = in.read(buffer, 0, buffer.length)) > 0) {
      out.write(buffer, 0, n);
    }
    return out.toByteArray();
  }

  private static String lines(int from, int to) {
    StringBuilder b = new StringBuilder();
    for (int k = from; k < to; k++) {
      b.append("{\"line\":")
          .append(k)
          .append(",\"text\":\"")
          .append(Integer.toHexString(k * 7919))
          .append("\"}\n");
    }
    return b.toString();
  }
}
