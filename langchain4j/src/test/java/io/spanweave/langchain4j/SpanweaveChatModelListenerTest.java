package io.spanweave.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.ChatModel;
import dev.langchain4j.model.chat.StreamingChatModel;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.AiServices;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import io.spanweave.testing.SpanweaveExtension;
import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * LangChain4j 1.19's real OpenAI chat models, blocking and streaming, against an OpenAI-compatible
 * server: each call is a GenAI client span under the stage that made it, with model, tokens and
 * finish reason, and no content.
 */
@ExtendWith(SpanweaveExtension.class)
class SpanweaveChatModelListenerTest {

  private static final String SECRET = "sk-seeded-secret-4f9a2c71";
  private OpenAiCompatibleServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = OpenAiCompatibleServer.start();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  @Test
  void aBlockingCallIsAChatSpanUnderTheStageWithModelTokensAndFinishReason(SpanRecorder spans) {
    server.enqueue(Reply.completion("Paris").usage(12, 3).model("gpt-4o-mini-2024-07-18"));
    ChatModel model = chatModel().temperature(0.2).maxTokens(100).build();

    String answer;
    try (TraceScope stage = Trace.span("judge")) {
      answer = model.chat("The capital of France? " + SECRET);
    }

    assertThat(answer).isEqualTo("Paris");
    RecordedSpan call = only(spans, "chat gpt-4o-mini");
    assertThat(call.parentSpanId()).isEqualTo(only(spans, "judge").spanId());
    assertThat(call.spanKind()).isEqualTo("CLIENT");
    assertThat(call.attribute(GenAiAttributes.OPERATION_NAME)).isEqualTo("chat");
    assertThat(call.attribute(GenAiAttributes.PROVIDER_NAME)).isEqualTo("openai");
    assertThat(call.attribute(GenAiAttributes.REQUEST_MODEL)).isEqualTo("gpt-4o-mini");
    assertThat(call.attribute(GenAiAttributes.RESPONSE_MODEL)).isEqualTo("gpt-4o-mini-2024-07-18");
    assertThat(call.attribute(GenAiAttributes.RESPONSE_ID)).asString().startsWith("chatcmpl-");
    assertThat(call.attribute(GenAiAttributes.REQUEST_TEMPERATURE)).isEqualTo(0.2);
    assertThat(call.attribute(GenAiAttributes.REQUEST_MAX_TOKENS)).isEqualTo(100L);
    assertThat(call.attribute(GenAiAttributes.USAGE_INPUT_TOKENS)).isEqualTo(12L);
    assertThat(call.attribute(GenAiAttributes.USAGE_OUTPUT_TOKENS)).isEqualTo(3L);
    assertThat(call.attribute(GenAiAttributes.RESPONSE_FINISH_REASONS)).isEqualTo(List.of("stop"));
    assertThat(call.kind()).hasValueSatisfying(kind -> assertThat(kind.name()).isEqualTo("MODEL"));
    assertThat(call.status()).isNotEqualTo(RecordedSpan.Status.ERROR);
    // The prompt reached the model, and no span holds it.
    assertThat(server.requestBodies()).singleElement().asString().contains(SECRET);
    assertThat(spans.spans().toString()).doesNotContain(SECRET).doesNotContain("capital of France");
  }

  @Test
  void aStreamedCallEndsItsSpanOnTheStreamsThreadUnderTheStageThatStartedIt(SpanRecorder spans)
      throws Exception {
    server.enqueue(Reply.completion("Hello from the stream").usage(7, 5));
    StreamingChatModel model = streamingModel().build();

    CompletableFuture<ChatResponse> done = new CompletableFuture<>();
    try (TraceScope stage = Trace.span("generate")) {
      model.chat("Say hello " + SECRET, handler(done));
    }
    ChatResponse response = done.get(20, TimeUnit.SECONDS);

    assertThat(response.aiMessage().text()).isEqualTo("Hello from the stream");
    RecordedSpan call = only(spans, "chat gpt-4o-mini");
    assertThat(call.parentSpanId()).isEqualTo(only(spans, "generate").spanId());
    assertThat(call.attribute(GenAiAttributes.USAGE_INPUT_TOKENS)).isEqualTo(7L);
    assertThat(call.attribute(GenAiAttributes.USAGE_OUTPUT_TOKENS)).isEqualTo(5L);
    assertThat(call.attribute(GenAiAttributes.RESPONSE_FINISH_REASONS)).isEqualTo(List.of("stop"));
    assertThat(call.attribute(GenAiAttributes.RESPONSE_MODEL)).isEqualTo("gpt-4o-mini");
    assertThat(server.requestBodies()).singleElement().asString().contains(SECRET);
    assertThat(
            new ObjectMapper().readTree(server.requestBodies().get(0)).path("stream").asBoolean())
        .isTrue();
    assertThat(spans.spans().toString())
        .doesNotContain(SECRET)
        .doesNotContain("Hello from the stream");
  }

  @Test
  void anAiServicesToolRunIsAnExecuteToolSpanBetweenItsTwoChatCalls(SpanRecorder spans) {
    server.enqueue(
        Reply.toolCall("weather", "{\"city\":\"Oslo-" + SECRET + "\"}").usage(20, 8),
        Reply.completion("It is sunny in Oslo").usage(30, 6));
    SpanweaveToolListener tools = new SpanweaveToolListener();
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(chatModel().build())
            .tools(new WeatherTools())
            .beforeToolExecution(tools::beforeToolExecution)
            .afterToolExecution(tools::afterToolExecution)
            .build();

    String answer;
    try (TraceScope stage = Trace.span("agent")) {
      answer = assistant.chat("Weather in Oslo?");
    }

    assertThat(answer).isEqualTo("It is sunny in Oslo");
    String agent = only(spans, "agent").spanId();
    List<RecordedSpan> calls = named(spans, "chat gpt-4o-mini");
    assertThat(calls)
        .hasSize(2)
        .allSatisfy(call -> assertThat(call.parentSpanId()).isEqualTo(agent));
    assertThat(calls)
        .extracting(call -> call.attribute(GenAiAttributes.RESPONSE_FINISH_REASONS))
        .containsExactly(List.of("tool_calls"), List.of("stop"));
    RecordedSpan tool = only(spans, "execute_tool weather");
    assertThat(tool.parentSpanId()).isEqualTo(agent);
    assertThat(tool.attribute(GenAiAttributes.OPERATION_NAME)).isEqualTo("execute_tool");
    assertThat(tool.attribute(GenAiAttributes.TOOL_NAME)).isEqualTo("weather");
    assertThat(tool.attribute(SpanAttributes.STAGE)).isEqualTo("tool");
    assertThat(tool.startEpochNanos()).isGreaterThanOrEqualTo(calls.get(0).endEpochNanos());
    assertThat(tool.endEpochNanos()).isLessThanOrEqualTo(calls.get(1).startEpochNanos());
    assertThat(WeatherTools.lastCity).contains(SECRET);
    assertThat(spans.spans().toString()).doesNotContain(SECRET).doesNotContain("Oslo");
  }

  @Test
  void toolsRunConcurrentlyOnAWrappedExecutorStayUnderTheCallingStage(SpanRecorder spans) {
    server.enqueue(
        Reply.toolCall("weather", "{\"city\":\"Oslo\"}")
            .andToolCall("weather", "{\"city\":\"Bergen\"}"),
        Reply.completion("Sunny in both"));
    SpanweaveToolListener tools = new SpanweaveToolListener();
    ExecutorService pool = Executors.newFixedThreadPool(2);
    try {
      Assistant assistant =
          AiServices.builder(Assistant.class)
              .chatModel(chatModel().build())
              .tools(new WeatherTools())
              .executeToolsConcurrently(TraceContext.wrap(pool))
              .beforeToolExecution(tools::beforeToolExecution)
              .afterToolExecution(tools::afterToolExecution)
              .build();

      try (TraceScope stage = Trace.span("agent")) {
        assertThat(assistant.chat("Weather in Oslo and Bergen?")).isEqualTo("Sunny in both");
      }
    } finally {
      pool.shutdownNow();
    }

    String agent = only(spans, "agent").spanId();
    assertThat(named(spans, "execute_tool weather"))
        .hasSize(2)
        .allSatisfy(tool -> assertThat(tool.parentSpanId()).isEqualTo(agent))
        .allSatisfy(tool -> assertThat(tool.status()).isNotEqualTo(RecordedSpan.Status.ERROR));
  }

  @Test
  void aToolThatThrowsEndsItsSpanAsFailed(SpanRecorder spans) {
    server.enqueue(Reply.toolCall("broken", "{}"), Reply.completion("Sorry"));
    SpanweaveToolListener tools = new SpanweaveToolListener();
    Assistant assistant =
        AiServices.builder(Assistant.class)
            .chatModel(chatModel().build())
            .tools(new WeatherTools())
            .beforeToolExecution(tools::beforeToolExecution)
            .afterToolExecution(tools::afterToolExecution)
            .build();

    try (TraceScope stage = Trace.span("agent")) {
      assertThat(assistant.chat("Use the broken tool")).isEqualTo("Sorry");
    }

    RecordedSpan tool = only(spans, "execute_tool broken");
    assertThat(tool.errorType()).contains(SpanweaveToolListener.TOOL_ERROR);
    assertThat(tool.status()).isEqualTo(RecordedSpan.Status.ERROR);
  }

  @Test
  void aRateLimitedCallEndsWithErrorType429(SpanRecorder spans) {
    server.enqueue(Reply.status(429));
    ChatModel model = chatModel().maxRetries(0).build();

    try (TraceScope stage = Trace.span("judge")) {
      assertThatThrownBy(() -> model.chat("hi " + SECRET)).isNotNull();
    }

    RecordedSpan call = only(spans, "chat gpt-4o-mini");
    assertThat(call.errorType()).contains("429");
    assertThat(call.status()).isEqualTo(RecordedSpan.Status.ERROR);
    assertThat(call.parentSpanId()).isEqualTo(only(spans, "judge").spanId());
    assertThat(spans.spans().toString()).doesNotContain(SECRET);
  }

  @Test
  void aServerErrorEndsWithErrorType500ForBlockingAndStreamingCalls(SpanRecorder spans)
      throws Exception {
    server.enqueue(Reply.status(500), Reply.status(500));
    ChatModel model = chatModel().maxRetries(0).build();
    StreamingChatModel streaming = streamingModel().build();

    CompletableFuture<ChatResponse> streamed = new CompletableFuture<>();
    try (TraceScope stage = Trace.span("judge")) {
      assertThatThrownBy(() -> model.chat("hi")).isNotNull();
      streaming.chat("hi", handler(streamed));
    }
    assertThatThrownBy(() -> streamed.get(20, TimeUnit.SECONDS))
        .isInstanceOf(ExecutionException.class);

    List<RecordedSpan> calls = named(spans, "chat gpt-4o-mini");
    assertThat(calls)
        .hasSize(2)
        .allSatisfy(
            call -> {
              assertThat(call.errorType()).contains("500");
              assertThat(call.status()).isEqualTo(RecordedSpan.Status.ERROR);
            });
  }

  @Test
  void aCallThatTimesOutEndsWithErrorTypeTimeout(SpanRecorder spans) {
    server.enqueue(Reply.completion("too late").after(Duration.ofSeconds(20)));
    ChatModel model = chatModel().timeout(Duration.ofMillis(500)).maxRetries(0).build();

    try (TraceScope stage = Trace.span("judge")) {
      assertThatThrownBy(() -> model.chat("hi")).isNotNull();
    }

    RecordedSpan call = only(spans, "chat gpt-4o-mini");
    assertThat(call.errorType()).contains("timeout");
    assertThat(call.endEpochNanos()).isGreaterThan(call.startEpochNanos());
  }

  private OpenAiChatModel.OpenAiChatModelBuilder chatModel() {
    return OpenAiChatModel.builder()
        .baseUrl(server.baseUrl())
        .apiKey("test-key")
        .modelName("gpt-4o-mini")
        .logRequests(true)
        .logResponses(true)
        .listeners(List.of(new SpanweaveChatModelListener()));
  }

  private OpenAiStreamingChatModel.OpenAiStreamingChatModelBuilder streamingModel() {
    return OpenAiStreamingChatModel.builder()
        .baseUrl(server.baseUrl())
        .apiKey("test-key")
        .modelName("gpt-4o-mini")
        .logRequests(true)
        .logResponses(true)
        .listeners(List.of(new SpanweaveChatModelListener()));
  }

  private static StreamingChatResponseHandler handler(CompletableFuture<ChatResponse> done) {
    return new StreamingChatResponseHandler() {
      @Override
      public void onCompleteResponse(ChatResponse response) {
        done.complete(response);
      }

      @Override
      public void onError(Throwable error) {
        done.completeExceptionally(error);
      }
    };
  }

  private static RecordedSpan only(SpanRecorder spans, String name) {
    List<RecordedSpan> found = named(spans, name);
    assertThat(found).as("spans named %s in\n%s", name, spans.tree()).hasSize(1);
    return found.get(0);
  }

  private static List<RecordedSpan> named(SpanRecorder spans, String name) {
    return spans.spans().stream().filter(s -> s.name().equals(name)).collect(Collectors.toList());
  }

  interface Assistant {
    String chat(String message);
  }

  static final class WeatherTools {
    static volatile String lastCity;

    @Tool("The weather in a city")
    String weather(@P(name = "city", value = "the city") String city) {
      lastCity = city;
      return "sunny";
    }

    @Tool("A tool that always fails")
    String broken() {
      throw new IllegalStateException("broken on purpose");
    }
  }
}
