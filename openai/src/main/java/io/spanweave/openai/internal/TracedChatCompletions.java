package io.spanweave.openai.internal;

import com.openai.core.RequestOptions;
import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.services.blocking.chat.ChatCompletionService;
import io.spanweave.genai.GenAiCall;
import java.lang.reflect.InvocationHandler;
import java.lang.reflect.Method;

/**
 * Chat completions traced: {@code create} and {@code createStreaming} with their request options
 * (which every shorter overload of the SDK calls) each record one GenAI span; retrieving, listing,
 * updating and deleting stored completions are forwarded untouched.
 */
final class TracedChatCompletions extends ForwardingHandler<ChatCompletionService> {

  private TracedChatCompletions(ChatCompletionService target) {
    super(target);
  }

  static ChatCompletionService wrap(ChatCompletionService completions) {
    return proxy(ChatCompletionService.class, new TracedChatCompletions(completions));
  }

  @Override
  Object handle(Object proxy, Method method, Object[] args) throws Throwable {
    String name = method.getName();
    if (isCreate(method)) {
      if (method.isDefault()) {
        // The SDK's overloads without options and with structured output call the two-argument
        // form on this object: run them on the proxy, so that they reach the traced form below.
        return InvocationHandler.invokeDefault(proxy, method, args);
      }
      if (args.length == 2
          && args[0] instanceof ChatCompletionCreateParams params
          && args[1] instanceof RequestOptions options) {
        return name.equals("create") ? create(params, options) : createStreaming(params, options);
      }
    }
    if (name.equals("withOptions") && method.getReturnType() == ChatCompletionService.class) {
      return wrap((ChatCompletionService) forward(method, args));
    }
    return forward(method, args);
  }

  /**
   * {@code create} or {@code createStreaming}, the methods that make a completion, in any overload.
   */
  static boolean isCreate(Method method) {
    return method.getName().equals("create") || method.getName().equals("createStreaming");
  }

  private ChatCompletion create(ChatCompletionCreateParams params, RequestOptions options) {
    GenAiCall call = GenAiCall.start(ChatFacts.request(params, false));
    ChatCompletion completion;
    try {
      completion = target.create(params, options);
    } catch (RuntimeException | Error e) {
      call.fail(ErrorTypes.of(e));
      throw e;
    }
    call.end(ChatFacts.response(completion));
    return completion;
  }

  // The stream is returned, wrapped: the caller closes it, and closing ends the span.
  @SuppressWarnings("MustBeClosedChecker")
  private StreamResponse<ChatCompletionChunk> createStreaming(
      ChatCompletionCreateParams params, RequestOptions options) {
    GenAiCall call = GenAiCall.start(ChatFacts.request(params, true));
    StreamResponse<ChatCompletionChunk> response;
    try {
      response = target.createStreaming(params, options);
    } catch (RuntimeException | Error e) {
      call.fail(ErrorTypes.of(e));
      throw e;
    }
    return new TracedChunkStream(response, new ChunkFacts(call));
  }
}
