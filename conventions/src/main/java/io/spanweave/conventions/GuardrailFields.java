package io.spanweave.conventions;

/**
 * The file in which the runtime says what its run-time guardrails ({@link ContentPolicy}) took out
 * of a run, and its field names: written beside {@code traces.jsonl} by the process that writes the
 * run's trace file, read by the viewer for {@code /api/status}. Keys and event names only, with how
 * often; never a value.
 *
 * <pre>{@code
 * {"enabled":true,"droppedAttributes":{"gen_ai.prompt":12},"redactedAttributes":{"api_key":3},
 *  "droppedEvents":{"gen_ai.content.prompt":12}}
 * }</pre>
 */
public final class GuardrailFields {

  /** The file's name, in the run's {@code traces} directory next to {@code traces.jsonl}. */
  public static final String FILE_NAME = "guardrails.json";

  /** {@code false} when the run turned the guardrails off. */
  public static final String ENABLED = "enabled";

  /** Attributes left out because their key names a payload: key to count. */
  public static final String DROPPED_ATTRIBUTES = "droppedAttributes";

  /**
   * Attributes whose text was redacted (a secret key, or a value that looks like a credential): key
   * to count.
   */
  public static final String REDACTED_ATTRIBUTES = "redactedAttributes";

  /** Events left out whole because their name is a payload name: name to count. */
  public static final String DROPPED_EVENTS = "droppedEvents";

  private GuardrailFields() {}
}
