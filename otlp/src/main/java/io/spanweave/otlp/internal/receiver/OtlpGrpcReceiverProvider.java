package io.spanweave.otlp.internal.receiver;

import io.spanweave.runtime.spi.GrpcReceiverProvider;
import io.spanweave.runtime.spi.ReceivedTraces;
import java.io.IOException;

/**
 * Starts the local collector's OTLP/gRPC receiver ({@link GrpcTraceReceiver}), found through {@code
 * META-INF/services}.
 */
public final class OtlpGrpcReceiverProvider implements GrpcReceiverProvider {

  @Override
  public GrpcReceiver start(ReceivedTraces traces) throws IOException {
    return GrpcTraceReceiver.start(traces);
  }
}
