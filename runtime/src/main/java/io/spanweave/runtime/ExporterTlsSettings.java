package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import java.nio.file.Path;

/**
 * The TLS files of every client that posts spans to a collector: the runtime's own OTLP/JSON
 * exporter, its live records, OpenTelemetry's OTLP exporters through {@code spanweave-otlp}. Read
 * from OpenTelemetry's standard variables, the {@code _TRACES_} one winning over the general one,
 * so that a collector with a private CA or mTLS is reached by configuration alone; a child of a TLS
 * collector gets them from {@link TraceRuntime#childEnvironment()}. PEM files, as in {@link
 * CollectorTlsSettings}.
 *
 * @param trustedCertificates the CAs to trust for the collector's certificate ({@code
 *     OTEL_EXPORTER_OTLP_CERTIFICATE}); {@code null}: the JDK's default CAs
 * @param clientCertificate the client certificate for mTLS ({@code
 *     OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE})
 * @param clientKey its PKCS#8 private key ({@code OTEL_EXPORTER_OTLP_CLIENT_KEY})
 */
public record ExporterTlsSettings(
    Path trustedCertificates, Path clientCertificate, Path clientKey) {

  /** The JDK's default CAs and no client certificate. */
  public static final ExporterTlsSettings DEFAULT = new ExporterTlsSettings(null, null, null);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public ExporterTlsSettings {
    require(
        (clientCertificate == null) == (clientKey == null),
        "exporterTls."
            + (clientCertificate == null ? "clientCertificate" : "clientKey")
            + " is missing; a client certificate goes with its key "
            + "(OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE, OTEL_EXPORTER_OTLP_CLIENT_KEY)");
  }

  /** Whether anything differs from the JDK's defaults. */
  public boolean isDefault() {
    return trustedCertificates == null && clientCertificate == null;
  }

  /** Trusting these CAs; {@code null} for the JDK's. */
  public ExporterTlsSettings withTrustedCertificates(Path trustedCertificates) {
    return new ExporterTlsSettings(trustedCertificates, clientCertificate, clientKey);
  }

  /** Presenting this client certificate and key; {@code null} for none. */
  public ExporterTlsSettings withClientCertificate(Path clientCertificate, Path clientKey) {
    return new ExporterTlsSettings(trustedCertificates, clientCertificate, clientKey);
  }

  /**
   * These settings with the files OpenTelemetry's certificate variables in {@code env} name, the
   * {@code _TRACES_} one winning over the general one; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variables whose files do not go together
   */
  ExporterTlsSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new ExporterTlsSettings(
                env.path(
                        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE,
                        TraceEnvironment.OTEL_EXPORTER_OTLP_CERTIFICATE)
                    .orElse(trustedCertificates),
                env.path(
                        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE,
                        TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE)
                    .orElse(clientCertificate),
                env.path(
                        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY,
                        TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_KEY)
                    .orElse(clientKey)),
        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CERTIFICATE,
        TraceEnvironment.OTEL_EXPORTER_OTLP_CERTIFICATE,
        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_CERTIFICATE,
        TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE,
        TraceEnvironment.OTEL_EXPORTER_OTLP_TRACES_CLIENT_KEY,
        TraceEnvironment.OTEL_EXPORTER_OTLP_CLIENT_KEY);
  }
}
