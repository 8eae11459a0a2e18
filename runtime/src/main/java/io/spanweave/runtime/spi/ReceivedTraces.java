package io.spanweave.runtime.spi;

import java.io.IOException;

/**
 * The collector's side of a receiver that a {@link TraceReceiverProvider} runs for it, such as
 * OTLP/gRPC: the run's token, its limit, and where a received request goes. Implemented by the
 * runtime; thread-safe.
 */
public interface ReceivedTraces {

  /**
   * Whether {@code authorization}, the value of a request's {@code authorization} header or gRPC
   * metadata (or {@code null}), carries the run's token. Check it before reading any message.
   */
  boolean admits(String authorization);

  /** The largest request accepted, compressed and decompressed, in bytes; larger is refused before it is decoded. */
  long maxRequestBytes();

  /**
   * Decodes a protobuf {@code ExportTraceServiceRequest}, already decompressed, and writes it to the
   * run's file, all of it or nothing.
   *
   * @throws InvalidTraceRequestException when it is not a valid request (the sender should not retry)
   * @throws IOException when it could not be written now, such as a full disk or a collector that
   *     is stopping (the sender may retry); the message says which
   */
  void writeProtobuf(byte[] request) throws InvalidTraceRequestException, IOException;

  /** Counts a request the receiver refused itself (no token, too large), as the collector counts its own refusals. */
  void refused();
}
