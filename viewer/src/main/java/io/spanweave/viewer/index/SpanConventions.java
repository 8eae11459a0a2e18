package io.spanweave.viewer.index;

import java.util.List;

/**
 * Attribute names and value conversions shared by the index, the live reader and the call chain.
 * The full mapping of span attributes to rollout facts (spanweave's names first, XTuner's as
 * fallbacks) is in {@link SpanFacts}.
 */
public final class SpanConventions {
  public static final List<String> STAGE_KEYS =
      List.of("spanweave.stage", "xtuner.stage", "stage", "stage.name");
  public static final List<String> SAMPLE_KEYS = List.of("rollout.id", "xtuner.rollout_id", "sample.id");
  public static final List<String> PATH_KEYS =
      List.of("rollout.span_name_path", "xtuner.span_name_path");
  public static final List<String> RUN_ID_KEYS = List.of("spanweave.run.id", "run.id");
  public static final String SERVICE_NAME = "service.name";
  public static final String METRIC_PREFIX = "spanweave.metric.";
  /** The timeline's name for a sample's reward, whichever attribute carried it. */
  public static final String REWARD_METRIC = "reward";
  /** Separator of {@code rollout.span_name_path}. */
  public static final String PATH_SEPARATOR = "->";

  private SpanConventions() {}

  public static String stringOf(Object value) {
    if (value instanceof Double d && d == Math.rint(d) && !Double.isInfinite(d)) {
      return Long.toString(d.longValue());
    }
    return String.valueOf(value);
  }

  /** A number from a Long, Double or numeric String; NaN otherwise. */
  public static double number(Object value) {
    if (value instanceof Number n) {
      return n.doubleValue();
    }
    if (value instanceof String s) {
      try {
        return Double.parseDouble(s.trim());
      } catch (NumberFormatException e) {
        return Double.NaN;
      }
    }
    if (value instanceof Boolean b) {
      return b ? 1 : 0;
    }
    return Double.NaN;
  }

  /** A truth value from a Boolean, "true"/"false", or a number; null if it is none of those. */
  public static Boolean truth(Object value) {
    if (value instanceof Boolean b) {
      return b;
    }
    if (value instanceof Number n) {
      return n.doubleValue() != 0;
    }
    if (value instanceof String s) {
      if (s.equalsIgnoreCase("true") || s.equals("1")) {
        return true;
      }
      if (s.equalsIgnoreCase("false") || s.equals("0")) {
        return false;
      }
    }
    return null;
  }
}
