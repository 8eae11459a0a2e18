package io.spanweave.viewer.index;

import java.util.List;

/**
 * The attribute names the viewer understands: spanweave's own conventions first, then the XTuner
 * trace layer's, so files written by either show the same rollout views.
 */
public final class SpanConventions {
  public static final List<String> STAGE_KEYS =
      List.of("spanweave.stage", "xtuner.stage", "stage", "stage.name");
  public static final List<String> SAMPLE_KEYS = List.of("rollout.id", "xtuner.rollout_id", "sample.id");
  public static final List<String> GROUP_KEYS = List.of("rollout.group.id", "xtuner.group_id");
  public static final List<String> SESSION_KEYS = List.of("rollout.session.id", "xtuner.session_id");
  public static final List<String> TASK_KEYS = List.of("rollout.task", "xtuner.task_name");
  public static final List<String> ROLLOUT_STATUS_KEYS = List.of("rollout.status", "xtuner.status");
  public static final List<String> PATH_KEYS =
      List.of("rollout.span_name_path", "xtuner.span_name_path");
  public static final List<String> STEP_KEYS =
      List.of("rollout.step", "xtuner.train_step", "xtuner.producer_future_step");
  public static final List<String> REWARD_KEYS = List.of("rollout.reward.score", "xtuner.reward");
  public static final List<String> FILTERED_KEYS = List.of("rollout.filtered", "xtuner.filtered");
  public static final List<String> FILTER_REASON_KEYS =
      List.of("rollout.filter.reason", "rollout.filter_reason", "xtuner.filter_reason");
  public static final List<String> RUN_ID_KEYS = List.of("spanweave.run.id", "run.id");
  public static final String SERVICE_NAME = "service.name";
  public static final String KIND = "spanweave.kind";
  public static final String STATUS = "spanweave.status";
  public static final String ERROR_TYPE = "error.type";
  public static final String METRIC_PREFIX = "spanweave.metric.";
  /** The timeline's name for a sample's reward, whichever attribute carried it. */
  public static final String REWARD_METRIC = "reward";
  /** Separator of {@code rollout.span_name_path}. */
  public static final String PATH_SEPARATOR = "->";

  private SpanConventions() {}

  public static Object first(ParsedSpan span, List<String> keys) {
    for (String key : keys) {
      Object v = span.attribute(key);
      if (v != null) {
        return v;
      }
    }
    return null;
  }

  public static String firstString(ParsedSpan span, List<String> keys) {
    Object v = first(span, keys);
    return v == null ? null : stringOf(v);
  }

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
