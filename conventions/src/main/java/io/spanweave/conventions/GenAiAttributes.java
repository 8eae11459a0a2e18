package io.spanweave.conventions;

import java.util.List;
import java.util.Set;

/**
 * OpenTelemetry's semantic conventions for generative AI ({@code gen_ai.*}) as spanweave writes and
 * reads them, plus the older names that inference engines still write. LLM observability backends
 * read these names, and engines such as vLLM write them on their own spans; spanweave writes them
 * on the LLM spans it records itself (a {@code @Traced} metric keyed with one of them, the rollout
 * preset's reconstructed LLM and tool calls), and the viewer reads them from any span.
 *
 * <p>Every name here is a count, a duration, a model or an operation, never content: the payload
 * names of the conventions ({@code gen_ai.input.messages}, {@code gen_ai.output.messages}, {@code
 * gen_ai.system_instructions}) are not listed, and {@link SensitiveKeys} reads them as payloads
 * while it reads these as plain facts.
 */
public final class GenAiAttributes {

  /** Prefix of every GenAI attribute. */
  public static final String PREFIX = "gen_ai.";

  /** What the call did: {@value #CHAT}, {@value #TEXT_COMPLETION}, {@value #EXECUTE_TOOL}, ... */
  public static final String OPERATION_NAME = "gen_ai.operation.name";

  /** The model the request asked for. */
  public static final String REQUEST_MODEL = "gen_ai.request.model";

  /** The sampling temperature the request asked for. */
  public static final String REQUEST_TEMPERATURE = "gen_ai.request.temperature";

  /** The most tokens the request allowed the model to generate. */
  public static final String REQUEST_MAX_TOKENS = "gen_ai.request.max_tokens";

  /** The nucleus sampling bound ({@code top_p}) the request asked for. */
  public static final String REQUEST_TOP_P = "gen_ai.request.top_p";

  /** The provider's id of the response, such as {@code chatcmpl-...}. */
  public static final String RESPONSE_ID = "gen_ai.response.id";

  /** The model that answered (it may differ from the one asked for). */
  public static final String RESPONSE_MODEL = "gen_ai.response.model";

  /** Tokens of the input (prompt). */
  public static final String USAGE_INPUT_TOKENS = "gen_ai.usage.input_tokens";

  /** Tokens of the output (completion). */
  public static final String USAGE_OUTPUT_TOKENS = "gen_ai.usage.output_tokens";

  /** Why the model stopped, one reason per choice: an array of strings such as {@code ["stop"]}. */
  public static final String RESPONSE_FINISH_REASONS = "gen_ai.response.finish_reasons";

  /** The provider, such as {@code openai} or {@code vllm}. */
  public static final String PROVIDER_NAME = "gen_ai.provider.name";

  /** On a tool execution: the tool's name. */
  public static final String TOOL_NAME = "gen_ai.tool.name";

  /**
   * Seconds from the request to the first chunk of a streamed response (the conventions' current
   * name for time to first token).
   */
  public static final String RESPONSE_TIME_TO_FIRST_CHUNK = "gen_ai.response.time_to_first_chunk";

  // Older names, written by engines that followed earlier versions of the conventions.

  /** Input tokens under the conventions' name before 1.27 (vLLM writes it). */
  public static final String USAGE_PROMPT_TOKENS = "gen_ai.usage.prompt_tokens";

  /** Output tokens under the conventions' name before 1.27 (vLLM writes it). */
  public static final String USAGE_COMPLETION_TOKENS = "gen_ai.usage.completion_tokens";

  /** Seconds to the first token, as vLLM's request spans write it. */
  public static final String LATENCY_TIME_TO_FIRST_TOKEN = "gen_ai.latency.time_to_first_token";

  /** Seconds to the first token, as some SDKs write it. */
  public static final String RESPONSE_TIME_TO_FIRST_TOKEN = "gen_ai.response.time_to_first_token";

  /** Seconds from arrival to completion, as vLLM's request spans write it. */
  public static final String LATENCY_E2E = "gen_ai.latency.e2e";

  /** Seconds the request waited in the engine's queue, as vLLM's request spans write it. */
  public static final String LATENCY_TIME_IN_QUEUE = "gen_ai.latency.time_in_queue";

  /**
   * {@value #OPERATION_NAME} of a chat completion, what an agent's calls to an inference endpoint
   * are.
   */
  public static final String CHAT = "chat";

  /** {@value #OPERATION_NAME} of a plain text completion. */
  public static final String TEXT_COMPLETION = "text_completion";

  /** {@value #OPERATION_NAME} of a tool run by an agent. */
  public static final String EXECUTE_TOOL = "execute_tool";

  /** {@value #OPERATION_NAME} of an agent's whole run (which may sum the tokens of its calls). */
  public static final String INVOKE_AGENT = "invoke_agent";

  /** {@value #OPERATION_NAME} of creating an agent. */
  public static final String CREATE_AGENT = "create_agent";

  /**
   * Operations that are not a model call: a span with one of them is not counted as an LLM call,
   * even when it carries token counts (an agent's run may sum its calls').
   */
  public static final Set<String> NOT_MODEL_CALLS =
      Set.of(EXECUTE_TOOL, INVOKE_AGENT, CREATE_AGENT);

  /** Input token names, the current one first. */
  public static final List<String> INPUT_TOKEN_KEYS =
      List.of(USAGE_INPUT_TOKENS, USAGE_PROMPT_TOKENS);

  /** Output token names, the current one first. */
  public static final List<String> OUTPUT_TOKEN_KEYS =
      List.of(USAGE_OUTPUT_TOKENS, USAGE_COMPLETION_TOKENS);

  /** Model names: the one that answered first, else the one asked for. */
  public static final List<String> MODEL_KEYS = List.of(RESPONSE_MODEL, REQUEST_MODEL);

  /** Time to first token names (seconds), the current one first. */
  public static final List<String> TIME_TO_FIRST_TOKEN_KEYS =
      List.of(
          RESPONSE_TIME_TO_FIRST_CHUNK, LATENCY_TIME_TO_FIRST_TOKEN, RESPONSE_TIME_TO_FIRST_TOKEN);

  /**
   * Every name of this class that spanweave writes or reads: counts, durations, models, operations
   * and reasons, none of them content.
   */
  public static final List<String> ALL =
      List.of(
          OPERATION_NAME,
          REQUEST_MODEL,
          REQUEST_TEMPERATURE,
          REQUEST_MAX_TOKENS,
          REQUEST_TOP_P,
          RESPONSE_ID,
          RESPONSE_MODEL,
          USAGE_INPUT_TOKENS,
          USAGE_OUTPUT_TOKENS,
          RESPONSE_FINISH_REASONS,
          PROVIDER_NAME,
          TOOL_NAME,
          RESPONSE_TIME_TO_FIRST_CHUNK,
          USAGE_PROMPT_TOKENS,
          USAGE_COMPLETION_TOKENS,
          LATENCY_TIME_TO_FIRST_TOKEN,
          RESPONSE_TIME_TO_FIRST_TOKEN,
          LATENCY_E2E,
          LATENCY_TIME_IN_QUEUE);

  private GenAiAttributes() {}

  /** Whether {@code key} is in the GenAI namespace ({@code gen_ai.*}). */
  public static boolean isGenAi(String key) {
    return key != null && key.startsWith(PREFIX);
  }
}
