package io.spanweave.api;

import java.lang.System.Logger.Level;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Faults of the tracing layer itself: an exporter that fails, a full queue, a bad carrier, an
 * advice that throws. Tracing never breaks the traced program, so a fault is counted, logged once
 * per kind of fault, and never thrown into the caller.
 */
public final class TracingFaults {

  private static final System.Logger LOG = System.getLogger("io.spanweave");
  private static final Map<String, AtomicLong> COUNTS = new ConcurrentHashMap<>();

  private TracingFaults() {}

  /**
   * Counts a fault of the given kind; the first of each kind is logged as a warning with {@code
   * detail}. {@code kind} is a short fixed label such as {@code "export"} or {@code "carrier"}.
   */
  public static void report(String kind, String detail, Throwable cause) {
    long count = COUNTS.computeIfAbsent(kind, k -> new AtomicLong()).incrementAndGet();
    if (count == 1) {
      String message =
          "spanweave: "
              + detail
              + (cause == null
                  ? ""
                  : " (" + cause.getClass().getName() + ": " + cause.getMessage() + ")")
              + ". Tracing goes on; further faults of kind '"
              + kind
              + "' are only counted.";
      LOG.log(Level.WARNING, message);
    }
  }

  /** How many faults of {@code kind} were reported since the JVM started. */
  public static long count(String kind) {
    AtomicLong count = COUNTS.get(kind);
    return count == null ? 0 : count.get();
  }

  /** Every kind reported so far, with its count. */
  public static Map<String, Long> counts() {
    Map<String, Long> copy = new TreeMap<>();
    COUNTS.forEach((kind, count) -> copy.put(kind, count.get()));
    return copy;
  }
}
