package io.spanweave.openai.internal;

import com.openai.core.http.AsyncStreamResponse;
import com.openai.models.chat.completions.ChatCompletionChunk;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;

/**
 * An asynchronously streamed chat completion whose span ({@link ChunkFacts}) sees each chunk the
 * subscriber is handed, and ends when the stream completes, fails or is closed, on the SDK's
 * thread.
 */
final class TracedAsyncChunkStream implements AsyncStreamResponse<ChatCompletionChunk> {

  private final AsyncStreamResponse<ChatCompletionChunk> delegate;
  private final ChunkFacts facts;

  TracedAsyncChunkStream(AsyncStreamResponse<ChatCompletionChunk> delegate, ChunkFacts facts) {
    this.delegate = delegate;
    this.facts = facts;
  }

  @Override
  public AsyncStreamResponse<ChatCompletionChunk> subscribe(
      Handler<? super ChatCompletionChunk> handler) {
    delegate.subscribe(new TracingHandler(handler));
    return this;
  }

  @Override
  public AsyncStreamResponse<ChatCompletionChunk> subscribe(
      Handler<? super ChatCompletionChunk> handler, Executor executor) {
    delegate.subscribe(new TracingHandler(handler), executor);
    return this;
  }

  @Override
  public CompletableFuture<Void> onCompleteFuture() {
    return delegate.onCompleteFuture();
  }

  @Override
  public void close() {
    try {
      delegate.close();
    } finally {
      facts.end();
    }
  }

  /** The subscriber's handler, with the span fed before each of its calls. */
  private final class TracingHandler implements Handler<ChatCompletionChunk> {

    private final Handler<? super ChatCompletionChunk> handler;

    TracingHandler(Handler<? super ChatCompletionChunk> handler) {
      this.handler = handler;
    }

    @Override
    public void onNext(ChatCompletionChunk chunk) {
      facts.observe(chunk);
      handler.onNext(chunk);
    }

    @Override
    public void onComplete(Optional<Throwable> error) {
      if (error.isPresent()) {
        facts.fail(error.get());
      } else {
        facts.end();
      }
      handler.onComplete(error);
    }
  }
}
