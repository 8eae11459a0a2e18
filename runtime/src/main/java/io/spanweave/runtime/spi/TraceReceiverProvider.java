package io.spanweave.runtime.spi;

/**
 * What the driver's local collector receives beyond OTLP/HTTP JSON, which the runtime decodes
 * itself: a module that implements this and lists its class in
 * {@code META-INF/services/io.spanweave.runtime.spi.TraceReceiverProvider} is found with
 * {@link java.util.ServiceLoader} when the collector starts. {@code io.spanweave:spanweave-otlp}
 * provides one: OTLP/HTTP protobuf, OTLP/gRPC on the collector's own port, and replaying a run's
 * file as protobuf. Without one the collector receives OTLP/HTTP JSON only, and says so at start.
 *
 * <p>Implementations must be thread-safe: the collector serves every connection on its own thread.
 */
public interface TraceReceiverProvider {

  /**
   * Decodes the binary protobuf encoding of an {@code ExportTraceServiceRequest} (an OTLP/HTTP
   * protobuf body after decompression, or an OTLP/gRPC message) into {@code writer}.
   *
   * @throws InvalidTraceRequestException when the bytes are not such a request, or the writer refuses what they hold
   */
  void decodeProtobuf(byte[] body, int offset, int length, TraceRequestWriter writer)
      throws InvalidTraceRequestException;

  /**
   * Encodes one OTLP/JSON {@code ExportTraceServiceRequest}, such as a line of the run's file, in
   * protobuf's binary encoding, for sending it again to an OTLP/HTTP endpoint ({@code Replay}).
   *
   * @throws InvalidTraceRequestException when the text is not such a request
   */
  byte[] encodeProtobuf(byte[] json) throws InvalidTraceRequestException;
}
