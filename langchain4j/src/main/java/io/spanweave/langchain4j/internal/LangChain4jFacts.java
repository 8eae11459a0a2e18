package io.spanweave.langchain4j.internal;

import dev.langchain4j.exception.HttpException;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.request.ChatRequestParameters;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.spanweave.genai.GenAiRequest;
import io.spanweave.genai.GenAiResponse;
import java.io.InterruptedIOException;
import java.net.http.HttpTimeoutException;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Reads what a trace may tell from LangChain4j's requests, responses and errors: models, sampling
 * settings, token counts, finish reasons and error kinds. It never reads a message. Not part of
 * spanweave's API.
 */
public final class LangChain4jFacts {

  /** {@code error.type} of a call that timed out. */
  public static final String TIMEOUT = "timeout";

  private LangChain4jFacts() {}

  /**
   * The GenAI request of a LangChain4j chat request: provider, model and sampling settings only.
   */
  public static GenAiRequest request(ChatRequest chatRequest, ModelProvider provider) {
    ChatRequestParameters parameters = chatRequest == null ? null : chatRequest.parameters();
    GenAiRequest request =
        GenAiRequest.chat(
            providerName(provider), parameters == null ? null : parameters.modelName());
    if (parameters == null) {
      return request;
    }
    Integer maxTokens = parameters.maxOutputTokens();
    return request
        .temperature(parameters.temperature())
        .topP(parameters.topP())
        .maxTokens(maxTokens == null ? null : maxTokens.longValue());
  }

  /**
   * The GenAI response of a LangChain4j chat response: id, model, finish reason and tokens, not the
   * message.
   */
  public static GenAiResponse response(ChatResponse chatResponse) {
    GenAiResponse.Builder builder = GenAiResponse.builder();
    if (chatResponse == null) {
      return builder.build();
    }
    builder.id(chatResponse.id()).model(chatResponse.modelName());
    FinishReason reason = chatResponse.finishReason();
    if (reason != null) {
      builder.finishReasons(List.of(finishReason(reason)));
    }
    TokenUsage usage = chatResponse.tokenUsage();
    if (usage != null) {
      builder
          .inputTokens(asLong(usage.inputTokenCount()))
          .outputTokens(asLong(usage.outputTokenCount()));
    }
    return builder.build();
  }

  /**
   * {@code error.type} of a failed call: the HTTP status when the provider answered with an error
   * ({@code "429"}, {@code "500"}), {@value #TIMEOUT} when the call timed out, else the class name
   * of the error. Never its message, which may quote the request.
   */
  public static String errorType(Throwable error) {
    if (error == null) {
      return null;
    }
    Map<Throwable, Boolean> seen = new IdentityHashMap<>();
    for (Throwable t = error; t != null && seen.put(t, Boolean.TRUE) == null; t = t.getCause()) {
      if (t instanceof HttpException) {
        return Integer.toString(((HttpException) t).statusCode());
      }
      if (t instanceof dev.langchain4j.exception.TimeoutException
          || t instanceof HttpTimeoutException
          || t instanceof java.util.concurrent.TimeoutException
          || (t instanceof InterruptedIOException
              && t.getClass().getSimpleName().contains("Timeout"))) {
        return TIMEOUT;
      }
    }
    return error.getClass().getName();
  }

  /**
   * The GenAI conventions' {@code gen_ai.provider.name} of a LangChain4j provider; the lower-case
   * constant for a provider the conventions do not name; {@code null} when not known.
   */
  static String providerName(ModelProvider provider) {
    if (provider == null) {
      return null;
    }
    // By name, not by constant: a LangChain4j release may add or drop providers.
    switch (provider.name()) {
      case "OPEN_AI":
        return "openai";
      case "AZURE_OPEN_AI":
        return "azure.ai.openai";
      case "ANTHROPIC":
        return "anthropic";
      case "AMAZON_BEDROCK":
        return "aws.bedrock";
      case "GOOGLE_AI_GEMINI":
        return "gcp.gemini";
      case "GOOGLE_VERTEX_AI_GEMINI":
      case "GOOGLE_VERTEX_AI_ANTHROPIC":
        return "gcp.vertex_ai";
      case "MISTRAL_AI":
        return "mistral_ai";
      case "WATSONX":
        return "ibm.watsonx.ai";
      case "COHERE":
        return "cohere";
      case "OTHER":
        return null;
      default:
        return provider.name().toLowerCase(Locale.ROOT);
    }
  }

  /** OpenAI's finish reason names, which the GenAI conventions use. */
  static String finishReason(FinishReason reason) {
    switch (reason.name()) {
      case "TOOL_EXECUTION":
        return "tool_calls";
      default:
        return reason.name().toLowerCase(Locale.ROOT);
    }
  }

  private static Long asLong(Integer value) {
    return value == null ? null : value.longValue();
  }
}
