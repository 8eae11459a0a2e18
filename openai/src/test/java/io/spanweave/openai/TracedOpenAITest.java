package io.spanweave.openai;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.errors.InternalServerException;
import com.openai.errors.NotFoundException;
import com.openai.errors.OpenAIException;
import com.openai.errors.RateLimitException;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.openai.fixtures.CallingStage;
import io.spanweave.openai.fixtures.ModelStage;
import io.spanweave.openai.fixtures.TracedModelStage;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * OpenAI's real Java SDK (its OkHttp client) against an OpenAI-compatible server, wrapped by {@link
 * TracedOpenAI}: each chat completion is one GenAI client span under the stage that made it.
 */
class TracedOpenAITest {

  private final ModelStage stage = TracedModelStage.wrap(new CallingStage());
  private OpenAiCompatibleServer server;
  private OpenAIClient sdkClient;
  private OpenAIClient client;
  private SpanRecorder spans;

  @BeforeEach
  void start() throws Exception {
    server = OpenAiCompatibleServer.start();
    // No retries: one request per call, so each queued reply answers the call it is meant for.
    sdkClient =
        OpenAIOkHttpClient.builder()
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
  void aChatCompletionIsAClientSpanUnderTheStageWithModelSettingsAndTokens() {
    server.enqueue(Reply.completion("Paris").model("gpt-4o-mini-2024-07-18").usage(12, 3));

    String answer;
    try (TraceScope step = Trace.step(7)) {
      answer =
          stage.generate(
              "s-1",
              () ->
                  client
                      .chat()
                      .completions()
                      .create(
                          question("Capital of France?")
                              .temperature(0.2)
                              .maxCompletionTokens(64L)
                              .topP(0.9)
                              .build())
                      .choices()
                      .get(0)
                      .message()
                      .content()
                      .orElseThrow());
    }

    assertThat(answer).isEqualTo("Paris");
    RecordedSpan model =
        spans
            .assertThat()
            .named("chat gpt-4o-mini")
            .ranOnce()
            .isChildOf(spans.assertThat().stage("generate").ranOnce().span())
            .hasKind(Kind.MODEL)
            .hasAttribute(GenAiAttributes.OPERATION_NAME, "chat")
            .hasAttribute(GenAiAttributes.PROVIDER_NAME, "openai")
            .hasAttribute(GenAiAttributes.REQUEST_MODEL, "gpt-4o-mini")
            .hasAttribute(GenAiAttributes.REQUEST_TEMPERATURE, 0.2)
            .hasAttribute(GenAiAttributes.REQUEST_MAX_TOKENS, 64L)
            .hasAttribute(GenAiAttributes.REQUEST_TOP_P, 0.9)
            .hasAttribute(GenAiAttributes.RESPONSE_MODEL, "gpt-4o-mini-2024-07-18")
            .hasAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, List.of("stop"))
            .hasAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, 12L)
            .hasAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, 3L)
            .hasAttribute(SpanAttributes.STEP, 7L)
            .doesNotHaveAttribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK)
            .isOk()
            .span();
    assertThat(model.spanKind()).isEqualTo("CLIENT");
    assertThat((String) model.attribute(GenAiAttributes.RESPONSE_ID)).startsWith("chatcmpl-");
  }

  @Test
  void theOlderMaxTokensSettingIsRecordedAsTheTokenLimitToo() {
    stage.generate(
        "s-1",
        () -> client.chat().completions().create(question("hi").maxTokens(32L).build()).id());

    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .hasAttribute(GenAiAttributes.REQUEST_MAX_TOKENS, 32L)
        .doesNotHaveAttribute(GenAiAttributes.REQUEST_TEMPERATURE);
  }

  @Test
  @SuppressWarnings("MustBeClosedChecker") // the stream is closed by the thread that reads it
  void aStreamReadOnAnotherThreadIsUnderTheStageWithTimeToFirstChunkAndTheFinalChunksUsage()
      throws Exception {
    server.enqueue(Reply.completion("a streamed answer").usage(20, 4));
    ExecutorService reader = Executors.newSingleThreadExecutor();
    try {
      String text =
          stage.generate(
              "s-2",
              () -> {
                StreamResponse<ChatCompletionChunk> stream =
                    client
                        .chat()
                        .completions()
                        .createStreaming(
                            question("Stream it")
                                .streamOptions(
                                    ChatCompletionStreamOptions.builder()
                                        .includeUsage(true)
                                        .build())
                                .build());
                try {
                  return reader
                      .submit(
                          () -> {
                            try (stream) {
                              return stream.stream()
                                  .flatMap(chunk -> chunk.choices().stream())
                                  .map(choice -> choice.delta().content().orElse(""))
                                  .collect(Collectors.joining());
                            }
                          })
                      .get(30, TimeUnit.SECONDS);
                } catch (Exception e) {
                  throw new IllegalStateException(e);
                }
              });
      assertThat(text).isEqualTo("a streamed answer");
    } finally {
      reader.shutdownNow();
    }

    RecordedSpan generate = spans.assertThat().stage("generate").ranOnce().span();
    RecordedSpan model =
        spans
            .assertThat()
            .named("chat gpt-4o-mini")
            .ranOnce()
            .isChildOf(generate)
            .hasAttribute(GenAiAttributes.USAGE_INPUT_TOKENS, 20L)
            .hasAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, 4L)
            .hasAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, List.of("stop"))
            .hasAttribute(GenAiAttributes.RESPONSE_MODEL)
            .hasAttribute(GenAiAttributes.RESPONSE_ID)
            .isOk()
            .span();
    Object firstChunk = model.attribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK);
    assertThat(firstChunk).isInstanceOf(Double.class);
    double spanSeconds = (model.endEpochNanos() - model.startEpochNanos()) / 1e9;
    assertThat((Double) firstChunk).isGreaterThan(0.0).isLessThanOrEqualTo(spanSeconds);
  }

  @Test
  void aStreamClosedBeforeItsEndEndsTheSpanThen() {
    server.enqueue(Reply.completion("one two three four"));

    stage.generate(
        "s-3",
        () -> {
          try (StreamResponse<ChatCompletionChunk> stream =
              client.chat().completions().createStreaming(question("Stream it").build())) {
            return stream.stream().findFirst().orElseThrow().id();
          }
        });

    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isOk()
        .hasAttribute(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK)
        .doesNotHaveAttribute(GenAiAttributes.USAGE_INPUT_TOKENS);
  }

  @Test
  void aToolCallRecordsItsFinishReasonAndNeverItsArguments() {
    server.enqueue(Reply.toolCall("get_weather", "{\"city\":\"Reykjavik\"}").usage(30, 9));

    String tool =
        stage.generate(
            "s-4",
            () ->
                client
                    .chat()
                    .completions()
                    .create(question("Weather?").build())
                    .choices()
                    .get(0)
                    .message()
                    .toolCalls()
                    .orElseThrow()
                    .get(0)
                    .asFunction()
                    .function()
                    .name());

    assertThat(tool).isEqualTo("get_weather");
    RecordedSpan model =
        spans
            .assertThat()
            .named("chat gpt-4o-mini")
            .ranOnce()
            .hasAttribute(GenAiAttributes.RESPONSE_FINISH_REASONS, List.of("tool_calls"))
            .hasAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, 9L)
            .span();
    assertThat(model.attributes().values())
        .allSatisfy(
            value ->
                assertThat(String.valueOf(value))
                    .doesNotContain("Reykjavik")
                    .doesNotContain("Weather?"));
  }

  @Test
  void aRateLimitAnswerFailsTheSpanWithItsStatusAndReachesTheCallerUnchanged() {
    server.enqueue(Reply.status(429));

    assertThatThrownBy(
            () ->
                stage.generate(
                    "s-5", () -> client.chat().completions().create(question("hi").build()).id()))
        .isInstanceOf(RateLimitException.class);

    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isError()
        .hasAttribute(SpanAttributes.ERROR_TYPE, "429")
        .isChildOf(spans.assertThat().stage("generate").ranOnce().span());
  }

  @Test
  void aServerErrorFailsTheSpanWithItsStatusWhetherPlainOrStreamed() {
    server.enqueue(Reply.status(500), Reply.status(500));

    assertThatThrownBy(() -> client.chat().completions().create(question("hi").build()))
        .isInstanceOf(InternalServerException.class);
    assertThatThrownBy(
            () -> {
              try (StreamResponse<ChatCompletionChunk> stream =
                  client.chat().completions().createStreaming(question("hi").build())) {
                stream.stream().count();
              }
            })
        .isInstanceOf(InternalServerException.class);

    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ran(2)
        .each(span -> span.isError().hasAttribute(SpanAttributes.ERROR_TYPE, "500"));
  }

  @Test
  void theSdksRetriesAreOneCallAndOneSpan() {
    server.enqueue(Reply.status(500), Reply.completion("second try").usage(5, 2));
    OpenAIClient retrying = client.withOptions(options -> options.maxRetries(1));

    retrying.chat().completions().create(question("hi").build());

    assertThat(server.requests()).hasSize(2);
    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isOk()
        .hasAttribute(GenAiAttributes.USAGE_OUTPUT_TOKENS, 2L);
  }

  @Test
  void aCallThatRunsOutOfTimeFailsTheSpanAsATimeout() {
    server.enqueue(Reply.completion("too late").after(Duration.ofSeconds(3)));
    OpenAIClient impatient = client.withOptions(options -> options.timeout(Duration.ofMillis(300)));

    assertThatThrownBy(() -> impatient.chat().completions().create(question("hi").build()))
        .isInstanceOf(OpenAIException.class);

    spans
        .assertThat()
        .named("chat gpt-4o-mini")
        .ranOnce()
        .isError()
        .hasAttribute(SpanAttributes.ERROR_TYPE, "timeout");
  }

  @Test
  void theSdksShorterOverloadsAndOtherServicesAreStillTracedOrForwarded() {
    server.enqueue(Reply.completion("ok"), Reply.completion("ok again"));

    // chat().withOptions(...) and completions().withOptions(...) keep tracing
    client
        .chat()
        .withOptions(options -> options.maxRetries(0))
        .completions()
        .create(question("a").build());
    client
        .chat()
        .completions()
        .withOptions(options -> options.maxRetries(0))
        .create(question("b").build());

    spans.assertThat().named("chat gpt-4o-mini").ran(2);
    assertThat(TracedOpenAI.wrap(client))
        .as("wrapping twice records nothing twice")
        .isSameAs(client);
  }

  @Test
  void servicesOtherThanCreatingACompletionGoToTheSdkUntraced() {
    // The test server knows only POST /v1/chat/completions: the SDK's own NotFoundException shows
    // that each call reached the server through the wrapped client.
    assertThatThrownBy(() -> client.chat().completions().retrieve("chatcmpl-1"))
        .isInstanceOf(NotFoundException.class);
    assertThatThrownBy(() -> client.models().retrieve("gpt-4o-mini"))
        .isInstanceOf(NotFoundException.class);

    assertThat(spans.spans()).isEmpty();
    assertThat(client.toString()).contains(sdkClient.toString());
  }
}
