package io.spanweave.openai.internal;

import com.openai.core.http.StreamResponse;
import com.openai.models.chat.completions.ChatCompletionChunk;
import io.spanweave.genai.GenAiCall;
import io.spanweave.genai.GenAiResponse;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.Spliterator;
import java.util.Spliterators;
import java.util.TreeMap;
import java.util.stream.Stream;
import java.util.stream.StreamSupport;

/**
 * A streamed chat completion whose span records the first chunk's arrival, gathers the id, model,
 * finish reasons and usage (the final chunk's, when {@code stream_options.include_usage} asked for
 * it) as the chunks pass, and ends when the stream runs out, fails, or is closed before its end;
 * whichever comes first, on whichever thread reads the stream.
 */
final class TracedChunkStream implements StreamResponse<ChatCompletionChunk> {

  private final StreamResponse<ChatCompletionChunk> delegate;
  private final GenAiCall call;
  private boolean firstSeen;
  private String id;
  private String model;
  private final Map<Long, String> finishReasons = new TreeMap<>();
  private Long inputTokens;
  private Long outputTokens;

  TracedChunkStream(StreamResponse<ChatCompletionChunk> delegate, GenAiCall call) {
    this.delegate = delegate;
    this.call = call;
  }

  @Override
  public Stream<ChatCompletionChunk> stream() {
    Stream<ChatCompletionChunk> chunks = delegate.stream();
    Iterator<ChatCompletionChunk> traced = new TracedIterator(chunks.iterator());
    return StreamSupport.stream(Spliterators.spliteratorUnknownSize(traced, Spliterator.ORDERED | Spliterator.NONNULL),
        false).onClose(() -> {
          chunks.close();
          end();
        });
  }

  @Override
  public void close() {
    try {
      delegate.close();
    } finally {
      end();
    }
  }

  private synchronized void observe(ChatCompletionChunk chunk) {
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
        choice._finishReason().asKnown().flatMap(reason -> reason._value().asString()).ifPresent(reason ->
            finishReasons.put(choice._index().asKnown().orElse((long) finishReasons.size()), reason));
      }
      chunk._usage().asKnown().ifPresent(usage -> {
        inputTokens = usage._promptTokens().asKnown().orElse(inputTokens);
        outputTokens = usage._completionTokens().asKnown().orElse(outputTokens);
      });
    } catch (RuntimeException e) {
      ChatFacts.fault("a streamed chunk", e);
    }
  }

  /** Ends the span with what the chunks so far said; the call ignores every end after the first. */
  private synchronized void end() {
    call.end(GenAiResponse.builder().id(id).model(model).finishReasons(List.copyOf(finishReasons.values()))
        .inputTokens(inputTokens).outputTokens(outputTokens).build());
  }

  private void fail(Throwable error) {
    call.fail(ErrorTypes.of(error));
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
        fail(e);
        throw e;
      }
      if (!more) {
        end();
      }
      return more;
    }

    @Override
    public ChatCompletionChunk next() {
      ChatCompletionChunk chunk;
      try {
        chunk = chunks.next();
      } catch (RuntimeException | Error e) {
        fail(e);
        throw e;
      }
      observe(chunk);
      return chunk;
    }
  }
}
