package io.spanweave.openai.internal;

import com.openai.models.chat.completions.ChatCompletionChunk;
import io.spanweave.genai.GenAiCall;
import io.spanweave.genai.GenAiResponse;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The span of one streamed chat completion, fed chunk by chunk: the first chunk's arrival, then the
 * id, model, finish reasons and usage (the final chunk's, when {@code stream_options.include_usage}
 * asked for it) as the chunks pass. Whoever sees the stream end, fail or close ends it; the call
 * ignores every end after the first, so the blocking and the asynchronous stream may both try.
 */
final class ChunkFacts {

  private final GenAiCall call;
  private boolean firstSeen;
  private String id;
  private String model;
  private final Map<Long, String> finishReasons = new TreeMap<>();
  private Long inputTokens;
  private Long outputTokens;

  ChunkFacts(GenAiCall call) {
    this.call = call;
  }

  synchronized void observe(ChatCompletionChunk chunk) {
    if (!firstSeen) {
      firstSeen = true;
      call.firstChunk();
    }
    try {
      if (id == null) {
        id = ChatFacts.text(chunk._id());
      }
      if (model == null) {
        model = ChatFacts.text(chunk._model());
      }
      for (ChatCompletionChunk.Choice choice : chunk._choices().asKnown().orElse(List.of())) {
        choice
            ._finishReason()
            .asKnown()
            .flatMap(reason -> reason._value().asString())
            .ifPresent(
                reason ->
                    finishReasons.put(
                        choice._index().asKnown().orElse((long) finishReasons.size()), reason));
      }
      chunk
          ._usage()
          .asKnown()
          .ifPresent(
              usage -> {
                inputTokens = usage._promptTokens().asKnown().orElse(inputTokens);
                outputTokens = usage._completionTokens().asKnown().orElse(outputTokens);
              });
    } catch (RuntimeException e) {
      ChatFacts.fault("a streamed chunk", e);
    }
  }

  /** Ends the span with what the chunks so far said. */
  synchronized void end() {
    call.end(
        GenAiResponse.builder()
            .id(id)
            .model(model)
            .finishReasons(List.copyOf(finishReasons.values()))
            .inputTokens(inputTokens)
            .outputTokens(outputTokens)
            .build());
  }

  void fail(Throwable error) {
    call.fail(ErrorTypes.of(error));
  }
}
