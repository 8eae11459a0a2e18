package io.spanweave.runtime;

import java.util.Locale;

/** The transport to an external OTLP collector, as named by {@code OTEL_EXPORTER_OTLP_PROTOCOL}. */
public enum OtlpProtocol {
  /** Protobuf over HTTP, usually on port 4318; the OpenTelemetry default. */
  HTTP_PROTOBUF("http/protobuf"),
  /** gRPC, usually on port 4317. */
  GRPC("grpc");

  private final String value;

  OtlpProtocol(String value) {
    this.value = value;
  }

  /** The value as written in {@code OTEL_EXPORTER_OTLP_PROTOCOL}. */
  public String value() {
    return value;
  }

  /**
   * Parses {@code http/protobuf} or {@code grpc}.
   *
   * @throws IllegalArgumentException naming the supported values
   */
  public static OtlpProtocol parse(String value) {
    String normalized = value == null ? "" : value.trim().toLowerCase(Locale.ROOT);
    for (OtlpProtocol protocol : values()) {
      if (protocol.value.equals(normalized)) {
        return protocol;
      }
    }
    throw new IllegalArgumentException(
        "OTLP protocol '" + value + "' is not supported; use 'http/protobuf' or 'grpc'");
  }
}
