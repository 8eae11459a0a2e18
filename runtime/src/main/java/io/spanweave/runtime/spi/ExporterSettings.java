package io.spanweave.runtime.spi;

import io.opentelemetry.sdk.common.export.RetryPolicy;
import io.spanweave.conventions.SecretValues;
import java.time.Duration;
import java.util.Map;
import java.util.Objects;
import javax.net.ssl.SSLContext;
import javax.net.ssl.X509TrustManager;

/**
 * What a {@link SpanExporterProvider} builds its exporter from, resolved by the runtime from the
 * run's configuration (one OTLP or Zipkin export target; a part of a composite is handed over
 * alone). Plain values only, so that this package stays below the runtime's public configuration
 * types.
 *
 * @param tracesUrl the full URL the spans are sent to: an OTLP target's traces URL (its {@code
 *     tracesEndpoint}, or its endpoint with {@code /v1/traces}), a Zipkin target's span endpoint
 * @param protocol the wire protocol: {@value #GRPC} or {@value #HTTP_PROTOBUF} for OTLP (as in
 *     {@code OTEL_EXPORTER_OTLP_PROTOCOL}), {@value #HTTP_JSON} for Zipkin
 * @param headers headers sent with every request (OTLP's; none for Zipkin); their values may be
 *     credentials
 * @param compression {@code gzip} or {@code none}
 * @param timeout the longest one export, with its retries, may take: a little shorter than the
 *     batch processor's export timeout ({@code BatchSettings.timeout()}), so that the exporter
 *     gives up first, with its own reason (connection refused, an HTTP status), which is what the
 *     runtime's warning then shows; an OTLP target's own timeout applies when it is shorter
 * @param retryPolicy how to retry a failed request: OpenTelemetry's five attempts, with pauses
 *     scaled to the timeout so that they all fit in it, for exporters that retry
 * @param sslContext the TLS context for {@code https} endpoints, trusting the CAs of {@code
 *     OTEL_EXPORTER_OTLP_CERTIFICATE} and presenting the client certificate of {@code
 *     OTEL_EXPORTER_OTLP_CLIENT_CERTIFICATE} (and their {@code _TRACES_} forms, which win); {@code
 *     null} when none is configured: the JDK's default CAs, no client certificate
 * @param trustManager the trust manager of {@code sslContext}, given with it
 */
public record ExporterSettings(
    String tracesUrl,
    String protocol,
    Map<String, String> headers,
    String compression,
    Duration timeout,
    RetryPolicy retryPolicy,
    SSLContext sslContext,
    X509TrustManager trustManager) {

  /** OTLP over gRPC. */
  public static final String GRPC = "grpc";

  /** OTLP over HTTP with protobuf bodies. */
  public static final String HTTP_PROTOBUF = "http/protobuf";

  /** Zipkin's JSON v2 over HTTP. */
  public static final String HTTP_JSON = "http/json";

  /**
   * All but the TLS context and its trust manager are required; those two come together or not at
   * all.
   */
  public ExporterSettings {
    Objects.requireNonNull(tracesUrl, "tracesUrl");
    Objects.requireNonNull(protocol, "protocol");
    headers = Map.copyOf(Objects.requireNonNull(headers, "headers"));
    Objects.requireNonNull(compression, "compression");
    Objects.requireNonNull(timeout, "timeout");
    Objects.requireNonNull(retryPolicy, "retryPolicy");
    if ((sslContext == null) != (trustManager == null)) {
      throw new IllegalArgumentException(
          "an SSLContext is given with its X509TrustManager, or neither is");
    }
  }

  /**
   * The headers' names only, and the URL masked: their values, user-info and queries may be
   * credentials.
   */
  @Override
  public String toString() {
    return "ExporterSettings[tracesUrl="
        + SecretValues.maskUrl(tracesUrl)
        + ", protocol="
        + protocol
        + ", headers="
        + headers.keySet()
        + ", compression="
        + compression
        + ", timeout="
        + timeout
        + ", retryPolicy="
        + retryPolicy
        + ", tls="
        + (sslContext != null)
        + "]";
  }
}
