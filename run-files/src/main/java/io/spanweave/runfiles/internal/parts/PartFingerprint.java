package io.spanweave.runfiles.internal.parts;

import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runfiles.spi.SeekPoint;
import java.io.IOException;
import java.nio.channels.FileChannel;

/**
 * A part's identity: a 64-bit hash of its first {@value #BYTES} decompressed bytes. The same part
 * plain, renamed by rotation or compressed has the same fingerprint; two parts of a run never share
 * their first line (trace ids and times differ).
 */
public final class PartFingerprint {
  public static final int BYTES = 4096;

  private PartFingerprint() {}

  /**
   * The fingerprint, or 0 while the part holds fewer than {@value #BYTES} bytes (and is still
   * written).
   */
  public static long of(FileChannel channel, RunPartCodec codec, boolean complete)
      throws IOException {
    byte[] head = new byte[BYTES];
    int filled = 0;
    try (PartInput in = codec.open(channel, SeekPoint.START)) {
      while (filled < BYTES) {
        int n = in.read(head, filled, BYTES - filled);
        if (n < 0) {
          break;
        }
        filled += n;
      }
    } catch (DamagedPartException damaged) {
      // What decoded before the damage is the identity; a part damaged in its first bytes has none.
      complete = true;
    }
    if (filled == 0 || (filled < BYTES && !complete)) {
      return 0;
    }
    long h = 0xcbf29ce484222325L ^ filled;
    for (int i = 0; i < filled; i++) {
      h ^= head[i];
      h *= 0x100000001b3L;
    }
    return h == 0 ? 1 : h;
  }
}
