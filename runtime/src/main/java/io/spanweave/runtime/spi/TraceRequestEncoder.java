package io.spanweave.runtime.spi;

/**
 * Encodes one OTLP/JSON {@code ExportTraceServiceRequest}, such as a line of a run's file, in
 * protobuf's binary encoding, for sending it again to an OTLP/HTTP endpoint ({@link
 * io.spanweave.runtime.Replay}). A module that implements it lists its class in {@code
 * META-INF/services/io.spanweave.runtime.spi.TraceRequestEncoder}; {@code
 * io.spanweave:spanweave-otlp} provides one. Without one a replay says which artifact to add and
 * sends nothing.
 *
 * <p>Implementations must be thread-safe.
 */
public interface TraceRequestEncoder {

  /**
   * The protobuf encoding of {@code json}, one OTLP/JSON request.
   *
   * @throws InvalidTraceRequestException when the text is not such a request
   */
  byte[] encode(byte[] json) throws InvalidTraceRequestException;
}
