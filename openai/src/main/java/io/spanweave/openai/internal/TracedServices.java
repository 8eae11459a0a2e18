package io.spanweave.openai.internal;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientAsync;
import com.openai.services.async.ChatServiceAsync;
import com.openai.services.async.chat.ChatCompletionServiceAsync;
import com.openai.services.blocking.ChatService;
import com.openai.services.blocking.chat.ChatCompletionService;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.function.UnaryOperator;

/**
 * The paths from a client to its chat completions, each step a proxy of the SDK's interface: {@code
 * client.chat()} and {@code chat.completions()} return traced services, as do {@code
 * client.async()} and {@code asyncClient.sync()}, and {@code withOptions(...)} at each step;
 * everything else is the wrapped service's.
 */
public final class TracedServices {

  private TracedServices() {}

  /** The traced view of {@code client}, or {@code client} itself when it is one already. */
  public static OpenAIClient client(OpenAIClient client) {
    if (ForwardingHandler.isTraced(client)) {
      return client;
    }
    return ForwardingHandler.proxy(
        OpenAIClient.class,
        new Step<>(
            client,
            Map.of(
                "chat", new Next<>(ChatService.class, TracedServices::chat),
                "async", new Next<>(OpenAIClientAsync.class, TracedServices::asyncClient),
                "withOptions", new Next<>(OpenAIClient.class, TracedServices::client))));
  }

  /** The traced view of {@code client}, or {@code client} itself when it is one already. */
  public static OpenAIClientAsync asyncClient(OpenAIClientAsync client) {
    if (ForwardingHandler.isTraced(client)) {
      return client;
    }
    return ForwardingHandler.proxy(
        OpenAIClientAsync.class,
        new Step<>(
            client,
            Map.of(
                "chat", new Next<>(ChatServiceAsync.class, TracedServices::asyncChat),
                "sync", new Next<>(OpenAIClient.class, TracedServices::client),
                "withOptions", new Next<>(OpenAIClientAsync.class, TracedServices::asyncClient))));
  }

  static ChatService chat(ChatService chat) {
    return ForwardingHandler.proxy(
        ChatService.class,
        new Step<>(
            chat,
            Map.of(
                "completions", new Next<>(ChatCompletionService.class, TracedChatCompletions::wrap),
                "withOptions", new Next<>(ChatService.class, TracedServices::chat))));
  }

  static ChatServiceAsync asyncChat(ChatServiceAsync chat) {
    return ForwardingHandler.proxy(
        ChatServiceAsync.class,
        new Step<>(
            chat,
            Map.of(
                "completions",
                    new Next<>(ChatCompletionServiceAsync.class, TracedChatCompletionsAsync::wrap),
                "withOptions", new Next<>(ChatServiceAsync.class, TracedServices::asyncChat))));
  }

  /**
   * What a method of a step returns, traced: a service of {@code type}, wrapped by {@code trace}.
   */
  private record Next<T>(Class<T> type, UnaryOperator<T> trace) {

    Object apply(Object service) {
      return trace.apply(type.cast(service));
    }
  }

  /**
   * A service on the way to chat completions: a method named in {@code next} that returns that kind
   * of service (not a raw-response view of it) returns it traced; any other call is forwarded.
   */
  private static final class Step<S> extends ForwardingHandler<S> {

    private final Map<String, Next<?>> next;

    Step(S target, Map<String, Next<?>> next) {
      super(target);
      this.next = next;
    }

    @Override
    Object handle(Object proxy, Method method, Object[] args) throws Throwable {
      Object result = forward(method, args);
      Next<?> traced = next.get(method.getName());
      if (traced != null && method.getReturnType() == traced.type() && result != null) {
        return traced.apply(result);
      }
      return result;
    }
  }
}
