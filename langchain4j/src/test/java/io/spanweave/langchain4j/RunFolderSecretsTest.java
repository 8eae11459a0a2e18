package io.spanweave.langchain4j;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.agent.tool.P;
import dev.langchain4j.agent.tool.Tool;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.chat.response.StreamingChatResponseHandler;
import dev.langchain4j.model.openai.OpenAiChatModel;
import dev.langchain4j.model.openai.OpenAiStreamingChatModel;
import dev.langchain4j.service.AiServices;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A run recorded to its folder by the real runtime, with LangChain4j's own request and response
 * logging on: the seeded secret in the prompt, the tool's arguments and the completion reaches the
 * model server, and no file of the run holds it, while the GenAI spans are there.
 */
class RunFolderSecretsTest {

  private static final String SECRET = "sk-run-folder-secret-77c1e0";

  @TempDir Path outputDir;

  @Test
  void noFileOfTheRunHoldsThePromptTheToolArgumentsOrTheCompletion() throws Exception {
    try (OpenAiCompatibleServer server = OpenAiCompatibleServer.start()) {
      server.enqueue(
          Reply.completion("The answer is " + SECRET).usage(10, 4),
          Reply.completion("streamed " + SECRET).usage(9, 3),
          Reply.toolCall("lookup", "{\"key\":\"" + SECRET + "\"}").usage(11, 2),
          Reply.completion("looked up " + SECRET).usage(12, 5));
      TraceRuntime runtime =
          Tracing.configure(
              TraceConfig.builder()
                  .enabled(true)
                  .serviceName("lc4j-secrets")
                  .outputDir(outputDir)
                  .build());
      try {
        OpenAiChatModel model =
            OpenAiChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey(SECRET)
                .modelName("gpt-4o-mini")
                .logRequests(true)
                .logResponses(true)
                .listeners(List.of(new SpanweaveChatModelListener()))
                .build();
        OpenAiStreamingChatModel streaming =
            OpenAiStreamingChatModel.builder()
                .baseUrl(server.baseUrl())
                .apiKey(SECRET)
                .modelName("gpt-4o-mini")
                .logRequests(true)
                .logResponses(true)
                .listeners(List.of(new SpanweaveChatModelListener()))
                .build();
        SpanweaveToolListener tools = new SpanweaveToolListener();
        Assistant assistant =
            AiServices.builder(Assistant.class)
                .chatModel(model)
                .tools(new LookupTools())
                .beforeToolExecution(tools::beforeToolExecution)
                .afterToolExecution(tools::afterToolExecution)
                .build();

        CompletableFuture<ChatResponse> streamed = new CompletableFuture<>();
        try (TraceScope stage = Trace.span("rollout")) {
          assertThat(model.chat("Tell me " + SECRET)).contains(SECRET);
          streaming.chat(
              "Stream me " + SECRET,
              new StreamingChatResponseHandler() {
                @Override
                public void onCompleteResponse(ChatResponse response) {
                  streamed.complete(response);
                }

                @Override
                public void onError(Throwable error) {
                  streamed.completeExceptionally(error);
                }
              });
          assertThat(streamed.get(20, TimeUnit.SECONDS).aiMessage().text()).contains(SECRET);
          assertThat(assistant.chat("Look up " + SECRET)).contains(SECRET);
        }
      } finally {
        runtime.close();
      }
      assertThat(server.requestBodies())
          .hasSize(4)
          .allSatisfy(body -> assertThat(body).contains(SECRET));
    }

    List<Path> files = runFiles();
    assertThat(files).isNotEmpty();
    StringBuilder everything = new StringBuilder();
    for (Path file : files) {
      String text = read(file);
      assertThat(text).as("%s", outputDir.relativize(file)).doesNotContain(SECRET);
      everything.append(text);
    }
    // The spans are in the run: the check above read the files that hold them.
    assertThat(everything).contains("chat gpt-4o-mini").contains("execute_tool lookup");
  }

  private List<Path> runFiles() throws IOException {
    List<Path> files = new ArrayList<>();
    try (Stream<Path> walk = Files.walk(outputDir)) {
      walk.filter(Files::isRegularFile).forEach(files::add);
    }
    return files;
  }

  /** The file's text, unzipped when it is gzip (run parts may be). */
  private static String read(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    if (bytes.length > 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) {
      try (InputStream in = new GZIPInputStream(Files.newInputStream(file))) {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        in.transferTo(out);
        bytes = out.toByteArray();
      }
    }
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  interface Assistant {
    String chat(String message);
  }

  static final class LookupTools {
    @Tool("Looks a key up")
    String lookup(@P(name = "key", value = "the key") String key) {
      return "value of " + key;
    }
  }
}
