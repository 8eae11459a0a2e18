package io.spanweave.runtime.internal.export;

import java.io.ByteArrayOutputStream;

/**
 * The buffer an exporter encodes a batch into, handed to {@code JsonLinesFile.append} as it is:
 * {@code toByteArray()} would copy every batch (megabytes per second at full rate) only to drop the copy.
 */
final class LineBuffer extends ByteArrayOutputStream {

  LineBuffer(int size) {
    super(size);
  }

  /** The backing array; its first {@link #size()} bytes are the content. Valid until the next write. */
  byte[] array() {
    return buf;
  }
}
