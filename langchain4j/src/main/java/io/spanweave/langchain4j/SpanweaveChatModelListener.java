package io.spanweave.langchain4j;

import dev.langchain4j.model.chat.listener.ChatModelErrorContext;
import dev.langchain4j.model.chat.listener.ChatModelListener;
import dev.langchain4j.model.chat.listener.ChatModelRequestContext;
import dev.langchain4j.model.chat.listener.ChatModelResponseContext;
import io.spanweave.api.TracingFaults;
import io.spanweave.genai.GenAiCall;
import io.spanweave.langchain4j.internal.LangChain4jFacts;

/**
 * Records every call of a LangChain4j chat model as a GenAI client span ({@code chat <model>})
 * under the span current when the call was made, such as the {@code @Traced} stage that calls the
 * model. Add it to any chat model's builder, blocking or streaming:
 *
 * <pre>{@code
 * ChatModel model = OpenAiChatModel.builder().baseUrl(url).apiKey(key).modelName("gpt-4o-mini")
 *     .listeners(List.of(new SpanweaveChatModelListener()))
 *     .build();
 * }</pre>
 *
 * <p>The span records the provider, the requested and answering model, the sampling settings, the
 * response id, the finish reason, the input and output tokens, and {@code error.type} of a failed
 * call (the HTTP status, {@code timeout}, or the exception's class). It never records a prompt, a
 * message, a completion or a tool argument, whatever the model's {@code logRequests} and {@code
 * logResponses} say. A streaming model's response reaches the listener only whole, so the span of a
 * streamed call has no time to first chunk.
 *
 * <p>The span travels from the request to the response in the request's attributes, so it ends on
 * whatever thread LangChain4j calls back. With tracing off the listener does nothing. It never
 * throws.
 */
public final class SpanweaveChatModelListener implements ChatModelListener {

  /** A listener for any number of chat models. */
  public SpanweaveChatModelListener() {}

  @Override
  public void onRequest(ChatModelRequestContext requestContext) {
    try {
      GenAiCall call =
          GenAiCall.start(
              LangChain4jFacts.request(
                  requestContext.chatRequest(), requestContext.modelProvider()));
      if (call.isRecording()) {
        requestContext.attributes().put(this, call);
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("langchain4j", "could not start the span of a LangChain4j chat call", e);
    }
  }

  @Override
  public void onResponse(ChatModelResponseContext responseContext) {
    try {
      GenAiCall call = take(responseContext.attributes().remove(this));
      if (call != null) {
        call.end(LangChain4jFacts.response(responseContext.chatResponse()));
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("langchain4j", "could not end the span of a LangChain4j chat call", e);
    }
  }

  @Override
  public void onError(ChatModelErrorContext errorContext) {
    try {
      GenAiCall call = take(errorContext.attributes().remove(this));
      if (call != null) {
        call.fail(LangChain4jFacts.errorType(errorContext.error()));
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "langchain4j", "could not end the span of a failed LangChain4j chat call", e);
    }
  }

  private static GenAiCall take(Object attribute) {
    return attribute instanceof GenAiCall ? (GenAiCall) attribute : null;
  }
}
