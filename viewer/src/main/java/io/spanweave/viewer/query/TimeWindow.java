package io.spanweave.viewer.query;

import java.time.Instant;
import java.time.format.DateTimeParseException;

/**
 * A time window on the trace list: a trace is in it when it overlaps {@code [from, to]} (a trace
 * that started before {@code from} and still ran after it counts). Either end may be open. The ends
 * are an ISO-8601 instant ({@code 2026-12-02T07:00:00Z}, any offset) or milliseconds since the
 * epoch, which is what a page and a script have at hand.
 */
public record TimeWindow(long fromNanos, long toNanos) {
  public static final TimeWindow ALL = new TimeWindow(Long.MIN_VALUE, Long.MAX_VALUE);

  /**
   * @throws BadRequestException when an end is not a time, or {@code from} is after {@code to}
   */
  public static TimeWindow parse(String from, String to) {
    long f = from == null ? Long.MIN_VALUE : nanos("from", from);
    long t = to == null ? Long.MAX_VALUE : nanos("to", to);
    if (f > t) {
      throw new BadRequestException("from (" + from + ") is after to (" + to + ")");
    }
    return new TimeWindow(f, t);
  }

  public boolean isAll() {
    return fromNanos == Long.MIN_VALUE && toNanos == Long.MAX_VALUE;
  }

  /** Whether a span or trace running from {@code start} to {@code end} overlaps the window. */
  public boolean overlaps(long startNanos, long endNanos) {
    return endNanos >= fromNanos && startNanos <= toNanos;
  }

  private static long nanos(String name, String value) {
    String v = value.trim();
    if (!v.isEmpty() && v.chars().allMatch(Character::isDigit)) {
      try {
        return Math.multiplyExact(Long.parseLong(v), 1_000_000L);
      } catch (ArithmeticException | NumberFormatException e) {
        throw new BadRequestException(name + " is out of range: '" + value + "'");
      }
    }
    try {
      Instant instant = java.time.OffsetDateTime.parse(v).toInstant();
      return Math.addExact(
          Math.multiplyExact(instant.getEpochSecond(), 1_000_000_000L), instant.getNano());
    } catch (DateTimeParseException | ArithmeticException e) {
      throw new BadRequestException(
          name
              + " must be an ISO-8601 time with an offset (2026-12-02T07:00:00Z)"
              + " or milliseconds since the epoch, not '"
              + value
              + "'");
    }
  }
}
