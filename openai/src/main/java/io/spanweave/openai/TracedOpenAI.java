package io.spanweave.openai;

import com.openai.client.OpenAIClient;
import com.openai.client.OpenAIClientAsync;
import io.spanweave.openai.internal.TracedServices;
import java.util.Objects;

/**
 * OpenAI's Java SDK, traced: the chat completions of the returned client, plain and streamed, are
 * recorded as OpenTelemetry GenAI client spans ({@code chat <model>}) under the span that is
 * current where the call is made, with the request's model, temperature and token limit, and the
 * answer's id, model, finish reasons and token counts; a streamed call also records the time to its
 * first chunk and ends when the stream ends, fails or is closed. No message, prompt, completion or
 * tool argument is ever recorded.
 *
 * <pre>{@code
 * OpenAIClient client = TracedOpenAI.wrap(OpenAIOkHttpClient.fromEnv());
 * }</pre>
 *
 * <p>The asynchronous client is traced the same way, whether wrapped itself or reached through
 * {@code async()}: the span starts where the call is made and ends when its future or stream
 * completes. Every other service and the {@code withRawResponse()} views are the wrapped client's
 * own, not traced. While tracing is off a call costs one check.
 */
public final class TracedOpenAI {

  private TracedOpenAI() {}

  /**
   * A client that traces {@code client.chat().completions()}; the same client when it is traced
   * already, so wrapping twice never records a call twice.
   *
   * @param client the application's client, still its own to close
   * @throws NullPointerException if {@code client} is null
   */
  public static OpenAIClient wrap(OpenAIClient client) {
    Objects.requireNonNull(client, "client: the OpenAIClient to trace");
    return TracedServices.client(client);
  }

  /**
   * An asynchronous client that traces {@code client.chat().completions()}; the same client when it
   * is traced already.
   *
   * @param client the application's client, still its own to close
   * @throws NullPointerException if {@code client} is null
   */
  public static OpenAIClientAsync wrap(OpenAIClientAsync client) {
    Objects.requireNonNull(client, "client: the OpenAIClientAsync to trace");
    return TracedServices.asyncClient(client);
  }
}
