package io.spanweave.openai.internal;

import com.openai.client.OpenAIClient;
import com.openai.services.blocking.ChatService;
import com.openai.services.blocking.chat.ChatCompletionService;
import java.lang.reflect.Method;
import java.util.function.UnaryOperator;

/**
 * The path from the client to its chat completions, each step a proxy of the SDK's interface:
 * {@code client.chat()} and {@code chat.completions()} return traced services, and so does
 * {@code withOptions(...)} at each step; everything else is the wrapped service's.
 */
public final class TracedServices {

  private TracedServices() {
  }

  /** The traced view of {@code client}, or {@code client} itself when it is one already. */
  public static OpenAIClient client(OpenAIClient client) {
    if (ForwardingHandler.isTraced(client)) {
      return client;
    }
    return ForwardingHandler.proxy(OpenAIClient.class, new Step<>(client, OpenAIClient.class,
        "chat", ChatService.class, TracedServices::chat, TracedServices::client));
  }

  static ChatService chat(ChatService chat) {
    return ForwardingHandler.proxy(ChatService.class, new Step<>(chat, ChatService.class,
        "completions", ChatCompletionService.class, TracedChatCompletions::wrap, TracedServices::chat));
  }

  /**
   * A service on the way to chat completions: its method {@code next} (no argument) returns the
   * next traced step, its {@code withOptions} the same step traced again, any other call is forwarded.
   */
  private static final class Step<S, N> extends ForwardingHandler<S> {

    private final Class<S> type;
    private final String next;
    private final Class<N> nextType;
    private final UnaryOperator<N> traceNext;
    private final UnaryOperator<S> traceSame;

    Step(S target, Class<S> type, String next, Class<N> nextType, UnaryOperator<N> traceNext,
        UnaryOperator<S> traceSame) {
      super(target);
      this.type = type;
      this.next = next;
      this.nextType = nextType;
      this.traceNext = traceNext;
      this.traceSame = traceSame;
    }

    @Override
    Object handle(Object proxy, Method method, Object[] args) throws Throwable {
      Object result = forward(method, args);
      if (method.getName().equals(next) && method.getParameterCount() == 0 && nextType.isInstance(result)) {
        return traceNext.apply(nextType.cast(result));
      }
      if (method.getName().equals("withOptions") && method.getReturnType() == type && type.isInstance(result)) {
        return traceSame.apply(type.cast(result));
      }
      return result;
    }
  }
}
