package io.spanweave.runtime;

import io.spanweave.runtime.internal.tls.PemTls;
import java.io.IOException;

/**
 * The TLS context of the clients that post to a collector, from {@link TraceConfig#exporterTls()}
 * (OpenTelemetry's {@code OTEL_EXPORTER_OTLP_CERTIFICATE} and client certificate variables).
 */
final class ExporterTls {

  private ExporterTls() {}

  /**
   * The context to connect with, or {@code null} for the JDK's default (no file configured).
   *
   * @throws IllegalStateException naming the file that is missing or wrong, which stops tracing at
   *     start (reported once) rather than losing every span to a handshake that cannot succeed
   */
  static PemTls.Client context(TraceConfig config) {
    ExporterTlsSettings tls = config.exporterTls();
    if (tls.isDefault()) {
      return null;
    }
    try {
      return PemTls.client(tls.trustedCertificates(), tls.clientCertificate(), tls.clientKey());
    } catch (IOException e) {
      throw new IllegalStateException(
          "the exporter's TLS files cannot be used: "
              + e.getMessage()
              + " (set by "
              + TraceEnvironment.OTEL_EXPORTER_OTLP_CERTIFICATE
              + ", "
              + TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE
              + ", "
              + TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_KEY
              + " or their _TRACES_ forms, or TraceConfig.exporterTls)",
          e);
    }
  }
}
