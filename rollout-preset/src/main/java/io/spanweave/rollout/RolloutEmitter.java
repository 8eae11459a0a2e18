package io.spanweave.rollout;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.conventions.RolloutAttributes;
import java.security.SecureRandom;
import java.time.Instant;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Records what a rollout produced as small spans of their own, under the current span: rewards,
 * messages, objects, exceptions and free-form annotations. Each method returns the span it
 * recorded.
 *
 * <pre>{@code
 * RolloutEmitter emit = RolloutEmitter.live();
 * emit.reward(1.0);
 * emit.reward(Map.of("accuracy", 1.0, "format", 0.5), "accuracy");
 * emit.annotation(Map.of("judge.model", "qwen3-8b"));
 * }</pre>
 *
 * <p>{@link #live()} records into the active tracing runtime and fails with {@link
 * IllegalStateException} when there is none: a reward that silently goes nowhere is a training bug.
 * {@link #offline(RolloutSpanStore, String, String)} records into a store on purpose, with no
 * runtime, for tests and local smoke checks. Emitters do not depend on the extension {@link
 * RolloutTrace#EXTENSION}: they record only what the program asks them to.
 *
 * <p>Values are checked before anything is recorded: a reward must be a finite number, and
 * attributes must be strings, numbers, booleans, enums or lists of one of them. Messages and
 * objects are truncated at the runtime's attribute length; they are for short notes and small
 * structured values, never for prompts or model output.
 */
public abstract class RolloutEmitter {

  /** The span names this emitter records. */
  public static final String REWARD = Rewards.SPAN_NAME;

  public static final String MESSAGE = RolloutAttributes.MESSAGE_SPAN;
  public static final String OBJECT = RolloutAttributes.OBJECT_SPAN;
  public static final String EXCEPTION = RolloutAttributes.EXCEPTION_SPAN;
  public static final String ANNOTATION = RolloutAttributes.ANNOTATION_SPAN;

  public static final String MESSAGE_TEXT = RolloutAttributes.MESSAGE_TEXT;
  public static final String OBJECT_TYPE = RolloutAttributes.OBJECT_TYPE;
  public static final String OBJECT_VALUE = RolloutAttributes.OBJECT_VALUE;
  public static final String OBJECT_JSON = RolloutAttributes.OBJECT_JSON;
  public static final String EXCEPTION_TYPE = RolloutAttributes.EXCEPTION_TYPE;

  private static final ObjectMapper JSON = new ObjectMapper();
  private static final SecureRandom RANDOM = new SecureRandom();

  RolloutEmitter() {}

  /** An emitter that records into the active tracing runtime, failing when there is none. */
  public static RolloutEmitter live() {
    return LiveRolloutEmitter.INSTANCE;
  }

  /**
   * An emitter that records into {@code store} with no tracing runtime: every span gets {@code
   * rollout.id} and {@code rollout.attempt.id} (when not {@code null}) and all share one trace.
   */
  public static RolloutEmitter offline(RolloutSpanStore store, String rolloutId, String attemptId) {
    return new OfflineRolloutEmitter(Objects.requireNonNull(store, "store"), rolloutId, attemptId);
  }

  /** Records a reward: {@code value} is the score. */
  public RolloutSpan reward(double value) {
    requireFinite("reward", value);
    return emit(REWARD, Map.of(RolloutAttributes.REWARD_SCORE, value));
  }

  /**
   * Records a reward of several named values; {@code primaryKey} names the one that is the score.
   *
   * @throws IllegalArgumentException when a value is not a finite number, or {@code primaryKey} is
   *     not among them
   */
  public RolloutSpan reward(Map<String, ?> values, String primaryKey) {
    Objects.requireNonNull(values, "values");
    if (!values.containsKey(primaryKey)) {
      throw new IllegalArgumentException(
          "reward: the primary key '"
              + primaryKey
              + "' is not among the values "
              + values.keySet()
              + "; name the value that is the score");
    }
    Map<String, Object> attributes = new LinkedHashMap<>();
    values.forEach(
        (name, value) -> {
          if (!(value instanceof Number)) {
            throw new IllegalArgumentException(
                "reward: value '"
                    + name
                    + "' is "
                    + (value == null
                        ? "null"
                        : "a " + value.getClass().getSimpleName() + " (" + shorten(value) + ")")
                    + "; every reward value must be a number");
          }
          double number = ((Number) value).doubleValue();
          requireFinite("reward value '" + name + "'", number);
          attributes.put(Rewards.VALUE_PREFIX + name, number);
        });
    attributes.put(Rewards.PRIMARY_KEY, primaryKey);
    attributes.put(RolloutAttributes.REWARD_SCORE, ((Number) values.get(primaryKey)).doubleValue());
    return emit(REWARD, attributes);
  }

  /** Records a short message, such as {@code "retrying the tool call"}. */
  public RolloutSpan message(String text) {
    Objects.requireNonNull(text, "text");
    return record(MESSAGE, SpanValues.own(MESSAGE, Map.of(MESSAGE_TEXT, text)));
  }

  /**
   * Records a small value: a string, number, boolean or enum as it is, a map or list of those as
   * JSON.
   *
   * @throws IllegalArgumentException for any other type: turn it into a map of the fields worth
   *     keeping
   */
  public RolloutSpan object(Object value) {
    Objects.requireNonNull(value, "value");
    Object scalar = SpanValues.normalize(value);
    if (scalar != null && !(scalar instanceof List<?>)) {
      return record(
          OBJECT,
          SpanValues.own(
              OBJECT,
              Map.of(
                  OBJECT_TYPE,
                  scalar.getClass().getSimpleName().toLowerCase(java.util.Locale.ROOT),
                  OBJECT_VALUE,
                  scalar)));
    }
    if (!isPlainData(value)) {
      throw new IllegalArgumentException(
          "object: a "
              + value.getClass().getName()
              + " cannot be recorded; pass a string,"
              + " number, boolean, enum, or a map or list of those, e.g. Map.of(\"tool\", name, \"steps\", steps)");
    }
    try {
      return record(
          OBJECT,
          SpanValues.own(
              OBJECT, Map.of(OBJECT_TYPE, "json", OBJECT_JSON, JSON.writeValueAsString(value))));
    } catch (JsonProcessingException e) {
      throw new IllegalArgumentException(
          "object: could not write the value as JSON: " + e.getOriginalMessage(), e);
    }
  }

  /**
   * Records that {@code error} happened: its type only, since a message may quote a prompt or a
   * secret.
   */
  public RolloutSpan exception(Throwable error) {
    Objects.requireNonNull(error, "error");
    String type = error.getClass().getName();
    return record(
        EXCEPTION, SpanValues.own(EXCEPTION, Map.of(EXCEPTION_TYPE, type, "error.type", type)));
  }

  /** Records free-form attributes, such as the judge's model or the dataset split. */
  public RolloutSpan annotation(Map<String, ?> attributes) {
    Objects.requireNonNull(attributes, "attributes");
    return emit(ANNOTATION, attributes);
  }

  private RolloutSpan emit(String name, Map<String, ?> attributes) {
    return record(name, SpanValues.checked(name, attributes));
  }

  /** Records one span named {@code name} with checked, normalized attributes. */
  abstract RolloutSpan record(String name, Map<String, Object> attributes);

  static long nowEpochNanos() {
    Instant now = Instant.now();
    return now.getEpochSecond() * 1_000_000_000L + now.getNano();
  }

  static String randomHex(int bytes) {
    byte[] random = new byte[bytes];
    RANDOM.nextBytes(random);
    return HexFormat.of().formatHex(random);
  }

  private static void requireFinite(String what, double value) {
    if (!Double.isFinite(value)) {
      throw new IllegalArgumentException(
          what + " is " + value + "; a reward must be a finite number");
    }
  }

  private static boolean isPlainData(Object value) {
    if (value instanceof Map<?, ?>) {
      for (Map.Entry<?, ?> entry : ((Map<?, ?>) value).entrySet()) {
        if (!(entry.getKey() instanceof String) || !isPlainData(entry.getValue())) {
          return false;
        }
      }
      return true;
    }
    if (value instanceof Iterable<?>) {
      for (Object element : (Iterable<?>) value) {
        if (!isPlainData(element)) {
          return false;
        }
      }
      return true;
    }
    return value == null
        || value instanceof String
        || value instanceof Number
        || value instanceof Boolean
        || value instanceof Enum<?>;
  }

  private static String shorten(Object value) {
    String text = String.valueOf(value);
    return text.length() <= 40 ? text : text.substring(0, 40) + "...";
  }
}
