package io.spanweave.spring.internal;

import io.micrometer.observation.Observation;
import io.micrometer.observation.ObservationHandler;
import io.spanweave.api.TracingFaults;
import io.spanweave.genai.GenAiCall;
import io.spanweave.genai.GenAiRequest;
import io.spanweave.genai.GenAiResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import org.springframework.ai.chat.metadata.ChatResponseMetadata;
import org.springframework.ai.chat.metadata.EmptyUsage;
import org.springframework.ai.chat.metadata.Usage;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.model.Generation;
import org.springframework.ai.chat.observation.ChatModelObservationContext;
import org.springframework.ai.chat.prompt.ChatOptions;
import org.springframework.ai.chat.prompt.Prompt;

/**
 * One GenAI client span per Spring AI chat model observation: started when the observation starts
 * (on the thread that calls or subscribes to the model, whose current span is the parent), ended
 * with the response's metadata when it stops, failed with the error's HTTP status or class ({@link
 * ChatModelErrorTypes}) when it fails. It reads the options and the metadata only, never a message:
 * what Spring AI's prompt and completion logging switches add to the observation is not read.
 */
final class ChatModelObservationHandler implements ObservationHandler<ChatModelObservationContext> {

  private static final String FAULT = "spring-ai";

  @Override
  public boolean supportsContext(Observation.Context context) {
    return context instanceof ChatModelObservationContext;
  }

  @Override
  public void onStart(ChatModelObservationContext context) {
    // A registry that holds the handler twice (an application's composite, say) must not start two
    // spans.
    if (context.get(GenAiCall.class) == null) {
      context.put(GenAiCall.class, GenAiCall.start(request(context)));
    }
  }

  @Override
  public void onError(ChatModelObservationContext context) {
    GenAiCall call = context.get(GenAiCall.class);
    Throwable error = context.getError();
    if (call != null && error != null) {
      call.fail(ChatModelErrorTypes.of(error));
    }
  }

  @Override
  public void onStop(ChatModelObservationContext context) {
    GenAiCall call = context.get(GenAiCall.class);
    if (call != null) {
      call.end(response(context.getResponse()));
    }
  }

  private static GenAiRequest request(ChatModelObservationContext context) {
    String provider = null;
    String model = null;
    ChatOptions options = null;
    try {
      provider = context.getOperationMetadata().provider();
      Prompt prompt = context.getRequest();
      options = prompt == null ? null : prompt.getOptions();
      model = options == null ? null : options.getModel();
    } catch (RuntimeException e) {
      fault("the request", e);
    }
    GenAiRequest request = GenAiRequest.chat(provider, model);
    if (options != null) {
      try {
        Integer maxTokens = options.getMaxTokens();
        request =
            request
                .temperature(options.getTemperature())
                .topP(options.getTopP())
                .maxTokens(maxTokens == null ? null : maxTokens.longValue());
      } catch (RuntimeException e) {
        fault("the request's options", e);
      }
    }
    return request;
  }

  private static GenAiResponse response(ChatResponse response) {
    GenAiResponse.Builder builder = GenAiResponse.builder();
    if (response == null) {
      return builder.build();
    }
    try {
      ChatResponseMetadata metadata = response.getMetadata();
      if (metadata != null) {
        builder.id(blankToNull(metadata.getId())).model(blankToNull(metadata.getModel()));
        Usage usage = metadata.getUsage();
        // EmptyUsage (no usage in the answer, as in a stream that did not ask for it) says 0 and 0:
        // no count.
        if (usage != null && !(usage instanceof EmptyUsage)) {
          builder
              .inputTokens(toLong(usage.getPromptTokens()))
              .outputTokens(toLong(usage.getCompletionTokens()));
        }
      }
      List<String> reasons = new ArrayList<>();
      for (Generation generation : response.getResults()) {
        String reason =
            generation.getMetadata() == null ? null : generation.getMetadata().getFinishReason();
        if (reason != null && !reason.isBlank()) {
          // Spring AI passes on OpenAI's reason as its enum's name (STOP, TOOL_CALLS) in some
          // releases; the conventions' values are the API's own, lower case.
          reasons.add(reason.toLowerCase(Locale.ROOT));
        }
      }
      builder.finishReasons(reasons);
    } catch (RuntimeException e) {
      fault("the response's metadata", e);
    }
    return builder.build();
  }

  private static Long toLong(Integer value) {
    return value == null ? null : value.longValue();
  }

  private static String blankToNull(String value) {
    return value == null || value.isBlank() ? null : value;
  }

  private static void fault(String what, RuntimeException e) {
    TracingFaults.report(
        FAULT,
        "could not read "
            + what
            + " of a Spring AI chat observation for its span ("
            + e.getClass().getName()
            + ")",
        null);
  }
}
