package io.spanweave.sample;

import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.output.FinishReason;
import io.spanweave.langchain4j.SpanweaveChatModelListener;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Generates with a real OpenAI-compatible endpoint ({@code --llm-url}: vLLM, Ollama, a hosted API)
 * through LangChain4j. Its listener records every call as a GenAI client span ({@code chat
 * <model>}) under the worker's {@code generate} stage that made it; the prompt and the completion
 * are in no span.
 */
final class OpenAiCompatibleLanguageModel implements LanguageModel {

  /** The environment variable the API key comes from; it is never printed. */
  static final String API_KEY_VARIABLE = "OPENAI_API_KEY";

  /** Sent when the variable is not set: local servers (vLLM, Ollama) take any key. */
  private static final String NO_KEY = "not-set";

  private static final int MAX_TOKENS = 256;

  private final ChatModel model;

  /**
   * @param timeout how long one call may take: the generation timeout, after which the controller
   *     gives up on the sample anyway
   */
  OpenAiCompatibleLanguageModel(String baseUrl, String modelName, String apiKey, Duration timeout) {
    this.model =
        OpenAiChatModel.builder()
            .baseUrl(baseUrl)
            .apiKey(apiKey == null || apiKey.isBlank() ? NO_KEY : apiKey)
            .modelName(modelName)
            .timeout(timeout)
            .maxRetries(0) // a failed call is the sample's failure, as with the simulated engine
            .listeners(List.of(new SpanweaveChatModelListener()))
            .build();
  }

  /**
   * What the startup line says about the endpoint: its address without any user info, never the
   * key.
   */
  static String describe(String baseUrl, String modelName, boolean keySet) {
    URI uri = URI.create(baseUrl);
    String address =
        uri.getScheme()
            + "://"
            + uri.getHost()
            + (uri.getPort() < 0 ? "" : ":" + uri.getPort())
            + (uri.getRawPath() == null ? "" : uri.getRawPath());
    return "model "
        + modelName
        + " at "
        + address
        + " through LangChain4j (API key from "
        + API_KEY_VARIABLE
        + ": "
        + (keySet ? "set" : "not set")
        + ")";
  }

  @Override
  public Completion complete(String sampleId, double temperature) {
    ChatRequest request =
        ChatRequest.builder()
            .messages(UserMessage.from(prompt(sampleId)))
            .temperature(temperature)
            .maxOutputTokens(MAX_TOKENS)
            .build();
    ChatResponse response;
    try {
      response = model.chat(request);
    } catch (RuntimeException e) {
      if (Thread.currentThread().isInterrupted() || causedByInterrupt(e)) {
        throw new GenerationCancelled(sampleId);
      }
      throw new WorkerCrash("engine_error", sampleId);
    }
    Integer tokens =
        response.tokenUsage() == null ? null : response.tokenUsage().outputTokenCount();
    return new Completion(tokens == null ? 0 : tokens, finishReason(response.finishReason()));
  }

  /** A grade-school math question, as the sample's gsm8k task would ask it. */
  private static String prompt(String sampleId) {
    return "Solve the problem and answer with the number only. A farmer has 17 sheep and buys 25 more. "
        + "How many sheep does the farmer have? (attempt "
        + sampleId
        + ")";
  }

  private static String finishReason(FinishReason reason) {
    if (reason == null) {
      return "unknown";
    }
    return reason == FinishReason.TOOL_EXECUTION
        ? "tool_calls"
        : reason.name().toLowerCase(Locale.ROOT);
  }

  private static boolean causedByInterrupt(Throwable error) {
    for (Throwable t = error; t != null; t = t.getCause() == t ? null : t.getCause()) {
      if (t instanceof InterruptedException) {
        return true;
      }
    }
    return false;
  }
}
