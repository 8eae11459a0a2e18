package io.spanweave.runtime;

import java.security.SecureRandom;
import java.time.Clock;
import java.time.ZoneOffset;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.regex.Pattern;

/**
 * Run ids: they name the run's directory and are the {@code spanweave.run.id} resource attribute,
 * so they sort by time and never collide across hosts that start in the same microsecond.
 */
final class RunIds {

  /**
   * A run id is a single path segment; these characters are safe on every file system we target.
   */
  private static final Pattern VALID = Pattern.compile("[A-Za-z0-9][A-Za-z0-9._-]{0,127}");

  private static final DateTimeFormatter STAMP =
      DateTimeFormatter.ofPattern("yyyyMMdd-HHmmss-SSSSSS");
  private static final SecureRandom RANDOM = new SecureRandom();

  private RunIds() {}

  /**
   * A new id such as {@code 20261129-073509-409337-5a14f69c}: UTC time to the microsecond, then 32
   * random bits.
   */
  static String generate(Clock clock) {
    ZonedDateTime now = ZonedDateTime.now(clock.withZone(ZoneOffset.UTC));
    return STAMP.format(now) + "-" + String.format("%08x", RANDOM.nextInt());
  }

  static String generate() {
    return generate(Clock.systemUTC());
  }

  /** Whether {@code runId} may name a run directory. */
  static boolean isValid(String runId) {
    return runId != null && VALID.matcher(runId).matches();
  }
}
