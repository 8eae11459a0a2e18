package io.spanweave.viewer.json;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * {@code /api/status} is one flat object whatever parts it is built from: scripts and the page read
 * its fields by name, and have read these in this order since they were added.
 */
class StatusAnswerTest {
  private static final ObjectMapper JSON = new ObjectMapper();

  @Test
  void thePartsAreWrittenAsTheFlatFieldsTheApiHasAlwaysHad() throws Exception {
    StatusAnswer status =
        new StatusAnswer(
            new IndexCounts(27, 5, 4, 1),
            new FilesRead(
                "/runs/r1/traces/traces.jsonl", true, 4096, 3000, "/runs/r1/traces/live.jsonl"),
            new LoadStatus(false, 120),
            new LineCounts(30, 2, 1),
            new LiveStatus(3, 6),
            "disk gone",
            new ViewedRun("trainer", "r1", "http://jaeger:16686", null),
            42,
            new BackendStatus(
                "zipkin", "http://zipkin:9411", 100, 7, "Zipkin at http://zipkin:9411: refused"),
            new ReadingStatus(
                "following",
                2,
                2,
                4096,
                4096,
                true,
                27,
                27,
                null,
                1,
                "/cache",
                null,
                5,
                4,
                1,
                List.of(),
                0,
                0),
            new GuardrailStatus(true, Map.of("prompt", 3L), Map.of(), Map.of()));

    JsonNode json = JSON.readTree(JSON.writeValueAsBytes(status));

    List<String> names = new ArrayList<>();
    json.fieldNames().forEachRemaining(names::add);
    assertThat(names)
        .containsExactly(
            "spans",
            "traces",
            "samples",
            "duplicateSpans",
            "traceFile",
            "traceFileExists",
            "traceFileBytes",
            "bytesRead",
            "liveFile",
            "loading",
            "initialLoadMillis",
            "lines",
            "malformedLines",
            "invalidSpans",
            "liveMalformedLines",
            "inFlight",
            "lastError",
            "service",
            "runId",
            "jaegerUrl",
            "zipkinUrl",
            "version",
            "source",
            "backendUrl",
            "backendSpans",
            "backendPolls",
            "backendError",
            "reading",
            "guardrails");
    assertThat(json.get("spans").asInt()).isEqualTo(27);
    assertThat(json.get("duplicateSpans").asLong()).isEqualTo(1);
    assertThat(json.get("traceFileBytes").asLong()).isEqualTo(4096);
    assertThat(json.get("bytesRead").asLong()).isEqualTo(3000);
    assertThat(json.get("liveFile").asText()).isEqualTo("/runs/r1/traces/live.jsonl");
    assertThat(json.get("loading").asBoolean()).isFalse();
    assertThat(json.get("initialLoadMillis").asLong()).isEqualTo(120);
    assertThat(json.get("invalidSpans").asLong()).isEqualTo(1);
    assertThat(json.get("inFlight").asInt()).isEqualTo(6);
    assertThat(json.get("lastError").asText()).isEqualTo("disk gone");
    assertThat(json.get("jaegerUrl").asText()).isEqualTo("http://jaeger:16686");
    assertThat(json.get("zipkinUrl").isNull()).isTrue();
    assertThat(json.get("version").asLong()).isEqualTo(42);
    assertThat(json.get("backendPolls").asLong()).isEqualTo(7);
    assertThat(json.get("reading").get("phase").asText()).isEqualTo("following");
    assertThat(json.get("reading").get("runSummaryParts").asLong()).isEqualTo(4);
    assertThat(json.get("guardrails").get("droppedAttributes").get("prompt").asLong()).isEqualTo(3);
  }

  @Test
  void spansReadFromFilesSayFileAndNoBackend() throws Exception {
    JsonNode json = JSON.valueToTree(BackendStatus.FILES);

    assertThat(json.get("source").asText()).isEqualTo("file");
    assertThat(json.get("backendUrl").isNull()).isTrue();
    assertThat(json.get("backendSpans").asLong()).isZero();
    assertThat(json.get("backendPolls").asLong()).isZero();
    assertThat(json.get("backendError").isNull()).isTrue();
  }
}
