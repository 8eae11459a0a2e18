package io.spanweave.sample;

import io.spanweave.api.TraceContext;
import io.spanweave.rollout.RolloutState;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * One sample of a rollout step, as the pipeline passes it from stage to stage and, serialized with
 * {@link #toMap()}, to the worker process. Implementing {@link RolloutState} is all the rollout
 * preset needs: it reads the ids and outcome from the getters and carries the sample's call chain
 * and trace context in {@link #extraFields()}, which travel with the rest of the state.
 */
public final class SampleState implements RolloutState {

  private final String rolloutId;
  private final String groupId;
  private final String taskName;
  private final int step;
  private final int promptTokens;
  private String status = "init";
  private Integer completionTokens;
  private String finishReason;
  private Double rewardScore;
  private Boolean passed;
  private Boolean filtered;
  private String filterReason;
  private String errorType;
  private final Map<String, Object> extraFields = new LinkedHashMap<>();
  // Not sent to the worker: where the sample's trace continues after its agent loop returned.
  private TraceContext traceContext;

  public SampleState(
      String rolloutId, String groupId, String taskName, int step, int promptTokens) {
    this.rolloutId = rolloutId;
    this.groupId = groupId;
    this.taskName = taskName;
    this.step = step;
    this.promptTokens = promptTokens;
  }

  @Override
  public String rolloutId() {
    return rolloutId;
  }

  @Override
  public String groupId() {
    return groupId;
  }

  @Override
  public String sessionId() {
    return null;
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
  public Boolean filtered() {
    return filtered;
  }

  @Override
  public String filterReason() {
    return filterReason;
  }

  @Override
  public String errorType() {
    return errorType;
  }

  @Override
  public Map<String, Object> extraFields() {
    return extraFields;
  }

  /** The sample's trace, as its agent loop saw it; the reward filter records its decision there. */
  public TraceContext traceContext() {
    return traceContext;
  }

  public SampleState status(String value) {
    this.status = value;
    return this;
  }

  public SampleState generated(int tokens, String reason) {
    this.completionTokens = tokens;
    this.finishReason = reason;
    return this;
  }

  public SampleState reward(double score, boolean pass) {
    this.rewardScore = score;
    this.passed = pass;
    return this;
  }

  public SampleState filtered(boolean value, String reason) {
    this.filtered = value;
    this.filterReason = reason;
    return this;
  }

  public SampleState failed(String kind) {
    this.status = "failed";
    this.errorType = kind;
    return this;
  }

  public SampleState traceContext(TraceContext value) {
    this.traceContext = value;
    return this;
  }

  public boolean isCompleted() {
    return "completed".equals(status);
  }

  /**
   * A copy for a worker on another thread: what it changes is only seen once it returns the copy.
   */
  public SampleState copy() {
    return fromMap(toMap()).traceContext(traceContext);
  }

  /** The state as plain JSON values, extra fields (the preset's carrier among them) included. */
  public Map<String, Object> toMap() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("rolloutId", rolloutId);
    map.put("groupId", groupId);
    map.put("taskName", taskName);
    map.put("step", step);
    map.put("promptTokens", promptTokens);
    map.put("status", status);
    map.put("completionTokens", completionTokens);
    map.put("finishReason", finishReason);
    map.put("rewardScore", rewardScore);
    map.put("passed", passed);
    map.put("filtered", filtered);
    map.put("filterReason", filterReason);
    map.put("errorType", errorType);
    map.put("extraFields", new LinkedHashMap<>(extraFields));
    return map;
  }

  /** The inverse of {@link #toMap()}, also for a map that went through JSON. */
  @SuppressWarnings("unchecked")
  public static SampleState fromMap(Map<String, Object> map) {
    SampleState state =
        new SampleState(
            (String) map.get("rolloutId"),
            (String) map.get("groupId"),
            (String) map.get("taskName"),
            ((Number) map.get("step")).intValue(),
            ((Number) map.get("promptTokens")).intValue());
    state.status = (String) map.get("status");
    state.completionTokens =
        map.get("completionTokens") == null
            ? null
            : ((Number) map.get("completionTokens")).intValue();
    state.finishReason = (String) map.get("finishReason");
    state.rewardScore =
        map.get("rewardScore") == null ? null : ((Number) map.get("rewardScore")).doubleValue();
    state.passed = (Boolean) map.get("passed");
    state.filtered = (Boolean) map.get("filtered");
    state.filterReason = (String) map.get("filterReason");
    state.errorType = (String) map.get("errorType");
    Object extra = map.get("extraFields");
    if (extra instanceof Map<?, ?> fields) {
      state.extraFields.putAll((Map<String, Object>) fields);
    }
    return state;
  }

  @Override
  public String toString() {
    return rolloutId + "[" + status + "]";
  }
}
