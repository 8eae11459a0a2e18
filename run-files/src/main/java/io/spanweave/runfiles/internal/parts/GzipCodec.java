package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.ByteBuffer;
import java.nio.channels.FileChannel;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.CRC32;
import java.util.zip.DataFormatException;
import java.util.zip.Deflater;
import java.util.zip.GZIPInputStream;
import java.util.zip.GZIPOutputStream;
import java.util.zip.Inflater;

/**
 * The built-in codec: gzip parts (RFC 1952), readable by {@code zcat} and every tool, written with
 * the JDK's {@link GZIPOutputStream} at level {@value #LEVEL}: the level chosen by measurement
 * (docs/performance.md, "Run parts"), where the ratio already meets the target and compressing
 * costs the least CPU beside the export. {@link #open} reads with the JDK's {@link Inflater}:
 * unlike {@link GZIPInputStream} it reports where each member starts, so a part written as many
 * members can later be entered at any of them; and it tells a part cut short or damaged (with the
 * offset up to which it decoded) from one that ended.
 */
public final class GzipCodec implements RunPartCodec {
  public static final GzipCodec INSTANCE = new GzipCodec();

  static final int LEVEL = Deflater.BEST_SPEED;
  private static final int BUFFER = 64 * 1024;

  private GzipCodec() {}

  @Override
  public String name() {
    return "gzip";
  }

  @Override
  public String fileExtension() {
    return "gz";
  }

  @Override
  public OutputStream compressing(OutputStream out) throws IOException {
    return new GZIPOutputStream(out, BUFFER) {
      {
        def.setLevel(LEVEL);
      }
    };
  }

  @Override
  public InputStream decompressing(InputStream in) throws IOException {
    return new GZIPInputStream(in, BUFFER);
  }

  @Override
  public boolean seekable() {
    return true;
  }

  @Override
  public PartInput open(FileChannel channel, SeekPoint from) {
    return new Input(channel, from);
  }

  private static final class Input implements PartInput {
    private static final int FHCRC = 2;
    private static final int FEXTRA = 4;
    private static final int FNAME = 8;
    private static final int FCOMMENT = 16;

    private final FileChannel channel;
    private final Inflater inflater = new Inflater(true);
    private final CRC32 crc = new CRC32();
    private final List<SeekPoint> seekPoints = new ArrayList<>();
    private final byte[] in = new byte[1 << 16];

    /**
     * Valid input is {@code in[pos, limit)}; {@code in[pos]} is at {@code storedAt} in the file.
     */
    private int pos;

    private int limit;
    private long storedAt;
    private boolean eof;
    private long position;
    private long memberBytes;
    private boolean inMember;
    private boolean ended;

    Input(FileChannel channel, SeekPoint from) {
      this.channel = channel;
      this.storedAt = from.storedOffset();
      this.position = from.offset();
    }

    @Override
    public int read(byte[] buffer, int offset, int length) throws IOException {
      if (length == 0) {
        return 0;
      }
      while (!ended) {
        if (!inMember) {
          if (!startMember()) {
            ended = true;
            return -1;
          }
          continue;
        }
        int n;
        try {
          n = inflater.inflate(buffer, offset, length);
        } catch (DataFormatException e) {
          throw damaged("does not decode (" + e.getMessage() + ")");
        }
        consumeInflaterInput();
        if (n > 0) {
          crc.update(buffer, offset, n);
          position += n;
          memberBytes += n;
          return n;
        }
        if (inflater.finished()) {
          endMember();
        } else if (inflater.needsDictionary()) {
          throw damaged("asks for a preset dictionary, which gzip never uses");
        } else if (inflater.needsInput()) {
          if (!fill()) {
            throw damaged("ends in the middle of compressed data");
          }
          inflater.setInput(in, pos, limit - pos);
        }
      }
      return -1;
    }

    /**
     * Reads a member header; false at the end of the file (or of zero padding after the last
     * member).
     */
    private boolean startMember() throws IOException {
      if (!available(1)) {
        if (seekPoints.isEmpty()) {
          throw damaged("is empty");
        }
        return false;
      }
      if (in[pos] == 0 && !seekPoints.isEmpty()) {
        // Zero padding some tools add after the last member.
        while (available(1)) {
          if (in[pos] != 0) {
            throw damaged("has bytes after its last member that are not a gzip member");
          }
          advance(1);
        }
        return false;
      }
      long memberStart = storedAt;
      require(10, "ends inside a member header");
      if ((in[pos] & 0xFF) != 0x1F || (in[pos + 1] & 0xFF) != 0x8B || in[pos + 2] != 8) {
        throw damaged(
            seekPoints.isEmpty()
                ? "is not gzip"
                : "has bytes after a member that are not a gzip member");
      }
      int flags = in[pos + 3] & 0xFF;
      advance(10);
      if ((flags & FEXTRA) != 0) {
        require(2, "ends inside a member header");
        int extra = (in[pos] & 0xFF) | (in[pos + 1] & 0xFF) << 8;
        advance(2);
        skip(extra);
      }
      if ((flags & FNAME) != 0) {
        skipZeroTerminated();
      }
      if ((flags & FCOMMENT) != 0) {
        skipZeroTerminated();
      }
      if ((flags & FHCRC) != 0) {
        skip(2);
      }
      seekPoints.add(new SeekPoint(memberStart, position));
      inflater.reset();
      crc.reset();
      memberBytes = 0;
      inMember = true;
      inflater.setInput(in, pos, limit - pos);
      return true;
    }

    private void endMember() throws IOException {
      require(8, "ends before the checksum of a member");
      long expectedCrc = le32(pos);
      long expectedSize = le32(pos + 4);
      advance(8);
      if (expectedCrc != crc.getValue() || expectedSize != (memberBytes & 0xFFFFFFFFL)) {
        throw damaged("has a member whose checksum or length does not match its data");
      }
      inMember = false;
    }

    /** Takes what the inflater consumed off the input window. */
    private void consumeInflaterInput() {
      int used = (limit - pos) - inflater.getRemaining();
      if (used > 0) {
        advance(used);
      }
    }

    private long le32(int at) {
      return (in[at] & 0xFFL)
          | (in[at + 1] & 0xFFL) << 8
          | (in[at + 2] & 0xFFL) << 16
          | (in[at + 3] & 0xFFL) << 24;
    }

    private void advance(int n) {
      pos += n;
      storedAt += n;
    }

    private void skip(int n) throws IOException {
      while (n > 0) {
        require(1, "ends inside a member header");
        int step = Math.min(n, limit - pos);
        advance(step);
        n -= step;
      }
    }

    private void skipZeroTerminated() throws IOException {
      while (true) {
        require(1, "ends inside a member header");
        byte b = in[pos];
        advance(1);
        if (b == 0) {
          return;
        }
      }
    }

    private void require(int n, String whatIsWrong) throws IOException {
      if (!available(n)) {
        throw damaged(whatIsWrong);
      }
    }

    /** Whether {@code n} input bytes are in the window, reading more when needed. */
    private boolean available(int n) throws IOException {
      while (limit - pos < n) {
        if (!fill()) {
          return false;
        }
      }
      return true;
    }

    /** Moves the unread input to the front and reads more; false at the end of the file. */
    private boolean fill() throws IOException {
      if (eof) {
        return false;
      }
      if (pos > 0) {
        System.arraycopy(in, pos, in, 0, limit - pos);
        limit -= pos;
        pos = 0;
      }
      int n = channel.read(ByteBuffer.wrap(in, limit, in.length - limit), storedAt + limit);
      if (n <= 0) {
        eof = true;
        return false;
      }
      limit += n;
      return true;
    }

    private DamagedPartException damaged(String whatIsWrong) {
      ended = true;
      return new DamagedPartException("gzip data " + whatIsWrong, position, storedAt);
    }

    @Override
    public long position() {
      return position;
    }

    @Override
    public List<SeekPoint> seekPoints() {
      return seekPoints;
    }

    @Override
    public void close() {
      inflater.end();
    }
  }
}
