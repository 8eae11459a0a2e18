package io.spanweave.runtime.internal.collector;

import java.io.IOException;
import java.io.InputStream;
import java.util.Arrays;

/**
 * A request body read into an array a connection's thread keeps from request to request, so that
 * reading a body, and inflating a gzip one, allocates nothing once the array has grown to the usual
 * size. A {@code ByteArrayOutputStream} per request made a 160 KB protobuf request of 512 spans
 * cost about 600 KB of garbage (its doublings and the final copy), several hundred megabytes a
 * second at the collector's rate. An array grown past {@link #KEPT_CAPACITY} by a large request is
 * let go after it, as the line writer's buffer is. Not thread-safe.
 */
final class BodyBuffer {

  /** What a buffer holds on to between requests. */
  static final int KEPT_CAPACITY = 4 << 20;

  private static final int INITIAL_CAPACITY = 64 * 1024;

  private byte[] array = new byte[INITIAL_CAPACITY];
  private int size;

  /** Thrown when a body passes its limit; says which body and what the limit was. */
  interface TooLarge {
    RequestRejection rejection(String what);
  }

  /**
   * Reads {@code in} to its end into this buffer (replacing what it held); refuses, by {@code
   * tooLarge}, a body of more than {@code maxBytes} as soon as it passes the limit.
   */
  BodyBuffer readAll(InputStream in, long maxBytes, String what, TooLarge tooLarge)
      throws IOException, RequestRejection {
    if (array.length > KEPT_CAPACITY) {
      array = new byte[INITIAL_CAPACITY];
    }
    size = 0;
    while (true) {
      if (size == array.length) {
        long grown = Math.min((long) array.length * 2, Math.max(maxBytes + 1, array.length + 1L));
        if (grown > Integer.MAX_VALUE - 16) {
          throw tooLarge.rejection(what + " of more than " + maxBytes + " bytes");
        }
        array = Arrays.copyOf(array, (int) grown);
      }
      int n = in.read(array, size, array.length - size);
      if (n == -1) {
        return this;
      }
      size += n;
      if (size > maxBytes) {
        throw tooLarge.rejection(what + " of more than " + maxBytes + " bytes");
      }
    }
  }

  byte[] array() {
    return array;
  }

  int size() {
    return size;
  }
}
