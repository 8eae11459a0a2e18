package io.spanweave.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClientAsync;
import com.openai.client.okhttp.OpenAIOkHttpClientAsync;
import com.openai.core.http.AsyncStreamResponse;
import com.openai.errors.RateLimitException;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletion;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.openai.fixtures.CallingStage;
import io.spanweave.openai.fixtures.ModelStage;
import io.spanweave.openai.fixtures.TracedModelStage;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * The SDK's asynchronous client wrapped: the span starts under the stage that makes the call and
 * ends on the SDK's thread when the future or the stream completes.
 */
class TracedOpenAIAsyncTest {

  private final ModelStage stage = TracedModelStage.wrap(new CallingStage());
  private OpenAiCompatibleServer server;
  private OpenAIClientAsync sdkClient;
  private OpenAIClientAsync client;
  private SpanRecorder spans;

  @BeforeEach
  void start() throws Exception {
    server = OpenAiCompatibleServer.start();
    sdkClient =
        OpenAIOkHttpClientAsync.builder()
            .baseUrl(server.baseUrl())
            .apiKey("test-key")
            .maxRetries(0)
            .build();
    client = TracedOpenAI.wrap(sdkClient);
    spans = SpanRecorder.start();
  }

  @AfterEach
  void stop() {
    spans.close();
    sdkClient.close();
    server.close();
  }

  private static ChatCompletionCreateParams.Builder question(String text) {
    return ChatCompletionCreateParams.builder().model(ChatModel.GPT_4O_MINI).addUserMessage(text);
  }

  @Test
  void aFutureCompletionIsUnderTheStageThatAskedAndEndsWithTheAnswer() throws Exception {
    server.enqueue(Reply.completion("Paris").usage(12, 3));
    AtomicReference<CompletableFuture<ChatCompletion>> pending = new AtomicReference<>();

    stage.generate(
        "s-1",
        () -> {
          pending.set(
              client
                  .chat()
                  .completions()
                  .create(question("Capital of France?").temperature(0.5).build()));
          return "asked";
        });

    assertThat(pending.get().get(30, TimeUnit.SECONDS).choices()).hasSize(1);
    awaitSpans(2);
    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isChildOf(spans.assertThat().stage("generate").ranOnce().span())
        .isOk()
        .hasAttribute(GenAiAttributes.REQUEST_TEMPERATURE, 0.5)
        .hasAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, 12L)
        .hasAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, List.of("stop"));
  }

  @Test
  void anAsynchronousStreamRecordsTimeToFirstChunkAndUsageAndEndsWithTheStream() throws Exception {
    server.enqueue(Reply.completion("streamed asynchronously").usage(20, 4));
    List<String> parts = new CopyOnWriteArrayList<>();

    AtomicReference<AsyncStreamResponse<ChatCompletionChunk>> stream = new AtomicReference<>();
    stage.generate(
        "s-2",
        () -> {
          stream.set(
              client
                  .chat()
                  .completions()
                  .createStreaming(
                      question("Stream it")
                          .streamOptions(
                              ChatCompletionStreamOptions.builder().includeUsage(true).build())
                          .build()));
          return "asked";
        });
    // read after the stage returned, on the SDK's threads
    stream
        .get()
        .subscribe(
            new AsyncStreamResponse.Handler<ChatCompletionChunk>() {
              @Override
              public void onNext(ChatCompletionChunk chunk) {
                chunk.choices().forEach(choice -> parts.add(choice.delta().content().orElse("")));
              }

              @Override
              public void onComplete(Optional<Throwable> error) {}
            });
    stream.get().onCompleteFuture().get(30, TimeUnit.SECONDS);

    assertThat(String.join("", parts)).isEqualTo("streamed asynchronously");
    awaitSpans(2);
    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isChildOf(spans.assertThat().stage("generate").ranOnce().span())
        .isOk()
        .hasAttribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK)
        .hasAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, 20L)
        .hasAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, 4L);
  }

  @Test
  void aRateLimitedFutureFailsTheSpanWithTheStatusAndTheCallerSeesTheSdksException()
      throws Exception {
    server.enqueue(Reply.status(429));

    CompletableFuture<ChatCompletion> answer =
        client.chat().completions().create(question("hi").build());

    assertThatThrownBy(answer::join)
        .isInstanceOf(CompletionException.class)
        .hasCauseInstanceOf(RateLimitException.class);
    awaitSpans(1);
    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isError()
        .hasAttribute(SpanAttributes.ERROR_TYPE, "429");
  }

  @Test
  void theBlockingClientsAsyncAndTheAsyncClientsSyncAreTracedToo() throws Exception {
    server.enqueue(Reply.completion("one"), Reply.completion("two"));

    TracedOpenAI.wrap(sdkClient.sync())
        .async()
        .chat()
        .completions()
        .create(question("a").build())
        .join();
    client.sync().chat().completions().create(question("b").build());

    awaitSpans(2);
    assertThat(spans.spans())
        .extracting(RecordedSpan::name)
        .containsExactly("chat gpt-4o-mini", "chat gpt-4o-mini");
  }

  /**
   * A span ends on the SDK's thread just after the caller's future completes: wait for it, briefly.
   */
  private void awaitSpans(int count) throws InterruptedException {
    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
    while (spans.spans().size() < count && System.nanoTime() < deadline) {
      Thread.sleep(10);
    }
  }
}
