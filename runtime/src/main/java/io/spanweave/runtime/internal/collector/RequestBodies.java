package io.spanweave.runtime.internal.collector;

import java.io.EOFException;
import java.io.IOException;
import java.io.InputStream;

/**
 * The two ways an HTTP/1.1 request body ends: after {@code Content-Length} bytes, or at the last
 * chunk of {@code Transfer-Encoding: chunked} (what OpenTelemetry's OkHttp and JDK senders use for
 * a gzip body of unknown length). Both stop exactly where the request ends, so the connection can
 * carry the next request, and both say whether the body was read to its end.
 */
final class RequestBodies {

  private RequestBodies() {}

  /** A body the handler may or may not have read to its end. */
  abstract static class Body extends InputStream {
    abstract boolean finished();

    @Override
    public int read() throws IOException {
      byte[] one = new byte[1];
      int n = read(one, 0, 1);
      return n == -1 ? -1 : one[0] & 0xff;
    }
  }

  static Body fixedLength(InputStream in, long length) {
    return new Body() {
      private long left = length;

      @Override
      public int read(byte[] buffer, int offset, int count) throws IOException {
        if (left == 0) {
          return -1;
        }
        int n = in.read(buffer, offset, (int) Math.min(count, left));
        if (n == -1) {
          throw new EOFException(
              "the connection ended " + left + " bytes before the Content-Length of " + length);
        }
        left -= n;
        return n;
      }

      @Override
      boolean finished() {
        return left == 0;
      }
    };
  }

  static Body chunked(InputStream in) {
    return new Body() {
      private long chunkLeft;
      private boolean done;

      @Override
      public int read(byte[] buffer, int offset, int count) throws IOException {
        if (done) {
          return -1;
        }
        if (chunkLeft == 0) {
          chunkLeft = chunkSize(in);
          if (chunkLeft == 0) {
            skipTrailers(in);
            done = true;
            return -1;
          }
        }
        int n = in.read(buffer, offset, (int) Math.min(count, chunkLeft));
        if (n == -1) {
          throw new EOFException("the connection ended inside a chunk");
        }
        chunkLeft -= n;
        if (chunkLeft == 0) {
          expectLineEnd(in);
        }
        return n;
      }

      @Override
      boolean finished() {
        return done;
      }
    };
  }

  private static long chunkSize(InputStream in) throws IOException {
    String line = RequestHeadReader.line(in, 1024);
    int extensions = line.indexOf(';');
    String hex = (extensions < 0 ? line : line.substring(0, extensions)).trim();
    try {
      long size = Long.parseLong(hex, 16);
      if (size < 0 || hex.length() > 15) {
        throw new NumberFormatException();
      }
      return size;
    } catch (NumberFormatException e) {
      throw new IOException("bad chunk size '" + abbreviate(hex) + "'");
    }
  }

  private static void skipTrailers(InputStream in) throws IOException {
    for (int lines = 0; !RequestHeadReader.line(in, 8192).isEmpty(); lines++) {
      if (lines > 100) {
        throw new IOException("too many trailer lines");
      }
    }
  }

  private static void expectLineEnd(InputStream in) throws IOException {
    if (!RequestHeadReader.line(in, 2).isEmpty()) {
      throw new IOException("a chunk is longer than its size says");
    }
  }

  private static String abbreviate(String text) {
    return text.length() <= 20 ? text : text.substring(0, 20) + "...";
  }
}
