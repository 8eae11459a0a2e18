package io.spanweave.otlp.internal.receiver;

import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestDecoder;
import io.spanweave.runtime.spi.TraceRequestWriter;

/**
 * The local collector's decoder of OTLP/HTTP protobuf bodies, found by the runtime through {@code
 * META-INF/services}: transcoded straight into the run's writer by {@link
 * ProtobufTraceRequestReader}, with no generated message in between.
 */
public final class OtlpProtobufDecoder implements TraceRequestDecoder {

  @Override
  public void decode(byte[] body, int offset, int length, TraceRequestWriter writer)
      throws InvalidTraceRequestException {
    ProtobufTraceRequestReader.read(body, offset, length, writer);
  }
}
