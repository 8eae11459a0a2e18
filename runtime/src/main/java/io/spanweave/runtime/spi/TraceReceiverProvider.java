package io.spanweave.runtime.spi;

/**
 * What the driver's local collector receives beyond OTLP/HTTP JSON, which the runtime decodes
 * itself: a module that implements this and lists its class in
 * {@code META-INF/services/io.spanweave.runtime.spi.TraceReceiverProvider} is found with
 * {@link java.util.ServiceLoader} when the collector starts. {@code io.spanweave:spanweave-otlp}
 * provides one: OTLP/HTTP protobuf, OTLP/gRPC on the collector's own port ({@link #startGrpc}), and
 * replaying a run's file as protobuf. Without one the collector receives OTLP/HTTP JSON only, and says so at start.
 *
 * <p>Implementations must be thread-safe: the collector serves every connection on its own thread.
 */
public interface TraceReceiverProvider {

  /**
   * What it receives, for the collector's startup line, such as {@code OTLP/HTTP protobuf, OTLP/gRPC}.
   */
  default String receives() {
    return "OTLP/HTTP protobuf";
  }

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

  /**
   * Starts OTLP/gRPC receiving for a collector: the collector hands over every connection that
   * opens with the HTTP/2 connection preface ({@code PRI * HTTP/2.0}), so gRPC senders reach it on
   * the same port as OTLP/HTTP. The receiver checks {@link ReceivedTraces#admits} from each call's
   * {@code authorization} metadata and the size limit before it decodes a message, and writes through
   * {@link ReceivedTraces#writeProtobuf}.
   *
   * @return the receiver, which the collector closes when it stops; {@code null} when this provider
   *     has no gRPC (the default)
   * @throws java.io.IOException when it cannot start
   */
  default GrpcReceiver startGrpc(ReceivedTraces traces) throws java.io.IOException {
    return null;
  }

  /** An OTLP/gRPC receiver started by {@link #startGrpc}. */
  interface GrpcReceiver extends AutoCloseable {

    /**
     * Serves one connection until it ends, on the calling thread (the collector's thread for that
     * connection). {@code received} reads the connection from its first byte, the preface the
     * collector has seen included; replies go to {@code connection}'s output stream.
     */
    void serve(java.net.Socket connection, java.io.InputStream received) throws java.io.IOException;

    /** Stops receiving; connections being served end. */
    @Override
    void close();
  }
}
