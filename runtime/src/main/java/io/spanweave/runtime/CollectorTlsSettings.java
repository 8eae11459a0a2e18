package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import java.nio.file.Path;

/**
 * TLS on the driver's local collector, for workers on other hosts: OTLP/HTTP and OTLP/gRPC on the
 * same port as without it, TLS 1.2 or 1.3. The files are PEM, as the OpenTelemetry Collector and
 * cert-manager write them, and are read again when they change, without a restart. Off by default:
 * a collector on loopback stays plain. The run's bearer token is required with or without TLS; see
 * {@code docs/deployment.md}, "Workers on other hosts: TLS and mTLS".
 *
 * <pre>{@code
 * TraceConfig.builder().collectorTls(tls -> tls.withCertificate(Path.of("tls.crt"), Path.of("tls.key"))
 *     .withClientCa(Path.of("ca.crt")).withChildCertificate(Path.of("worker.crt"), Path.of("worker.key"))).build();
 * }</pre>
 *
 * @param certificate the server's certificate chain, leaf first ({@code
 *     SPANWEAVE_COLLECTOR_TLS_CERT}); {@code null} (the default): no TLS
 * @param privateKey its PKCS#8 private key, RSA or EC ({@code SPANWEAVE_COLLECTOR_TLS_KEY})
 * @param clientCa with it, mTLS: a client must present a certificate signed by one of these CAs, or
 *     is refused in the handshake, before any request is read ({@code
 *     SPANWEAVE_COLLECTOR_TLS_CLIENT_CA})
 * @param childCa the CA bundle children trust the collector by ({@code
 *     SPANWEAVE_COLLECTOR_TLS_CA}); {@code null}: the certificate file itself, right for a
 *     self-signed certificate
 * @param childCertificate the client certificate children present with mTLS ({@code
 *     SPANWEAVE_COLLECTOR_TLS_CHILD_CERT}), handed to them by {@link
 *     TraceRuntime#childEnvironment()}
 * @param childKey its PKCS#8 private key ({@code SPANWEAVE_COLLECTOR_TLS_CHILD_KEY})
 */
public record CollectorTlsSettings(
    Path certificate,
    Path privateKey,
    Path clientCa,
    Path childCa,
    Path childCertificate,
    Path childKey) {

  /** No TLS: the collector speaks plain HTTP. */
  public static final CollectorTlsSettings NONE =
      new CollectorTlsSettings(null, null, null, null, null, null);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public CollectorTlsSettings {
    require(
        (certificate == null) == (privateKey == null),
        "collectorTls."
            + (certificate == null ? "certificate" : "privateKey")
            + " is missing; TLS needs both the certificate (SPANWEAVE_COLLECTOR_TLS_CERT) and its private key "
            + "(SPANWEAVE_COLLECTOR_TLS_KEY)");
    require(
        certificate != null
            || (clientCa == null
                && childCa == null
                && childCertificate == null
                && childKey == null),
        "collectorTls has CA or child certificate files but no certificate of its own; set collectorTls.certificate "
            + "and privateKey (SPANWEAVE_COLLECTOR_TLS_CERT, SPANWEAVE_COLLECTOR_TLS_KEY) to turn TLS on");
    require(
        (childCertificate == null) == (childKey == null),
        "collectorTls."
            + (childCertificate == null ? "childCertificate" : "childKey")
            + " is missing; children present a client certificate with its key "
            + "(SPANWEAVE_COLLECTOR_TLS_CHILD_CERT, SPANWEAVE_COLLECTOR_TLS_CHILD_KEY)");
  }

  /** Whether the collector speaks TLS. */
  public boolean enabled() {
    return certificate != null;
  }

  /** The CA bundle children are told to trust: {@link #childCa()}, or the certificate itself. */
  public Path trustedByChildren() {
    return childCa != null ? childCa : certificate;
  }

  /** TLS with this certificate chain and key; {@code null} for both turns TLS off. */
  public CollectorTlsSettings withCertificate(Path certificate, Path privateKey) {
    return new CollectorTlsSettings(
        certificate, privateKey, clientCa, childCa, childCertificate, childKey);
  }

  /** mTLS: clients need a certificate signed by these CAs; {@code null} for none. */
  public CollectorTlsSettings withClientCa(Path clientCa) {
    return new CollectorTlsSettings(
        certificate, privateKey, clientCa, childCa, childCertificate, childKey);
  }

  /**
   * Children trust these CAs instead of the certificate itself; {@code null} for the certificate.
   */
  public CollectorTlsSettings withChildCa(Path childCa) {
    return new CollectorTlsSettings(
        certificate, privateKey, clientCa, childCa, childCertificate, childKey);
  }

  /** The client certificate and key children present with mTLS; {@code null} for none. */
  public CollectorTlsSettings withChildCertificate(Path childCertificate, Path childKey) {
    return new CollectorTlsSettings(
        certificate, privateKey, clientCa, childCa, childCertificate, childKey);
  }

  /**
   * These settings with the files the {@code SPANWEAVE_COLLECTOR_TLS_*} variables in {@code env}
   * name; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variables whose files do not go together
   */
  CollectorTlsSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new CollectorTlsSettings(
                env.path(TraceEnvironment.COLLECTOR_TLS_CERT, null).orElse(certificate),
                env.path(TraceEnvironment.COLLECTOR_TLS_KEY, null).orElse(privateKey),
                env.path(TraceEnvironment.COLLECTOR_TLS_CLIENT_CA, null).orElse(clientCa),
                env.path(TraceEnvironment.COLLECTOR_TLS_CA, null).orElse(childCa),
                env.path(TraceEnvironment.COLLECTOR_TLS_CHILD_CERT, null).orElse(childCertificate),
                env.path(TraceEnvironment.COLLECTOR_TLS_CHILD_KEY, null).orElse(childKey)),
        TraceEnvironment.COLLECTOR_TLS_CERT,
        TraceEnvironment.COLLECTOR_TLS_KEY,
        TraceEnvironment.COLLECTOR_TLS_CLIENT_CA,
        TraceEnvironment.COLLECTOR_TLS_CA,
        TraceEnvironment.COLLECTOR_TLS_CHILD_CERT,
        TraceEnvironment.COLLECTOR_TLS_CHILD_KEY);
  }
}
