package io.spanweave.runtime.internal.collector;

import io.spanweave.api.TracingFaults;
import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.Socket;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * What a collector without an OTLP/gRPC receiver (no spanweave-otlp on the driver) answers a gRPC
 * sender: the two HTTP/2 frames that end a connection politely, an empty {@code SETTINGS} (the
 * server's part of the preface) and a {@code GOAWAY} with the error {@code HTTP_1_1_REQUIRED} and a
 * message, which gRPC clients show in their error (rather than a bare "Protocol error"). The
 * driver's log says so once. Nothing else of HTTP/2 is spoken here.
 */
final class Http2Refusal implements CollectorHttpServer.Http2Connections {

  private static final int SETTINGS = 0x4;
  private static final int GOAWAY = 0x7;
  private static final int HTTP_1_1_REQUIRED = 0xd;
  static final String MESSAGE =
      "OTLP/gRPC needs "
          + TraceReceivers.ARTIFACT
          + " on the driver; send OTLP/HTTP to "
          + "this address instead (OTEL_EXPORTER_OTLP_TRACES_PROTOCOL=http/protobuf)";

  private final TraceExportHandler handler;
  private final AtomicBoolean reported = new AtomicBoolean();

  Http2Refusal(TraceExportHandler handler) {
    this.handler = handler;
  }

  @Override
  public void serve(Socket connection, InputStream received) throws IOException {
    handler.refused();
    if (reported.compareAndSet(false, true)) {
      TracingFaults.report(
          "collector-grpc",
          "the local collector was sent OTLP/gRPC, which "
              + TraceReceivers.missing("receiving it")
              + "; until then gRPC senders are refused and their spans lost",
          null);
    }
    byte[] debug = MESSAGE.getBytes(StandardCharsets.US_ASCII);
    ByteBuffer frames = ByteBuffer.allocate(9 + 9 + 8 + debug.length);
    frame(frames, 0, SETTINGS);
    frame(frames, 8 + debug.length, GOAWAY);
    frames.putInt(0); // the last stream processed: none
    frames.putInt(HTTP_1_1_REQUIRED);
    frames.put(debug);
    OutputStream out = connection.getOutputStream();
    out.write(frames.array());
    out.flush();
    connection.shutdownOutput();
    connection.setSoTimeout(2000);
    received.skip(
        64 * 1024); // what the client still sends, read so that closing does not reset the
    // connection first
  }

  /** A frame header (RFC 9113, 4.1): 24-bit length, type, no flags, stream 0. */
  private static void frame(ByteBuffer out, int length, int type) {
    out.put((byte) (length >>> 16)).put((byte) (length >>> 8)).put((byte) length);
    out.put((byte) type).put((byte) 0).putInt(0);
  }
}
