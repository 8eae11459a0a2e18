package io.spanweave.genai;

import io.spanweave.conventions.GenAiAttributes;
import java.util.Objects;

/**
 * What a call to a model asked for, as far as a trace may tell: the operation, the provider, the
 * model and the sampling settings. Immutable; each with-method returns a new request:
 *
 * <pre>{@code
 * GenAiRequest request = GenAiRequest.chat("openai", "gpt-4o-mini").temperature(0.2).maxTokens(256L);
 * }</pre>
 *
 * <p>It has no field for a prompt, a message or a tool argument, so none can reach a span.
 */
public final class GenAiRequest {

  private final String operation;
  private final String provider;
  private final String model;
  private final Double temperature;
  private final Long maxTokens;
  private final Double topP;
  private final boolean streaming;

  private GenAiRequest(
      String operation,
      String provider,
      String model,
      Double temperature,
      Long maxTokens,
      Double topP,
      boolean streaming) {
    this.operation = operation;
    this.provider = provider;
    this.model = model;
    this.temperature = temperature;
    this.maxTokens = maxTokens;
    this.topP = topP;
    this.streaming = streaming;
  }

  /**
   * A chat completion ({@code gen_ai.operation.name = chat}).
   *
   * @param provider {@code gen_ai.provider.name}, such as {@code openai}; {@code null} when not
   *     known
   * @param model the model asked for ({@code gen_ai.request.model}); {@code null} when not known
   */
  public static GenAiRequest chat(String provider, String model) {
    return new GenAiRequest(GenAiAttributes.CHAT, provider, model, null, null, null, false);
  }

  /** This request with {@code gen_ai.request.temperature}; {@code null} leaves it unset. */
  public GenAiRequest temperature(Double temperature) {
    return new GenAiRequest(operation, provider, model, temperature, maxTokens, topP, streaming);
  }

  /** This request with {@code gen_ai.request.max_tokens}; {@code null} leaves it unset. */
  public GenAiRequest maxTokens(Long maxTokens) {
    return new GenAiRequest(operation, provider, model, temperature, maxTokens, topP, streaming);
  }

  /** This request with {@code gen_ai.request.top_p}; {@code null} leaves it unset. */
  public GenAiRequest topP(Double topP) {
    return new GenAiRequest(operation, provider, model, temperature, maxTokens, topP, streaming);
  }

  /**
   * This request marked as streamed (its call reports the first chunk with {@link
   * GenAiCall#firstChunk()}).
   */
  public GenAiRequest streaming(boolean streaming) {
    return new GenAiRequest(operation, provider, model, temperature, maxTokens, topP, streaming);
  }

  /** {@code gen_ai.operation.name}, such as {@code chat}. */
  public String operation() {
    return operation;
  }

  /** {@code gen_ai.provider.name}, or {@code null}. */
  public String provider() {
    return provider;
  }

  /** The model asked for, or {@code null}. */
  public String model() {
    return model;
  }

  /** The temperature asked for, or {@code null}. */
  public Double temperature() {
    return temperature;
  }

  /** The token limit asked for, or {@code null}. */
  public Long maxTokens() {
    return maxTokens;
  }

  /** The {@code top_p} asked for, or {@code null}. */
  public Double topP() {
    return topP;
  }

  /** Whether the response is streamed. */
  public boolean isStreaming() {
    return streaming;
  }

  @Override
  public boolean equals(Object other) {
    if (!(other instanceof GenAiRequest)) {
      return false;
    }
    GenAiRequest that = (GenAiRequest) other;
    return operation.equals(that.operation)
        && Objects.equals(provider, that.provider)
        && Objects.equals(model, that.model)
        && Objects.equals(temperature, that.temperature)
        && Objects.equals(maxTokens, that.maxTokens)
        && Objects.equals(topP, that.topP)
        && streaming == that.streaming;
  }

  @Override
  public int hashCode() {
    return Objects.hash(operation, provider, model, temperature, maxTokens, topP, streaming);
  }

  @Override
  public String toString() {
    return "GenAiRequest{"
        + operation
        + ", provider="
        + provider
        + ", model="
        + model
        + (streaming ? ", streaming" : "")
        + "}";
  }
}
