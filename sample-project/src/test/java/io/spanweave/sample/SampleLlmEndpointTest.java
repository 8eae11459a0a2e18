package io.spanweave.sample;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import io.spanweave.rollout.RolloutSpan;
import io.spanweave.rollout.RolloutSpanStore;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.stream.Collectors;
import java.util.stream.Stream;
import java.util.zip.GZIPInputStream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code --llm-url}: the sample generates with an OpenAI-compatible endpoint through LangChain4j,
 * in this JVM and in the worker process, and every call is a GenAI span under the sample's worker
 * stage that the viewer counts once, while the API key reaches the endpoint and is neither printed
 * nor written.
 */
class SampleLlmEndpointTest {

  private static final String API_KEY = "sk-sample-key-5be01d";

  @TempDir Path outputDir;

  private SampleRun run;

  @AfterEach
  void stopViewer() {
    if (run != null) {
      run.closeViewer();
    }
  }

  @Test
  void everyGenerationCallsTheEndpointAndIsAChatSpanUnderTheInferenceStage() throws Exception {
    ByteArrayOutputStream printed = new ByteArrayOutputStream();
    SampleRun.Result result;
    List<OpenAiCompatibleServer.ReceivedRequest> requests;
    try (OpenAiCompatibleServer server = OpenAiCompatibleServer.start()) {
      server.defaultReply(Reply.completion("42").usage(40, 2).model("served-model-1"));
      SampleOptions options =
          SampleOptions.parse(
              "--steps",
              "1",
              "--samples",
              "8",
              "--group-size",
              "4",
              "--workers",
              "2",
              "--child-workers",
              "1",
              "--seed",
              "3",
              "--viewer-port",
              "0",
              "--keep-viewer",
              // A generation timeout of 7.5 s instead of 1.5: the first calls of each JVM load
              // LangChain4j.
              "--time-scale",
              "5",
              "--output-dir",
              outputDir.toString(),
              "--llm-url",
              server.baseUrl(),
              "--llm-model",
              "test-model");
      run =
          new SampleRun(
              options,
              new PrintStream(printed, true, StandardCharsets.UTF_8),
              Map.of(OpenAiCompatibleLanguageModel.API_KEY_VARIABLE, API_KEY));
      result = run.execute();
      requests = server.requests();
    }

    String output = printed.toString(StandardCharsets.UTF_8);
    assertThat(output)
        .contains("generation: model test-model at http://127.0.0.1:")
        .contains("API key from OPENAI_API_KEY: set")
        .doesNotContain(API_KEY);
    assertThat(requests)
        .isNotEmpty()
        .allSatisfy(
            request -> {
              assertThat(request.headers().get("Authorization")).isEqualTo("Bearer " + API_KEY);
              assertThat(request.body()).contains("test-model").contains("How many sheep");
            });

    RolloutSpanStore spans = RolloutSpanStore.fromTraceFile(result.traceFile());
    List<RolloutSpan> calls = spans.byName("chat test-model");
    assertThat(calls).hasSize(requests.size());
    assertThat(spans.byName("LanguageModel.complete")).as("no simulated inference stage").isEmpty();
    Map<String, RolloutSpan> workers =
        spans.byName("rollout.worker.generate").stream()
            .collect(Collectors.toMap(RolloutSpan::spanId, span -> span));
    for (RolloutSpan call : calls) {
      assertThat(workers).as("the worker stage above %s", call).containsKey(call.parentSpanId());
      assertThat(call.attributes())
          .containsEntry("gen_ai.request.model", "test-model")
          .containsEntry("gen_ai.response.model", "served-model-1")
          .containsEntry("gen_ai.usage.input_tokens", 40L)
          .containsEntry("gen_ai.usage.output_tokens", 2L)
          .containsEntry("gen_ai.provider.name", "openai");
      assertThat(call.attributes().get("gen_ai.response.finish_reasons"))
          .isEqualTo(List.of("stop"));
    }
    Set<Object> processes =
        calls.stream().map(call -> call.resource().get("process.pid")).collect(Collectors.toSet());
    assertThat(processes)
        .as("calls from this JVM and from the worker process")
        .contains(ProcessHandle.current().pid(), result.workerProcessPid());
    assertThat(result.samples())
        .as(output)
        .noneMatch(sample -> "timeout".equals(sample.errorType()));
    assertThat(result.samples())
        .filteredOn(SampleState::isCompleted)
        .isNotEmpty()
        .allSatisfy(sample -> assertThat(sample.completionTokens()).isEqualTo(2));

    // The viewer's LLM figures count each call once, under the model that answered.
    JsonNode llm = viewerJson(result.viewerUrl().orElseThrow(), "api/llm?step=all", spans.size());
    assertThat(llm.at("/total/calls").asInt()).isEqualTo(calls.size());
    assertThat(llm.at("/total/inputTokens").asLong()).isEqualTo(40L * calls.size());
    assertThat(llm.path("models"))
        .singleElement()
        .satisfies(model -> assertThat(model.path("model").asText()).isEqualTo("served-model-1"));

    try (Stream<Path> files = Files.walk(outputDir)) {
      for (Path file : files.filter(Files::isRegularFile).toList()) {
        assertThat(text(file))
            .as("%s", file)
            .doesNotContain(API_KEY)
            .doesNotContain("How many sheep");
      }
    }
  }

  /**
   * The viewer's answer at {@code path}, once it has read every span of the run ({@code
   * /api/status}).
   */
  private static JsonNode viewerJson(String viewerUrl, String path, int spans) throws Exception {
    HttpClient http = HttpClient.newHttpClient();
    long deadline = System.nanoTime() + 20_000_000_000L;
    JsonNode status = get(http, viewerUrl + "api/status");
    while (status.path("spans").asLong() < spans && System.nanoTime() < deadline) {
      Thread.sleep(200);
      status = get(http, viewerUrl + "api/status");
    }
    assertThat(status.path("spans").asLong())
        .as("spans the viewer read; /api/status: %s", status)
        .isEqualTo(spans);
    return get(http, viewerUrl + path);
  }

  private static JsonNode get(HttpClient http, String url) throws Exception {
    HttpResponse<String> response =
        http.send(
            HttpRequest.newBuilder(URI.create(url)).build(), HttpResponse.BodyHandlers.ofString());
    assertThat(response.statusCode()).as(url).isEqualTo(200);
    return new ObjectMapper().readTree(response.body());
  }

  /** The file's text, unzipped when it is gzip (finished run parts may be). */
  private static String text(Path file) throws IOException {
    byte[] bytes = Files.readAllBytes(file);
    if (bytes.length > 2 && (bytes[0] & 0xff) == 0x1f && (bytes[1] & 0xff) == 0x8b) {
      try (InputStream in = new GZIPInputStream(new ByteArrayInputStream(bytes))) {
        bytes = in.readAllBytes();
      }
    }
    return new String(bytes, StandardCharsets.ISO_8859_1);
  }

  @Test
  void theSimulatedModelStaysTheDefaultAndTheUrlIsChecked() {
    assertThat(SampleOptions.parse().llmUrl()).isNull();
    assertThat(
            RolloutPipeline.languageModel(
                new SimulatedBehaviour(1, 1, SimulatedBehaviour.Slowdown.NONE),
                null,
                SampleOptions.DEFAULT_LLM_MODEL,
                null))
        .isInstanceOf(TracedLanguageModel.class);
    assertThatThrownBy(() -> SampleOptions.parse("--llm-url", "localhost:8000"))
        .hasMessageContaining("--llm-url needs an http or https URL");
  }
}
