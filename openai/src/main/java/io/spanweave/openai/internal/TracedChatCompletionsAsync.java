package io.spanweave.openai.internal;

import com.openai.core.RequestOptions;
import com.openai.core.http.AsyncStreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.services.async.chat.ChatCompletionServiceAsync;
import io.spanweave.genai.GenAiCall;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;
import java.util.concurrent.CompletableFuture;

/**
 * The asynchronous client's chat completions traced as the blocking client's are: the span starts
 * where {@code create}/{@code createStreaming} is called (its parent is the span current there) and
 * ends when the future or the stream completes, on the SDK's thread. The caller gets the SDK's own
 * future, so cancelling it cancels the request as without tracing.
 */
final class TracedChatCompletionsAsync extends ForwardingHandler<ChatCompletionServiceAsync> {

  private TracedChatCompletionsAsync(ChatCompletionServiceAsync target) {
    super(target);
  }

  static ChatCompletionServiceAsync wrap(ChatCompletionServiceAsync completions) {
    return proxy(ChatCompletionServiceAsync.class, new TracedChatCompletionsAsync(completions));
  }

  @Override
  Object handle(Object proxy, Method method, Object[] args) throws Throwable {
    if (TracedChatCompletions.isCreate(method)) {
      if (method.isDefault()) {
        return InvocationHandler.invokeDefault(proxy, method, args);
      }
      if (args.length == 2
          && args[0] instanceof ChatCompletionCreateParams params
          && args[1] instanceof RequestOptions options) {
        return method.getName().equals("create")
            ? create(params, options)
            : createStreaming(params, options);
      }
    }
    if (method.getName().equals("withOptions")
        && method.getReturnType() == ChatCompletionServiceAsync.class) {
      return wrap((ChatCompletionServiceAsync) forward(method, args));
    }
    return forward(method, args);
  }

  private CompletableFuture<ChatCompletion> create(
      ChatCompletionCreateParams params, RequestOptions options) {
    GenAiCall call = GenAiCall.start(ChatFacts.request(params, false));
    CompletableFuture<ChatCompletion> completion;
    try {
      completion = target.create(params, options);
    } catch (RuntimeException | Error e) {
      call.fail(ErrorTypes.of(e));
      throw e;
    }
    completion.whenComplete(
        (answer, error) -> {
          if (error != null) {
            call.fail(ErrorTypes.of(error));
          } else {
            call.end(ChatFacts.response(answer));
          }
        });
    return completion;
  }

  private AsyncStreamResponse<ChatCompletionChunk> createStreaming(
      ChatCompletionCreateParams params, RequestOptions options) {
    GenAiCall call = GenAiCall.start(ChatFacts.request(params, true));
    AsyncStreamResponse<ChatCompletionChunk> response;
    try {
      response = target.createStreaming(params, options);
    } catch (RuntimeException | Error e) {
      call.fail(ErrorTypes.of(e));
      throw e;
    }
    return new TracedAsyncChunkStream(response, new ChunkFacts(call));
  }
}
