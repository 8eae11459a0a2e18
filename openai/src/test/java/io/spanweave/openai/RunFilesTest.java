package io.spanweave.openai;

import static org.assertj.core.api.Assertions.assertThat;

import com.openai.client.OpenAIClient;
import com.openai.client.okhttp.OpenAIOkHttpClient;
import com.openai.core.http.StreamResponse;
import com.openai.models.ChatModel;
import com.openai.models.chat.completions.ChatCompletionChunk;
import com.openai.models.chat.completions.ChatCompletionCreateParams;
import com.openai.models.chat.completions.ChatCompletionStreamOptions;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.openai.fixtures.CallingStage;
import io.spanweave.openai.fixtures.ModelStage;
import io.spanweave.openai.fixtures.TracedModelStage;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run with its files, as an application runs it: a secret in the prompt goes to the model, and
 * neither it nor the model's answer is anywhere in the run's files, which do hold the calls' spans.
 */
class RunFilesTest {

  private static final String PROMPT_SECRET = "sk-proj-Zq8vN3xR7tY2wP5kL9mB4cJ6hD1fG0aS";
  private static final String ANSWER_SECRET = "answer-only-the-model-knows-4711";

  @TempDir Path outputDir;

  @Test
  void aSecretInThePromptReachesTheModelButNoneOfTheRunsFiles() throws Exception {
    ModelStage stage = TracedModelStage.wrap(new CallingStage());
    TraceRuntime runtime =
        Tracing.configure(
            TraceConfig.builder()
                .enabled(true)
                .serviceName("openai-test")
                .outputDir(outputDir)
                .runId("openai-run")
                .build());
    try (OpenAiCompatibleServer server = OpenAiCompatibleServer.start()) {
      server.enqueue(
          Reply.completion(ANSWER_SECRET).usage(11, 2),
          Reply.completion(ANSWER_SECRET).usage(11, 2));
      OpenAIClient sdk =
          OpenAIOkHttpClient.builder()
              .baseUrl(server.baseUrl())
              .apiKey("test-key")
              .maxRetries(0)
              .build();
      try {
        OpenAIClient client = TracedOpenAI.wrap(sdk);
        ChatCompletionCreateParams params =
            ChatCompletionCreateParams.builder()
                .model(ChatModel.GPT_4O_MINI)
                .addSystemMessage("Never repeat the key.")
                .addUserMessage("My key is " + PROMPT_SECRET)
                .build();
        stage.generate("s-1", () -> client.chat().completions().create(params).id());
        stage.generate(
            "s-2",
            () -> {
              try (StreamResponse<ChatCompletionChunk> stream =
                  client
                      .chat()
                      .completions()
                      .createStreaming(
                          params.toBuilder()
                              .streamOptions(
                                  ChatCompletionStreamOptions.builder().includeUsage(true).build())
                              .build())) {
                return String.valueOf(stream.stream().count());
              }
            });
      } finally {
        sdk.close();
      }
      assertThat(server.requestBodies())
          .hasSize(2)
          .allSatisfy(body -> assertThat(body).contains(PROMPT_SECRET));
    } finally {
      runtime.close();
    }

    List<Path> files = filesUnder(outputDir);
    assertThat(files).isNotEmpty();
    String traces = Files.readString(runtime.traceFile());
    assertThat(traces)
        .contains("chat gpt-4o-mini")
        .contains("gen_ai.usage.input_tokens")
        .contains("gen_ai.response.time_to_first_chunk");
    for (Path file : files) {
      String content = new String(Files.readAllBytes(file), StandardCharsets.ISO_8859_1);
      assertThat(content)
          .as(file.toString())
          .doesNotContain(PROMPT_SECRET)
          .doesNotContain(ANSWER_SECRET)
          .doesNotContain("Never repeat the key");
    }
  }

  private static List<Path> filesUnder(Path dir) {
    try (Stream<Path> walk = Files.walk(dir)) {
      return walk.filter(Files::isRegularFile).toList();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
