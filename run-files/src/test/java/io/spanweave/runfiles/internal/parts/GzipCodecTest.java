package io.spanweave.runfiles.internal.parts;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Random;
import java.util.zip.GZIPOutputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * gzip parts read back exactly, entered at any member, and a part cut short or damaged read up to
 * the damage with an exception that says where, never silently short.
 */
class GzipCodecTest {
  @TempDir Path dir;

  private static byte[] lines(int count) {
    StringBuilder b = new StringBuilder();
    Random random = new Random(1);
    for (int k = 0; k < count; k++) {
      b.append("{\"line\":")
          .append(k)
          .append(",\"noise\":\"")
          .append(Long.toHexString(random.nextLong()))
          .append("\"}\n");
    }
    return b.toString().getBytes(StandardCharsets.UTF_8);
  }

  private Path write(String name, byte[] stored) throws IOException {
    Path file = dir.resolve(name);
    Files.write(file, stored);
    return file;
  }

  private static byte[] gzipMembers(byte[] data, int memberBytes) throws IOException {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    int from = 0;
    while (from
        < data.length) { // a new member at the first line end after every memberBytes (0: one);
      // closing a member's stream closes the ByteArrayOutputStream, which stays writable
      int to = data.length;
      if (memberBytes > 0 && from + memberBytes < data.length) {
        to = from + memberBytes;
        while (to < data.length && data[to - 1] != '\n') {
          to++;
        }
      }
      try (GZIPOutputStream gz = new GZIPOutputStream(out, 1 << 16)) { // the default level
        gz.write(data, from, to - from);
      }
      from = to;
    }
    return out.toByteArray();
  }

  /**
   * Reads everything from {@code from}; returns the bytes and leaves the seek points in {@code
   * points}.
   */
  private static byte[] readAll(Path file, SeekPoint from, List<SeekPoint>[] points)
      throws IOException {
    try (FileChannel channel = FileChannel.open(file);
        PartInput in = GzipCodec.INSTANCE.open(channel, from)) {
      ByteArrayOutputStream out = new ByteArrayOutputStream();
      byte[] buffer = new byte[777];
      int n;
      while ((n = in.read(buffer, 0, buffer.length)) > 0) {
        out.write(buffer, 0, n);
      }
      if (points != null) {
        points[0] = List.copyOf(in.seekPoints());
      }
      return out.toByteArray();
    }
  }

  @Test
  void aPartOfManyMembersReadsBackWholeAndFromEveryMember() throws IOException {
    byte[] data = lines(20_000);
    Path file = write("p.jsonl.gz", gzipMembers(data, 64 << 10));
    @SuppressWarnings("unchecked")
    List<SeekPoint>[] points = new List[1];
    assertThat(readAll(file, SeekPoint.START, points)).isEqualTo(data);
    assertThat(points[0]).hasSizeGreaterThan(5);
    assertThat(points[0].get(0)).isEqualTo(SeekPoint.START);
    for (SeekPoint p : points[0]) {
      assertThat(data[(int) p.offset() - (p.offset() == 0 ? 0 : 1)]).isIn((byte) '\n', (byte) '{');
      assertThat(readAll(file, p, null))
          .isEqualTo(Arrays.copyOfRange(data, (int) p.offset(), data.length));
    }
  }

  @Test
  void aPartWrittenByGzipOutputStreamWithTrailingZerosReadsBack() throws IOException {
    byte[] data = lines(3_000);
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (GZIPOutputStream gz = new GZIPOutputStream(out)) {
      gz.write(data);
    }
    out.write(new byte[512]);
    assertThat(readAll(write("z.gz", out.toByteArray()), SeekPoint.START, null)).isEqualTo(data);
  }

  @Test
  void aPartCutShortIsReadToTheCutThenSaysSo() throws IOException {
    byte[] data = lines(20_000);
    byte[] stored = gzipMembers(data, 64 << 10);
    Path file = write("cut.jsonl.gz", Arrays.copyOf(stored, stored.length * 2 / 3));
    ByteArrayOutputStream read = new ByteArrayOutputStream();
    try (FileChannel channel = FileChannel.open(file);
        PartInput in = GzipCodec.INSTANCE.open(channel, SeekPoint.START)) {
      byte[] buffer = new byte[4096];
      assertThatThrownBy(
              () -> {
                int n;
                while ((n = in.read(buffer, 0, buffer.length)) > 0) {
                  read.write(buffer, 0, n);
                }
              })
          .isInstanceOfSatisfying(
              DamagedPartException.class,
              e -> {
                assertThat(e.getMessage()).contains("ends in the middle");
                assertThat(e.offset()).isEqualTo(read.size());
                assertThat(e.storedOffset()).isEqualTo(stored.length * 2 / 3);
              });
    }
    assertThat(read.size()).isGreaterThan(data.length / 2);
    assertThat(read.toByteArray()).isEqualTo(Arrays.copyOf(data, read.size()));
  }

  @Test
  void damagedBytesEndTheReadWithTheirPlace() throws IOException {
    byte[] data = lines(20_000);
    byte[] stored = gzipMembers(data, 64 << 10);
    byte[] broken = stored.clone();
    for (int k = stored.length / 2; k < stored.length / 2 + 64; k++) {
      broken[k] ^= 0x5A;
    }
    Path file = write("bad.jsonl.gz", broken);
    assertThatThrownBy(() -> readAll(file, SeekPoint.START, null))
        .isInstanceOfSatisfying(
            DamagedPartException.class,
            e -> assertThat(e.offset()).isBetween((long) data.length / 4, (long) data.length));
  }

  @Test
  void somethingElseIsNotTakenForGzip() throws IOException {
    Path file = write("plain.gz", lines(10));
    assertThatThrownBy(() -> readAll(file, SeekPoint.START, null))
        .isInstanceOf(DamagedPartException.class)
        .hasMessageContaining("is not gzip");
    Path empty = write("empty.gz", new byte[0]);
    assertThatThrownBy(() -> readAll(empty, SeekPoint.START, null))
        .hasMessageContaining("is empty");
  }
}
