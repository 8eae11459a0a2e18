package io.spanweave.runtime.internal.collector;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * The secret of one run's collector: generated when the collector starts, handed to child processes
 * in {@code OTEL_EXPORTER_OTLP_HEADERS}, and required on every request, so that nothing else on the
 * network can write spans into the run.
 */
final class BearerToken {

  private static final SecureRandom RANDOM = new SecureRandom();

  private final String value;

  private BearerToken(String value) {
    this.value = value;
  }

  /** 128 random bits as 32 hex digits. */
  static BearerToken generate() {
    byte[] bits = new byte[16];
    RANDOM.nextBytes(bits);
    return new BearerToken(HexFormat.of().formatHex(bits));
  }

  /** The value of the {@code Authorization} header a sender must send. */
  String authorizationHeader() {
    return "Bearer " + value;
  }

  /**
   * Whether {@code header}, an {@code Authorization} header or {@code null}, carries this token.
   */
  boolean admits(String header) {
    if (header == null) {
      return false;
    }
    // Constant time: how much of a guess matched must not show in how long the answer takes.
    return MessageDigest.isEqual(
        header.trim().getBytes(StandardCharsets.UTF_8),
        authorizationHeader().getBytes(StandardCharsets.UTF_8));
  }

  @Override
  public String toString() {
    return "BearerToken(<hidden>)";
  }
}
