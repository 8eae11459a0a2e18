package io.spanweave.runtime.spi;

import java.io.IOException;

/**
 * Starts OTLP/gRPC receiving for the driver's local collector, on the collector's own port: the
 * collector hands over every connection that opens with the HTTP/2 connection preface ({@code PRI *
 * HTTP/2.0}), so gRPC senders reach it where OTLP/HTTP senders do. A module that implements it
 * lists its class in {@code META-INF/services/io.spanweave.runtime.spi.GrpcReceiverProvider};
 * {@code io.spanweave:spanweave-otlp} provides one. Without one the collector refuses gRPC senders
 * with a message naming that artifact.
 *
 * <p>A request flows one way: the receiver checks {@link ReceivedTraces#admits} from the call's
 * {@code authorization} metadata and the size limit before it reads a message, decodes the message
 * itself into the writer of {@link ReceivedTraces#open()}, and commits it.
 */
public interface GrpcReceiverProvider {

  /**
   * Starts a receiver that writes through {@code traces}.
   *
   * @return the receiver, which the collector closes when it stops
   * @throws IOException when it cannot start
   */
  GrpcReceiver start(ReceivedTraces traces) throws IOException;

  /** An OTLP/gRPC receiver started by {@link #start}. */
  interface GrpcReceiver extends AutoCloseable {

    /**
     * Serves one connection until it ends, on the calling thread (the collector's thread for that
     * connection). {@code received} reads the connection from its first byte, the preface the
     * collector has seen included; replies go to {@code connection}'s output stream.
     */
    void serve(java.net.Socket connection, java.io.InputStream received) throws IOException;

    /** Stops receiving; connections being served end. */
    @Override
    void close();
  }
}
