package io.spanweave.annotations;

/**
 * What a traced stage does, recorded as {@code spanweave.kind}. The vocabulary is fixed so that
 * viewers and queries can rely on it; use {@link #CUSTOM} when none of the specific kinds fit.
 *
 * <pre>{@code
 * @Traced(stage = "judge", kind = Kind.REWARD, metrics = "score")
 * Judgement judge(String sampleId, GenerateResult result);
 * }</pre>
 */
public enum Kind {
  ROLLOUT,
  ENV_STEP,
  MODEL,
  TOOL,
  RETRIEVAL,
  REWARD,
  EVALUATOR,
  DATASET,
  PREPROCESSING,
  POSTPROCESSING,
  CHECKPOINT,
  ARTIFACT,
  SYSTEM,
  CUSTOM;

  /** The lower-case name written into spans, such as {@code env_step}. */
  public String attributeValue() {
    return name().toLowerCase(java.util.Locale.ROOT);
  }
}
