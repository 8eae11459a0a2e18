package io.spanweave.conventions;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Every attribute name the viewer reads, and what it means for the rollout views. spanweave's own
 * names come first, XTuner's trace layer's after them, so files written by either show the same
 * views. Nothing else in the viewer names an attribute: the index, the live reader and the call
 * chain all ask this class. spanweave's own names are {@link SpanAttributes}' and {@link
 * RolloutAttributes}' constants; XTuner's are defined here, where the mapping of other tools' names
 * onto the rollout view belongs.
 *
 * <p>A fact may be carried by several keys; on one span the key listed first wins.
 *
 * <p>LLM calls are read from OpenTelemetry's GenAI names ({@link GenAiAttributes}), the older ones
 * included, on any span. The rollout preset's {@code rollout.prompt_tokens} and {@code
 * rollout.completion_tokens} are not read as LLM calls: the preset writes them on every endpoint a
 * sample passes (agent loop, controller, worker), as the sample's state, so they would count one
 * call several times.
 */
public final class ViewerKeys {

  /** What an attribute tells the viewer. */
  public enum Fact {
    /** Resource or span attribute: the run a span belongs to. */
    RUN_ID,
    STAGE,
    KIND,
    /** spanweave's own span status word ({@code ok}, {@code error}, ...). */
    SPAN_STATUS,
    ERROR_TYPE,
    ERROR_MESSAGE,
    STEP,
    SAMPLE,
    GROUP,
    SESSION,
    TASK,
    /** The sample's status word, such as {@code completed} or {@code aborted}. */
    SAMPLE_STATUS,
    /** The sample's call chain to this span: an array of names or an {@code a -> b} string. */
    PATH,
    REWARD,
    REWARD_PASS,
    FILTERED,
    FILTER_DECISION,
    FILTER_REASON,
    TRAIN_INCLUDED,
    OVERSAMPLE_SOURCE,
    DROP_REASON,
    /** GenAI: what the call did ({@code chat}, {@code execute_tool}, ...). */
    LLM_OPERATION,
    /** GenAI: the model that answered, else the one asked for. */
    LLM_MODEL,
    LLM_INPUT_TOKENS,
    LLM_OUTPUT_TOKENS,
    /** GenAI: why the model stopped, a string or an array of strings. */
    LLM_FINISH_REASONS,
    /** GenAI: seconds to the first token or chunk. */
    LLM_TIME_TO_FIRST_TOKEN;

    /** Whether the fact is one of an LLM call's (the {@code gen_ai.*} names). */
    public boolean isLlm() {
      return compareTo(LLM_OPERATION) >= 0;
    }
  }

  /** A key and its place among the keys of the same fact (0 wins). */
  public record Key(Fact fact, int rank) {}

  // spanweave (runtime and rollout preset)
  public static final String SPANWEAVE_RUN_ID = SpanAttributes.RUN_ID;
  public static final String SPANWEAVE_STAGE = SpanAttributes.STAGE;
  public static final String SPANWEAVE_KIND = SpanAttributes.KIND;
  public static final String SPANWEAVE_STATUS = SpanAttributes.STATUS;

  /** What {@code Trace.step(n)} writes on every span under it. */
  public static final String SPANWEAVE_STEP = SpanAttributes.STEP;

  public static final String ERROR_TYPE = SpanAttributes.ERROR_TYPE;
  public static final String ROLLOUT_ID = RolloutAttributes.ROLLOUT_ID;

  /** What {@code @TraceAttribute("sample.id")} writes when the rollout preset is not used. */
  public static final String SAMPLE_ID = SpanAttributes.SAMPLE_ID;

  public static final String ROLLOUT_GROUP = RolloutAttributes.GROUP_ID;
  public static final String ROLLOUT_SESSION = RolloutAttributes.SESSION_ID;
  public static final String ROLLOUT_TASK = RolloutAttributes.TASK;
  public static final String ROLLOUT_STEP = RolloutAttributes.STEP;
  public static final String ROLLOUT_STATUS = RolloutAttributes.STATUS;
  public static final String ROLLOUT_PATH = RolloutAttributes.SPAN_NAME_PATH;
  public static final String ROLLOUT_REWARD = RolloutAttributes.REWARD_SCORE;
  public static final String ROLLOUT_REWARD_PASS = RolloutAttributes.REWARD_PASS;
  public static final String ROLLOUT_FILTERED = RolloutAttributes.FILTERED;
  public static final String ROLLOUT_FILTER_REASON = RolloutAttributes.FILTER_REASON;
  public static final String ROLLOUT_FILTER_REASON_OLD = "rollout.filter_reason";

  // XTuner's trace layer
  public static final String RUN_ID = "run.id";
  public static final String XTUNER_STAGE = "xtuner.stage";
  public static final String STAGE = "stage";
  public static final String STAGE_NAME = "stage.name";
  public static final String XTUNER_ROLLOUT_ID = "xtuner.rollout_id";
  public static final String XTUNER_GROUP = "xtuner.group_id";
  public static final String XTUNER_SESSION = "xtuner.session_id";
  public static final String XTUNER_TASK = "xtuner.task_name";
  public static final String XTUNER_PRODUCER_FUTURE_STEP = "xtuner.producer_future_step";
  public static final String XTUNER_TRAIN_STEP = "xtuner.train_step";
  public static final String XTUNER_STATUS = "xtuner.status";
  public static final String XTUNER_PATH = "xtuner.span_name_path";
  public static final String XTUNER_LOGICAL_PATH = "xtuner.logical_path";
  public static final String XTUNER_ERROR_TYPE = "xtuner.error_type";
  public static final String XTUNER_ERROR_MESSAGE = "xtuner.error_msg";
  public static final String XTUNER_REWARD = "xtuner.reward";
  public static final String XTUNER_FILTERED = "xtuner.filtered";
  public static final String XTUNER_FILTER_REASON = "xtuner.filter_reason";
  public static final String REWARD_SCORE = "reward.score";
  public static final String REWARD_SCORE_FLAT = "reward_score";
  public static final String REWARD_PASS = "reward.pass";
  public static final String FILTER_DECISION = "filter.decision";
  public static final String FILTER_REASON = "filter.reason";
  public static final String TRAIN_INCLUDED = "train.included";
  public static final String OVERSAMPLE_SOURCE = "oversample.source";
  public static final String DROP_REASON = "drop.reason";

  public static final String SERVICE_NAME = SpanAttributes.SERVICE_NAME;
  public static final String METRIC_PREFIX = SpanAttributes.METRIC_PREFIX;

  /** The event OpenTelemetry records for an exception, and its type attribute. */
  public static final String EXCEPTION_EVENT = "exception";

  public static final String EXCEPTION_TYPE = "exception.type";

  /** The timeline's name for a sample's reward, whichever attribute carried it. */
  public static final String REWARD_METRIC = "reward";

  /** Separator of a span name path written as one string. */
  public static final String PATH_SEPARATOR = "->";

  /** How the viewer writes a path that came as an array. */
  public static final String PATH_JOINER = " -> ";

  // Tracing backends (Zipkin's JSON v2, Jaeger's JSON). They carry what OTLP has in fields (status,
  // kind, scope) as tags, under the names OpenTelemetry's exporters to them use; the viewer reads
  // these tags back into those fields, and every other tag as the span attribute it was.

  /** Tag with the OTLP status code's name: {@code OK} or {@code ERROR}. */
  public static final String TAG_STATUS_CODE = "otel.status_code";

  /** Tag with the OTLP status message. */
  public static final String TAG_STATUS_DESCRIPTION = "otel.status_description";

  /** Tag marking a failed span: Zipkin's (the value is the message), Jaeger's ({@code true}). */
  public static final String TAG_ERROR = "error";

  public static final String TAG_SCOPE_NAME = "otel.scope.name";
  public static final String TAG_SCOPE_VERSION = "otel.scope.version";

  /** The scope's older names, written by exporters before OpenTelemetry 1.10. */
  public static final String TAG_LIBRARY_NAME = "otel.library.name";

  public static final String TAG_LIBRARY_VERSION = "otel.library.version";

  /**
   * Jaeger's span kind tag: {@code client}, {@code server}, {@code producer}, {@code consumer},
   * {@code internal}.
   */
  public static final String TAG_SPAN_KIND = "span.kind";

  /** Jaeger's log field that holds the event's name. */
  public static final String JAEGER_EVENT_FIELD = "event";

  /**
   * Sample status words that mean the sample failed. XTuner counts {@code aborted}, {@code
   * timeout}, {@code timed_out} and {@code exception} as error statuses; spanweave's preset writes
   * {@code error} and {@code failed}.
   */
  public static final Set<String> FAILED_SAMPLE_STATUSES =
      Set.of("error", "failed", "failure", "exception", "aborted", "timeout", "timed_out");

  /** Every span attribute the index reads, in precedence order within each fact. */
  private static final Map<Fact, List<String>> SPAN_KEYS = new EnumMap<>(Fact.class);

  private static final Map<String, Key> BY_NAME = new HashMap<>();

  static {
    keys(Fact.RUN_ID, SPANWEAVE_RUN_ID, RUN_ID);
    keys(Fact.STAGE, SPANWEAVE_STAGE, XTUNER_STAGE, STAGE, STAGE_NAME);
    keys(Fact.KIND, SPANWEAVE_KIND);
    keys(Fact.SPAN_STATUS, SPANWEAVE_STATUS);
    keys(Fact.ERROR_TYPE, ERROR_TYPE, XTUNER_ERROR_TYPE);
    keys(Fact.ERROR_MESSAGE, XTUNER_ERROR_MESSAGE);
    // XTuner prefers the step a sample is produced for over the step it was trained in.
    keys(Fact.STEP, ROLLOUT_STEP, SPANWEAVE_STEP, XTUNER_PRODUCER_FUTURE_STEP, XTUNER_TRAIN_STEP);
    keys(Fact.SAMPLE, ROLLOUT_ID, XTUNER_ROLLOUT_ID, SAMPLE_ID);
    keys(Fact.GROUP, ROLLOUT_GROUP, XTUNER_GROUP);
    keys(Fact.SESSION, ROLLOUT_SESSION, XTUNER_SESSION);
    keys(Fact.TASK, ROLLOUT_TASK, XTUNER_TASK);
    keys(Fact.SAMPLE_STATUS, ROLLOUT_STATUS, XTUNER_STATUS);
    keys(Fact.PATH, ROLLOUT_PATH, XTUNER_PATH, XTUNER_LOGICAL_PATH);
    keys(Fact.REWARD, ROLLOUT_REWARD, REWARD_SCORE, REWARD_SCORE_FLAT, XTUNER_REWARD);
    keys(Fact.REWARD_PASS, ROLLOUT_REWARD_PASS, REWARD_PASS);
    keys(Fact.FILTERED, ROLLOUT_FILTERED, XTUNER_FILTERED);
    keys(Fact.FILTER_DECISION, FILTER_DECISION);
    keys(
        Fact.FILTER_REASON,
        ROLLOUT_FILTER_REASON,
        ROLLOUT_FILTER_REASON_OLD,
        FILTER_REASON,
        XTUNER_FILTER_REASON);
    keys(Fact.TRAIN_INCLUDED, TRAIN_INCLUDED);
    keys(Fact.OVERSAMPLE_SOURCE, OVERSAMPLE_SOURCE);
    keys(Fact.DROP_REASON, DROP_REASON);
    // OpenTelemetry's GenAI conventions, current names first, then the older ones engines still
    // write.
    keys(Fact.LLM_OPERATION, GenAiAttributes.OPERATION_NAME);
    keys(Fact.LLM_MODEL, GenAiAttributes.MODEL_KEYS.toArray(String[]::new));
    keys(Fact.LLM_INPUT_TOKENS, GenAiAttributes.INPUT_TOKEN_KEYS.toArray(String[]::new));
    keys(Fact.LLM_OUTPUT_TOKENS, GenAiAttributes.OUTPUT_TOKEN_KEYS.toArray(String[]::new));
    keys(Fact.LLM_FINISH_REASONS, GenAiAttributes.RESPONSE_FINISH_REASONS);
    keys(
        Fact.LLM_TIME_TO_FIRST_TOKEN,
        GenAiAttributes.TIME_TO_FIRST_TOKEN_KEYS.toArray(String[]::new));
  }

  private static void keys(Fact fact, String... names) {
    SPAN_KEYS.put(fact, List.of(names));
    for (int rank = 0; rank < names.length; rank++) {
      BY_NAME.put(names[rank], new Key(fact, rank));
    }
  }

  private ViewerKeys() {}

  /**
   * What a span attribute named {@code name} means, or null when the viewer does not interpret it.
   */
  public static Key key(String name) {
    return BY_NAME.get(name);
  }

  /**
   * What a metric named {@code name} ({@code spanweave.metric.<name>}, as {@code @Traced(metrics)}
   * writes it) means beyond being a metric: a metric keyed with a GenAI name, such as {@code
   * gen_ai.usage.input_tokens}, is that GenAI fact, ranked after the attribute of the same name.
   * Null for any other metric.
   */
  public static Key metricKey(String name) {
    Key key = BY_NAME.get(name);
    return key == null || !key.fact().isLlm()
        ? null
        : new Key(key.fact(), key.rank() + METRIC_RANK_OFFSET);
  }

  /** How far behind the attributes of a fact a metric of the same name ranks. */
  private static final int METRIC_RANK_OFFSET = 100;

  /** The span attribute names that carry {@code fact}, first one winning. */
  public static List<String> keysOf(Fact fact) {
    return SPAN_KEYS.getOrDefault(fact, List.of());
  }

  /** Every name this class interprets, for documentation and tests. */
  public static List<String> allKeys() {
    List<String> all = new ArrayList<>();
    SPAN_KEYS.values().forEach(all::addAll);
    all.add(SERVICE_NAME);
    return Collections.unmodifiableList(all);
  }

  /**
   * Whether this sample status key also says how the span itself ended. XTuner writes {@code
   * xtuner.status} on every span it traces, so a failed word there fails the span; the rollout
   * preset's {@code rollout.status} is the sample's alone (an endpoint that returned a failed
   * sample did not fail).
   */
  public static boolean sampleStatusAlsoFailsSpan(String key) {
    return XTUNER_STATUS.equals(key);
  }

  /** Whether a sample status word means the sample failed. */
  public static boolean isFailedSampleStatus(String status) {
    return status != null && FAILED_SAMPLE_STATUSES.contains(status.toLowerCase(Locale.ROOT));
  }

  /**
   * A span name path as one {@code a -> b -> c} string, whether it was written as an array of names
   * (as XTuner does) or as a string already.
   */
  public static String pathOf(Object value) {
    if (value instanceof List<?> names) {
      StringBuilder b = new StringBuilder();
      for (Object name : names) {
        if (name == null) {
          continue;
        }
        if (b.length() > 0) {
          b.append(PATH_JOINER);
        }
        b.append(stringOf(name).trim());
      }
      return b.toString();
    }
    return stringOf(value);
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
