package io.spanweave.openai.internal;

import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletionChunk;
import java.util.Iterator;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A streamed chat completion whose span ({@link ChunkFacts}) sees each chunk as it is read and ends
 * when the stream runs out, fails, or is closed before its end; whichever comes first, on whichever
 * thread reads the stream.
 */
final class TracedChunkStream implements StreamResponse<ChatCompletionChunk> {

  private final StreamResponse<ChatCompletionChunk> delegate;
  private final ChunkFacts facts;

  TracedChunkStream(StreamResponse<ChatCompletionChunk> delegate, ChunkFacts facts) {
    this.delegate = delegate;
    this.facts = facts;
  }

  @Override
  public Stream<ChatCompletionChunk> stream() {
    Stream<ChatCompletionChunk> chunks = delegate.stream();
    Iterator<ChatCompletionChunk> traced = new TracedIterator(chunks.iterator());
    return StreamSupport.stream(
            Spliterators.spliteratorUnknownSize(traced, Spliterator.ORDERED | Spliterator.NONNULL),
            false)
        .onClose(
            () -> {
              chunks.close();
              facts.end();
            });
  }

  @Override
  public void close() {
    try {
      delegate.close();
    } finally {
      facts.end();
    }
  }

  /** The SDK's chunks, observed one by one; the end of the iteration ends the span. */
  private final class TracedIterator implements Iterator<ChatCompletionChunk> {

    private final Iterator<ChatCompletionChunk> chunks;

    TracedIterator(Iterator<ChatCompletionChunk> chunks) {
      this.chunks = chunks;
    }

    @Override
    public boolean hasNext() {
      boolean more;
      try {
        more = chunks.hasNext();
      } catch (RuntimeException | Error e) {
        facts.fail(e);
        throw e;
      }
      if (!more) {
        facts.end();
      }
      return more;
    }

    @Override
    public ChatCompletionChunk next() {
      ChatCompletionChunk chunk;
      try {
        chunk = chunks.next();
      } catch (RuntimeException | Error e) {
        facts.fail(e);
        throw e;
      }
      facts.observe(chunk);
      return chunk;
    }
  }
}
