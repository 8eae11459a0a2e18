package io.spanweave.openai.internal;

import com.openai.core.JsonField;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.completions.CompletionUsage;
import io.spanweave.api.TracingFaults;
import io.spanweave.genai.GenAiRequest;
import io.spanweave.genai.GenAiResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * What the span records of a chat completion's request and answer: the model, sampling settings,
 * id, finish reasons and token counts, read through the SDK's raw fields so that an answer with a
 * field missing or of an unknown value still gives the rest. Never a message.
 */
final class ChatFacts {

  static final String PROVIDER = "openai";
  private static final String FAULT = "openai";

  private ChatFacts() {}

  static GenAiRequest request(ChatCompletionCreateParams params, boolean streaming) {
    GenAiRequest request = GenAiRequest.chat(PROVIDER, model(params));
    try {
      Long maxTokens = params.maxCompletionTokens().or(params::maxTokens).orElse(null);
      request =
          request
              .temperature(params.temperature().orElse(null))
              .maxTokens(maxTokens)
              .topP(params.topP().orElse(null));
    } catch (RuntimeException e) {
      fault("the request's settings", e);
    }
    return streaming ? request.streaming(true) : request;
  }

  private static String model(ChatCompletionCreateParams params) {
    try {
      return params._model().asKnown().map(ChatModel::asString).orElse(null);
    } catch (RuntimeException e) {
      fault("the request's model", e);
      return null;
    }
  }

  static GenAiResponse response(ChatCompletion completion) {
    GenAiResponse.Builder response = GenAiResponse.builder();
    try {
      response.id(text(completion._id())).model(text(completion._model()));
      List<String> reasons = new ArrayList<>();
      for (ChatCompletion.Choice choice : completion._choices().asKnown().orElse(List.of())) {
        choice
            ._finishReason()
            .asKnown()
            .flatMap(reason -> reason._value().asString())
            .ifPresent(reasons::add);
      }
      response.finishReasons(reasons);
      usage(response, completion._usage().asKnown());
    } catch (RuntimeException e) {
      fault("the answer", e);
    }
    return response.build();
  }

  /** The token counts of {@code usage}, when the answer has one. */
  static void usage(GenAiResponse.Builder response, Optional<CompletionUsage> usage) {
    usage.ifPresent(
        counts ->
            response
                .inputTokens(counts._promptTokens().asKnown().orElse(null))
                .outputTokens(counts._completionTokens().asKnown().orElse(null)));
  }

  static String text(JsonField<String> field) {
    return field.asKnown().orElse(null);
  }

  /** A field the SDK could not read; the class only, since an SDK message may quote the data. */
  static void fault(String what, RuntimeException e) {
    TracingFaults.report(
        FAULT,
        "could not read "
            + what
            + " of an OpenAI chat completion for its span ("
            + e.getClass().getName()
            + ")",
        null);
  }
}
