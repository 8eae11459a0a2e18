package io.spanweave.genai.testing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.net.http.HttpTimeoutException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The test server speaks OpenAI's chat completions as the LLM libraries' tests need it. */
class OpenAiCompatibleServerTest {

  private static final ObjectMapper JSON = new ObjectMapper();
  private final HttpClient client = HttpClient.newHttpClient();
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
  void aPlainCompletionCarriesTheContentUsageAndTheModelAskedFor() throws Exception {
    server.enqueue(Reply.completion("Paris").usage(12, 3));

    HttpResponse<String> response =
        post(
            "/v1/chat/completions",
            "{\"model\":\"gpt-4o-mini\",\"messages\":[{\"role\":\"user\",\"content\":\"capital of France?\"}]}");

    assertThat(response.statusCode()).isEqualTo(200);
    JsonNode body = JSON.readTree(response.body());
    assertThat(body.path("object").asText()).isEqualTo("chat.completion");
    assertThat(body.path("model").asText()).isEqualTo("gpt-4o-mini");
    assertThat(body.path("id").asText()).startsWith("chatcmpl-");
    assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("Paris");
    assertThat(body.at("/choices/0/finish_reason").asText()).isEqualTo("stop");
    assertThat(body.at("/usage/prompt_tokens").asInt()).isEqualTo(12);
    assertThat(body.at("/usage/completion_tokens").asInt()).isEqualTo(3);
    assertThat(server.requestBodies()).singleElement().asString().contains("capital of France?");
  }

  @Test
  void aStreamedCompletionIsServerSentEventsEndingWithUsageThenDone() throws Exception {
    server.enqueue(Reply.completion("Hello there").usage(5, 2).model("gpt-4o-mini-2024-07-18"));

    HttpResponse<String> response =
        post(
            "/chat/completions",
            "{\"model\":\"gpt-4o-mini\",\"stream\":true,"
                + "\"stream_options\":{\"include_usage\":true},\"messages\":[]}");

    assertThat(response.headers().firstValue("Content-Type")).contains("text/event-stream");
    List<String> events = events(response.body());
    assertThat(events.get(events.size() - 1)).isEqualTo("[DONE]");
    StringBuilder content = new StringBuilder();
    List<JsonNode> chunks = new ArrayList<>();
    for (String event : events.subList(0, events.size() - 1)) {
      JsonNode chunk = JSON.readTree(event);
      chunks.add(chunk);
      assertThat(chunk.path("object").asText()).isEqualTo("chat.completion.chunk");
      content.append(chunk.at("/choices/0/delta/content").asText(""));
    }
    assertThat(content).hasToString("Hello there");
    assertThat(chunks.size()).isGreaterThan(3);
    JsonNode usage = chunks.get(chunks.size() - 1);
    assertThat(usage.path("choices")).isEmpty();
    assertThat(usage.at("/usage/prompt_tokens").asInt()).isEqualTo(5);
    assertThat(chunks.get(chunks.size() - 2).at("/choices/0/finish_reason").asText())
        .isEqualTo("stop");
    assertThat(chunks.get(0).path("model").asText()).isEqualTo("gpt-4o-mini-2024-07-18");
  }

  @Test
  void aStreamWithoutIncludeUsageHasNoUsageChunk() throws Exception {
    server.enqueue(Reply.completion("Hi").usage(5, 2));

    HttpResponse<String> response =
        post("/v1/chat/completions", "{\"model\":\"m\",\"stream\":true,\"messages\":[]}");

    for (String event : events(response.body())) {
      if (!event.equals("[DONE]")) {
        assertThat(JSON.readTree(event).has("usage")).isFalse();
      }
    }
  }

  @Test
  void aToolCallHasItsNameArgumentsAndFinishReasonPlainAndStreamed() throws Exception {
    server.enqueue(
        Reply.toolCall("get_weather", "{\"city\":\"Oslo\"}"),
        Reply.toolCall("get_weather", "{\"city\":\"Oslo\"}"));

    JsonNode plain =
        JSON.readTree(post("/v1/chat/completions", "{\"model\":\"m\",\"messages\":[]}").body());
    assertThat(plain.at("/choices/0/finish_reason").asText()).isEqualTo("tool_calls");
    assertThat(plain.at("/choices/0/message/tool_calls/0/function/name").asText())
        .isEqualTo("get_weather");
    assertThat(plain.at("/choices/0/message/tool_calls/0/function/arguments").asText())
        .isEqualTo("{\"city\":\"Oslo\"}");

    List<String> events =
        events(
            post("/v1/chat/completions", "{\"model\":\"m\",\"stream\":true,\"messages\":[]}")
                .body());
    StringBuilder arguments = new StringBuilder();
    String name = null;
    String finish = null;
    for (String event : events.subList(0, events.size() - 1)) {
      JsonNode chunk = JSON.readTree(event);
      JsonNode call = chunk.at("/choices/0/delta/tool_calls/0");
      if (call.at("/function/name").isTextual()) {
        name = call.at("/function/name").asText();
      }
      arguments.append(call.at("/function/arguments").asText(""));
      if (chunk.at("/choices/0/finish_reason").isTextual()) {
        finish = chunk.at("/choices/0/finish_reason").asText();
      }
    }
    assertThat(name).isEqualTo("get_weather");
    assertThat(arguments).hasToString("{\"city\":\"Oslo\"}");
    assertThat(finish).isEqualTo("tool_calls");
  }

  @Test
  void aReplyMayAskForSeveralToolsAtOnce() throws Exception {
    server.enqueue(
        Reply.toolCall("a", "{}").andToolCall("b", "{\"x\":1}"),
        Reply.toolCall("a", "{}").andToolCall("b", "{}"));

    JsonNode plain =
        JSON.readTree(post("/v1/chat/completions", "{\"model\":\"m\",\"messages\":[]}").body());
    JsonNode calls = plain.at("/choices/0/message/tool_calls");
    assertThat(calls).hasSize(2);
    assertThat(calls.get(1).at("/function/name").asText()).isEqualTo("b");
    assertThat(calls.get(1).at("/function/arguments").asText()).isEqualTo("{\"x\":1}");
    assertThat(calls.get(0).path("id").asText()).isNotEqualTo(calls.get(1).path("id").asText());

    List<String> names = new ArrayList<>();
    for (String event :
        events(post("/v1/chat/completions", "{\"model\":\"m\",\"stream\":true}").body())) {
      if (!event.equals("[DONE]")) {
        JsonNode call = JSON.readTree(event).at("/choices/0/delta/tool_calls/0");
        if (call.at("/function/name").isTextual()) {
          names.add(call.path("index").asInt() + ":" + call.at("/function/name").asText());
        }
      }
    }
    assertThat(names).containsExactly("0:a", "1:b");
    assertThatThrownBy(() -> Reply.completion("x").andToolCall("a", "{}"))
        .isInstanceOf(IllegalStateException.class);
  }

  @Test
  void errorRepliesCarryTheirStatusAndOpenAisErrorBody() throws Exception {
    server.enqueue(Reply.status(429), Reply.status(500));

    HttpResponse<String> limited =
        post("/v1/chat/completions", "{\"model\":\"m\",\"messages\":[]}");
    HttpResponse<String> failed = post("/v1/chat/completions", "{\"model\":\"m\",\"messages\":[]}");

    assertThat(limited.statusCode()).isEqualTo(429);
    assertThat(JSON.readTree(limited.body()).at("/error/type").asText())
        .isEqualTo("rate_limit_error");
    assertThat(failed.statusCode()).isEqualTo(500);
    assertThat(JSON.readTree(failed.body()).at("/error/message").asText()).isNotEmpty();
    assertThatThrownBy(() -> Reply.status(200)).isInstanceOf(IllegalArgumentException.class);
  }

  @Test
  void aSlowReplyLetsAClientTimeOutAndTheQueueMovesOn() throws Exception {
    server.enqueue(
        Reply.completion("late").after(Duration.ofSeconds(30)), Reply.completion("next"));

    HttpRequest slow =
        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
            .timeout(Duration.ofMillis(300))
            .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\"}"))
            .build();
    assertThatThrownBy(() -> client.send(slow, HttpResponse.BodyHandlers.ofString()))
        .isInstanceOf(HttpTimeoutException.class);

    JsonNode next =
        JSON.readTree(post("/v1/chat/completions", "{\"model\":\"m\",\"messages\":[]}").body());
    assertThat(next.at("/choices/0/message/content").asText()).isEqualTo("next");
  }

  @Test
  void withNothingQueuedTheDefaultReplyAnswersAndEveryRequestIsKeptWithItsHeaders()
      throws Exception {
    server.defaultReply(Reply.completion("default"));
    HttpRequest request =
        HttpRequest.newBuilder(URI.create(server.baseUrl() + "/chat/completions"))
            .header("Authorization", "Bearer sk-test")
            .POST(HttpRequest.BodyPublishers.ofString("{\"model\":\"m\"}"))
            .build();

    JsonNode body =
        JSON.readTree(client.send(request, HttpResponse.BodyHandlers.ofString()).body());

    assertThat(body.at("/choices/0/message/content").asText()).isEqualTo("default");
    assertThat(body.has("usage")).isFalse();
    assertThat(server.requests())
        .singleElement()
        .satisfies(
            r -> {
              assertThat(r.path()).isEqualTo("/v1/chat/completions");
              assertThat(r.headers().get("authorization")).isEqualTo("Bearer sk-test");
            });
  }

  @Test
  void otherPathsAndBodiesThatAreNotJsonAreRefused() throws Exception {
    assertThat(post("/v1/embeddings", "{}").statusCode()).isEqualTo(404);
    assertThat(post("/v1/chat/completions", "not json").statusCode()).isEqualTo(400);
  }

  private HttpResponse<String> post(String path, String body) throws Exception {
    URI uri = URI.create(server.baseUrl().replaceFirst("/v1$", "") + path);
    return client.send(
        HttpRequest.newBuilder(uri)
            .header("Content-Type", "application/json")
            .POST(HttpRequest.BodyPublishers.ofString(body))
            .build(),
        HttpResponse.BodyHandlers.ofString());
  }

  private static List<String> events(String body) {
    List<String> events = new ArrayList<>();
    for (String line : body.split("\n")) {
      if (line.startsWith("data: ")) {
        events.add(line.substring("data: ".length()));
      }
    }
    return events;
  }
}
