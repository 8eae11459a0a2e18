package com.example.assistant;

import static org.assertj.core.api.Assertions.assertThat;

import com.example.assistant.TraceFileSpans.Span;
import io.micrometer.observation.ObservationRegistry;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.runtime.TraceRuntime;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.boot.WebApplicationType;
import org.springframework.boot.builder.SpringApplicationBuilder;
import org.springframework.context.ConfigurableApplicationContext;
import org.springframework.context.annotation.Bean;

/**
 * A Spring Boot 4 application with Spring AI 2.0's OpenAI chat model, the starter and nothing else
 * (no Actuator, no observation set-up, no spanweave configuration): each chat model call, plain and
 * streamed, is a GenAI client span under the traced stage that made it, in the run's {@code
 * traces.jsonl}, with the model and token counts; and with Spring AI's prompt and completion
 * logging switched on, neither the prompt (holding a secret) nor the answer is in any of the run's
 * files.
 */
class SpringAiChatModelTest {

  private static final String PROMPT_SECRET = "sk-proj-Hq2wE8rT5yU1iO4pA7sD0fG3hJ6kL9zX";
  private static final String ANSWER_SECRET = "an-answer-only-the-model-gives-0815";

  @TempDir Path outputDir;

  private OpenAiCompatibleServer server;

  @BeforeEach
  void startServer() throws IOException {
    server = OpenAiCompatibleServer.start();
  }

  @AfterEach
  void stopServer() {
    server.close();
  }

  /**
   * The application as a user configures it: Spring AI's properties, nothing for spanweave but
   * where to write.
   */
  private ConfigurableApplicationContext run(String... extra) {
    return run(new Class<?>[] {AssistantApplication.class}, extra);
  }

  private ConfigurableApplicationContext run(Class<?>[] sources, String... extra) {
    return new SpringApplicationBuilder(sources)
        .web(WebApplicationType.NONE)
        .properties("spanweave.output-dir=" + outputDir, "spanweave.run-id=assistant-run")
        .properties(extra)
        // on the command line: the test resources' application.properties turns the chat model off
        .run(
            "--spring.ai.model.chat=openai",
            "--spring.ai.openai.api-key=test-key",
            "--spring.ai.openai.base-url=" + server.baseUrl(),
            "--spring.ai.openai.chat.model=gpt-4o-mini",
            "--spring.ai.openai.chat.temperature=0.3",
            "--spring.ai.openai.chat.max-retries=0",
            "--spring.ai.chat.observations.log-prompt=true",
            "--spring.ai.chat.observations.log-completion=true");
  }

  @Test
  void chatModelCallsPlainAndStreamedAreGenAiSpansUnderTheirStagesAndNoContentIsInTheRun()
      throws Exception {
    server.enqueue(
        Reply.completion(ANSWER_SECRET).model("gpt-4o-mini-2024-07-18").usage(14, 5),
        Reply.completion(ANSWER_SECRET).usage(16, 6));
    TraceRuntime runtime;
    try (ConfigurableApplicationContext context = run()) {
      runtime = context.getBean(TraceRuntime.class);
      assertThat(context.getBean(ChatModel.class).getClass().getName()).contains("OpenAiChatModel");
      assertThat(context.getBeansOfType(ObservationRegistry.class))
          .as("the starter's, as the application has none")
          .containsOnlyKeys("spanweaveObservationRegistry");
      Assistant assistant = context.getBean(Assistant.class);

      assertThat(assistant.answer("s-1", "My key is " + PROMPT_SECRET)).isEqualTo(ANSWER_SECRET);
      assertThat(assistant.answerStreamed("s-2", "My key is " + PROMPT_SECRET))
          .isEqualTo(ANSWER_SECRET);
    }
    assertThat(server.requestBodies())
        .hasSize(2)
        .allSatisfy(body -> assertThat(body).contains(PROMPT_SECRET));

    TraceFileSpans spans = TraceFileSpans.read(runtime.traceFile());
    List<Span> calls = spans.named("chat gpt-4o-mini");
    assertThat(calls).hasSize(2);
    Span answer = spans.stage("answer");
    Span plain =
        calls.stream()
            .filter(span -> span.parentSpanId().equals(answer.spanId()))
            .findFirst()
            .orElseThrow(() -> new AssertionError("no chat span under the stage answer: " + spans));
    assertThat(plain.kind()).as("CLIENT").isEqualTo(3);
    assertThat(plain.string("gen_ai.operation.name")).isEqualTo("chat");
    assertThat(plain.string("gen_ai.provider.name")).isEqualTo("openai");
    assertThat(plain.string("gen_ai.request.model")).isEqualTo("gpt-4o-mini");
    assertThat(plain.number("gen_ai.request.temperature")).isEqualTo(0.3);
    assertThat(plain.string("gen_ai.response.model")).isEqualTo("gpt-4o-mini-2024-07-18");
    assertThat(plain.string("gen_ai.response.id")).startsWith("chatcmpl-");
    assertThat(plain.strings("gen_ai.response.finish_reasons")).containsExactly("stop");
    assertThat(plain.integer("gen_ai.usage.input_tokens")).isEqualTo(14L);
    assertThat(plain.integer("gen_ai.usage.output_tokens")).isEqualTo(5L);
    assertThat(plain.string("spanweave.stage")).isEqualTo("llm");

    Span streamedStage = spans.stage("answer_streamed");
    Span streamed =
        calls.stream()
            .filter(span -> span.parentSpanId().equals(streamedStage.spanId()))
            .findFirst()
            .orElseThrow(
                () -> new AssertionError("no chat span under the stage answer_streamed: " + spans));
    assertThat(streamed.strings("gen_ai.response.finish_reasons")).containsExactly("stop");
    assertThat(streamed.string("gen_ai.request.model")).isEqualTo("gpt-4o-mini");
    assertThat(streamed.integer("gen_ai.usage.input_tokens")).isEqualTo(16L);
    assertThat(streamed.integer("gen_ai.usage.output_tokens")).isEqualTo(6L);

    assertNoContentUnder(outputDir);
  }

  @Test
  void anErrorAnswerFailsTheSpanWithItsHttpStatusAndNoMessage() throws Exception {
    server.enqueue(Reply.status(429));
    TraceRuntime runtime;
    try (ConfigurableApplicationContext context = run()) {
      runtime = context.getBean(TraceRuntime.class);
      Assistant assistant = context.getBean(Assistant.class);
      try {
        assistant.answer("s-3", "My key is " + PROMPT_SECRET);
        throw new AssertionError("a 429 answer must fail the call");
      } catch (RuntimeException expected) {
        // Spring AI's own exception, unchanged
      }
    }

    Span call = TraceFileSpans.read(runtime.traceFile()).named("chat gpt-4o-mini").get(0);
    assertThat(call.statusCode()).as("ERROR").isEqualTo(2);
    assertThat(call.string("error.type")).as("the status of the answer").isEqualTo("429");
    assertNoContentUnder(outputDir);
  }

  @Test
  void turnedOffByPropertyNoSpanAndNoRegistryOfTheStarters() throws Exception {
    TraceRuntime runtime;
    try (ConfigurableApplicationContext context = run("spanweave.spring-ai=false")) {
      runtime = context.getBean(TraceRuntime.class);
      assertThat(context.getBeansOfType(ObservationRegistry.class)).isEmpty();
      context.getBean(Assistant.class).answer("s-4", "hello");
    }
    assertThat(TraceFileSpans.read(runtime.traceFile()).named("chat gpt-4o-mini")).isEmpty();
    assertThat(server.requests()).hasSize(1);
  }

  @Test
  void anApplicationsOwnObservationRegistryGetsTheHandlerAndTheStarterMakesNone() throws Exception {
    server.enqueue(Reply.completion("ok").usage(3, 1));
    TraceRuntime runtime;
    try (ConfigurableApplicationContext context =
        run(new Class<?>[] {AssistantApplication.class, OwnObservationRegistry.class})) {
      runtime = context.getBean(TraceRuntime.class);
      assertThat(context.getBeansOfType(ObservationRegistry.class))
          .containsOnlyKeys("applicationObservationRegistry");
      context.getBean(Assistant.class).answer("s-5", "hello");
    }

    Span call = TraceFileSpans.read(runtime.traceFile()).named("chat gpt-4o-mini").get(0);
    assertThat(call.integer("gen_ai.usage.input_tokens")).isEqualTo(3L);
  }

  /**
   * An application that makes its registry itself (not picked up by the component scan: no
   * annotation).
   */
  static class OwnObservationRegistry {

    @Bean
    ObservationRegistry applicationObservationRegistry() {
      return ObservationRegistry.create();
    }
  }

  private static void assertNoContentUnder(Path dir) throws IOException {
    List<Path> files;
    try (Stream<Path> walk = Files.walk(dir)) {
      files = walk.filter(Files::isRegularFile).toList();
    }
    assertThat(files).isNotEmpty();
    for (Path file : files) {
      String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      assertThat(content)
          .as(file.toString())
          .doesNotContain(PROMPT_SECRET)
          .doesNotContain(ANSWER_SECRET)
          .doesNotContain("My key is");
    }
  }
}
