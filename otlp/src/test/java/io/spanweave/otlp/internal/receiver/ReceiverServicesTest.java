package io.spanweave.otlp.internal.receiver;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runtime.spi.GrpcReceiverProvider;
import io.spanweave.runtime.spi.TraceRequestDecoder;
import io.spanweave.runtime.spi.TraceRequestEncoder;
import java.util.ServiceLoader;
import org.junit.jupiter.api.Test;

/**
 * The runtime finds each of this module's receiving jobs through its own service interface (the
 * runtime tests' stand-in is on this class path too).
 */
class ReceiverServicesTest {

  @Test
  void eachJobIsRegisteredUnderItsOwnInterface() {
    assertThat(
            ServiceLoader.load(TraceRequestDecoder.class).stream()
                .map(ServiceLoader.Provider::type))
        .contains(OtlpProtobufDecoder.class);
    assertThat(
            ServiceLoader.load(TraceRequestEncoder.class).stream()
                .map(ServiceLoader.Provider::type))
        .contains(OtlpJsonToProtobufEncoder.class);
    assertThat(
            ServiceLoader.load(GrpcReceiverProvider.class).stream()
                .map(ServiceLoader.Provider::type))
        .contains(OtlpGrpcReceiverProvider.class);
  }
}
