package io.spanweave.rollout;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * A plain, mutable {@link RolloutState}: enough for tests, scripts and pipelines whose state is a
 * bag of fields. {@link #toMap()} and {@link #fromMap(Map)} turn it into strings, numbers, booleans
 * and a nested map, ready for any JSON library to send to another process.
 *
 * <pre>{@code
 * SimpleRolloutState state = new SimpleRolloutState("sample-7")
 *     .groupId("prompt-3").taskName("gsm8k").step(12).status("init");
 * }</pre>
 */
public final class SimpleRolloutState implements RolloutState {

  private String rolloutId;
  private String attemptId;
  private String groupId;
  private String sessionId;
  private String taskName;
  private Integer step;
  private String status;
  private Integer promptTokens;
  private Integer completionTokens;
  private String finishReason;
  private Double rewardScore;
  private Boolean passed;
  private String errorType;
  private Boolean filtered;
  private String filterReason;
  private final Map<String, Object> extraFields = new LinkedHashMap<>();

  public SimpleRolloutState(String rolloutId) {
    this.rolloutId = rolloutId;
  }

  @Override
  public String rolloutId() {
    return rolloutId;
  }

  @Override
  public String attemptId() {
    return attemptId;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public String sessionId() {
    return sessionId;
  }

  @Override
  public String taskName() {
    return taskName;
  }

  @Override
  public Integer step() {
    return step;
  }

  @Override
  public String status() {
    return status;
  }

  @Override
  public Integer promptTokens() {
    return promptTokens;
  }

  @Override
  public Integer completionTokens() {
    return completionTokens;
  }

  @Override
  public String finishReason() {
    return finishReason;
  }

  @Override
  public Double rewardScore() {
    return rewardScore;
  }

  @Override
  public Boolean passed() {
    return passed;
  }

  @Override
  public String errorType() {
    return errorType;
  }

  @Override
  public Boolean filtered() {
    return filtered;
  }

  @Override
  public String filterReason() {
    return filterReason;
  }

  @Override
  public Map<String, Object> extraFields() {
    return extraFields;
  }

  public SimpleRolloutState rolloutId(String value) {
    this.rolloutId = value;
    return this;
  }

  public SimpleRolloutState attemptId(String value) {
    this.attemptId = value;
    return this;
  }

  public SimpleRolloutState groupId(String value) {
    this.groupId = value;
    return this;
  }

  public SimpleRolloutState sessionId(String value) {
    this.sessionId = value;
    return this;
  }

  public SimpleRolloutState taskName(String value) {
    this.taskName = value;
    return this;
  }

  public SimpleRolloutState step(Integer value) {
    this.step = value;
    return this;
  }

  public SimpleRolloutState status(String value) {
    this.status = value;
    return this;
  }

  public SimpleRolloutState promptTokens(Integer value) {
    this.promptTokens = value;
    return this;
  }

  public SimpleRolloutState completionTokens(Integer value) {
    this.completionTokens = value;
    return this;
  }

  public SimpleRolloutState finishReason(String value) {
    this.finishReason = value;
    return this;
  }

  public SimpleRolloutState rewardScore(Double value) {
    this.rewardScore = value;
    return this;
  }

  public SimpleRolloutState passed(Boolean value) {
    this.passed = value;
    return this;
  }

  public SimpleRolloutState errorType(String value) {
    this.errorType = value;
    return this;
  }

  public SimpleRolloutState filtered(Boolean value) {
    this.filtered = value;
    return this;
  }

  public SimpleRolloutState filterReason(String value) {
    this.filterReason = value;
    return this;
  }

  /** The state as a map of its non-null fields; {@code extraFields} is a nested map (a copy). */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    putIfSet(map, "rolloutId", rolloutId);
    putIfSet(map, "attemptId", attemptId);
    putIfSet(map, "groupId", groupId);
    putIfSet(map, "sessionId", sessionId);
    putIfSet(map, "taskName", taskName);
    putIfSet(map, "step", step);
    putIfSet(map, "status", status);
    putIfSet(map, "promptTokens", promptTokens);
    putIfSet(map, "completionTokens", completionTokens);
    putIfSet(map, "finishReason", finishReason);
    putIfSet(map, "rewardScore", rewardScore);
    putIfSet(map, "passed", passed);
    putIfSet(map, "errorType", errorType);
    putIfSet(map, "filtered", filtered);
    putIfSet(map, "filterReason", filterReason);
    map.put("extraFields", new LinkedHashMap<>(extraFields));
    return map;
  }

  /**
   * The state {@link #toMap()} described, as a JSON library reads it back (numbers of any width).
   *
   * @throws IllegalArgumentException when a field has the wrong type, naming it
   */
  public static SimpleRolloutState fromMap(Map<String, ?> map) {
    SimpleRolloutState state =
        new SimpleRolloutState(text(map, "rolloutId"))
            .attemptId(text(map, "attemptId"))
            .groupId(text(map, "groupId"))
            .sessionId(text(map, "sessionId"))
            .taskName(text(map, "taskName"))
            .step(whole(map, "step"))
            .status(text(map, "status"))
            .promptTokens(whole(map, "promptTokens"))
            .completionTokens(whole(map, "completionTokens"))
            .finishReason(text(map, "finishReason"))
            .rewardScore(number(map, "rewardScore"))
            .passed(flag(map, "passed"))
            .errorType(text(map, "errorType"))
            .filtered(flag(map, "filtered"))
            .filterReason(text(map, "filterReason"));
    Object extra = map.get("extraFields");
    if (extra instanceof Map<?, ?>) {
      ((Map<?, ?>) extra)
          .forEach((key, value) -> state.extraFields.put(String.valueOf(key), value));
    } else if (extra != null) {
      throw wrongType("extraFields", extra, "a map");
    }
    return state;
  }

  private static void putIfSet(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }

  private static String text(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null || value instanceof String) {
      return (String) value;
    }
    throw wrongType(key, value, "a string");
  }

  private static Integer whole(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      return null;
    }
    if (value instanceof Number) {
      return ((Number) value).intValue();
    }
    throw wrongType(key, value, "a whole number");
  }

  private static Double number(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null) {
      return null;
    }
    if (value instanceof Number) {
      return ((Number) value).doubleValue();
    }
    throw wrongType(key, value, "a number");
  }

  private static Boolean flag(Map<String, ?> map, String key) {
    Object value = map.get(key);
    if (value == null || value instanceof Boolean) {
      return (Boolean) value;
    }
    throw wrongType(key, value, "true or false");
  }

  private static IllegalArgumentException wrongType(String key, Object value, String expected) {
    return new IllegalArgumentException(
        "SimpleRolloutState.fromMap: field '"
            + key
            + "' is a "
            + value.getClass().getSimpleName()
            + "; it must be "
            + expected
            + " (or absent)");
  }

  @Override
  public String toString() {
    // Ids only: a state's extra fields may hold payloads that do not belong in logs.
    return "SimpleRolloutState{rolloutId="
        + rolloutId
        + ", groupId="
        + groupId
        + ", step="
        + step
        + ", status="
        + status
        + "}";
  }
}
