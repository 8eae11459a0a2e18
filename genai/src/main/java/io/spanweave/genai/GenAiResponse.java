package io.spanweave.genai;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * What a model's answer tells a trace: its id, the model that answered, why it stopped and the
 * tokens it counted. Never its text: there is no field for it.
 *
 * <pre>{@code
 * call.end(GenAiResponse.builder().id("chatcmpl-1").model("gpt-4o-mini-2024-07-18")
 *     .finishReasons(List.of("stop")).inputTokens(12L).outputTokens(34L).build());
 * }</pre>
 */
public final class GenAiResponse {

  private static final GenAiResponse NONE = new Builder().build();

  private final String id;
  private final String model;
  private final List<String> finishReasons;
  private final Long inputTokens;
  private final Long outputTokens;

  private GenAiResponse(Builder builder) {
    this.id = builder.id;
    this.model = builder.model;
    this.finishReasons = builder.finishReasons;
    this.inputTokens = builder.inputTokens;
    this.outputTokens = builder.outputTokens;
  }

  /**
   * A response that tells nothing: what a tool execution, or a call whose answer says nothing, ends
   * with.
   */
  public static GenAiResponse none() {
    return NONE;
  }

  /** A builder of a response; every field is optional. */
  public static Builder builder() {
    return new Builder();
  }

  /** {@code gen_ai.response.id}, or {@code null}. */
  public String id() {
    return id;
  }

  /** {@code gen_ai.response.model}, or {@code null}. */
  public String model() {
    return model;
  }

  /** {@code gen_ai.response.finish_reasons}, one per choice; empty when not known. */
  public List<String> finishReasons() {
    return finishReasons;
  }

  /** {@code gen_ai.usage.input_tokens}, or {@code null}. */
  public Long inputTokens() {
    return inputTokens;
  }

  /** {@code gen_ai.usage.output_tokens}, or {@code null}. */
  public Long outputTokens() {
    return outputTokens;
  }

  @Override
  public String toString() {
    return "GenAiResponse{id="
        + id
        + ", model="
        + model
        + ", finishReasons="
        + finishReasons
        + ", inputTokens="
        + inputTokens
        + ", outputTokens="
        + outputTokens
        + "}";
  }

  /** Builds a {@link GenAiResponse}; not thread-safe. */
  public static final class Builder {

    private String id;
    private String model;
    private List<String> finishReasons = List.of();
    private Long inputTokens;
    private Long outputTokens;

    private Builder() {}

    /** The provider's id of the response. */
    public Builder id(String id) {
      this.id = id;
      return this;
    }

    /** The model that answered. */
    public Builder model(String model) {
      this.model = model;
      return this;
    }

    /** Why the model stopped, one reason per choice; {@code null} entries are left out. */
    public Builder finishReasons(List<String> finishReasons) {
      List<String> reasons = new ArrayList<>();
      if (finishReasons != null) {
        for (String reason : finishReasons) {
          if (reason != null) {
            reasons.add(reason);
          }
        }
      }
      this.finishReasons = Collections.unmodifiableList(reasons);
      return this;
    }

    /** Tokens of the input. */
    public Builder inputTokens(Long inputTokens) {
      this.inputTokens = inputTokens;
      return this;
    }

    /** Tokens of the output. */
    public Builder outputTokens(Long outputTokens) {
      this.outputTokens = outputTokens;
      return this;
    }

    /** The response. */
    public GenAiResponse build() {
      return new GenAiResponse(this);
    }
  }
}
