package io.spanweave.runtime.spi;

import java.io.IOException;

/**
 * The collector's side of a receiver that a {@link GrpcReceiverProvider} runs for it: the run's
 * token, its limit, and the writer a received request is decoded into. Implemented by the runtime;
 * thread-safe.
 */
public interface ReceivedTraces {

  /**
   * Whether {@code authorization}, the value of a request's {@code authorization} header or gRPC
   * metadata (or {@code null}), carries the run's token. Check it before reading any message.
   */
  boolean admits(String authorization);

  /**
   * The largest request accepted, compressed and decompressed, in bytes; larger is refused before
   * it is decoded.
   */
  long maxRequestBytes();

  /**
   * Starts writing one received request: decode it into {@link Request#writer()}, then {@link
   * Request#commit()}; it is written all of it or nothing, and closing it uncommitted writes
   * nothing. Use it on one thread, and close it.
   *
   * @throws IOException when nothing can be written now, such as a collector that is stopping (the
   *     sender may retry); the message says why
   */
  Request open() throws IOException;

  /**
   * Counts a request the receiver refused (no token, too large, not a valid request), as the
   * collector counts its own.
   */
  void refused();

  /** One request being written, from {@link #open()}. */
  interface Request extends AutoCloseable {

    /** Where the decoder writes the request; it checks ids and refuses what is not valid. */
    TraceRequestWriter writer();

    /**
     * Writes the request to the run's file.
     *
     * @throws IOException when it could not be written now, such as a full disk (the sender may
     *     retry)
     */
    void commit() throws IOException;

    /** Ends the request; what was not committed is dropped. */
    @Override
    void close();
  }
}
