package io.spanweave.runtime.spi;

/**
 * Decodes the binary protobuf encoding of an OTLP {@code ExportTraceServiceRequest}, which the
 * runtime does not decode itself, into the runtime's {@link TraceRequestWriter}: the driver's local
 * collector hands it every OTLP/HTTP protobuf body. A module that implements it lists its class in
 * {@code META-INF/services/io.spanweave.runtime.spi.TraceRequestDecoder}; it is found with {@link
 * java.util.ServiceLoader} when the collector first needs it. {@code io.spanweave:spanweave-otlp}
 * provides one. Without one the collector receives OTLP/HTTP JSON only, and says so at start.
 *
 * <p>Implementations must be thread-safe: the collector serves every connection on its own thread.
 */
public interface TraceRequestDecoder {

  /**
   * Decodes {@code length} bytes of {@code body} from {@code offset} (an OTLP/HTTP protobuf body
   * after decompression) into {@code writer}, in the order of the encoding.
   *
   * @throws InvalidTraceRequestException when the bytes are not such a request, or the writer
   *     refuses what they hold
   */
  void decode(byte[] body, int offset, int length, TraceRequestWriter writer)
      throws InvalidTraceRequestException;
}
