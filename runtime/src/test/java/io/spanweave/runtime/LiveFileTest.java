package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.TraceContext;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** live.jsonl: a record per span start and per span end, so in-flight work is visible. */
class LiveFileTest {

  private static final Stage GENERATE =
      Stage.define("RolloutWorker.generate", "generate", Kind.MODEL);

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static List<JsonNode> recordsOf(List<JsonNode> records, String spanId) {
    return records.stream()
        .filter(record -> record.path("spanId").asText().equals(spanId))
        .toList();
  }

  @Test
  void aSpanInFlightHasAStartRecordAndNoEndRecord() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).runId("live-run").build());
    StageSpan span = GENERATE.start();
    String spanId = TraceContext.current().spanId();

    runtime.flush();

    List<JsonNode> records = recordsOf(TestRuns.readJsonLines(runtime.liveFile()), spanId);
    assertThat(records).hasSize(1);
    JsonNode start = records.get(0);
    assertThat(start.path("event").asText()).isEqualTo("start");
    assertThat(start.path("name").asText()).isEqualTo("RolloutWorker.generate");
    assertThat(start.path("stage").asText()).isEqualTo("generate");
    assertThat(start.path("kind").asText()).isEqualTo(Kind.MODEL.attributeValue());
    assertThat(start.path("runId").asText()).isEqualTo("live-run");
    assertThat(start.path("service").asText()).isEqualTo("test-service");
    assertThat(start.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    assertThat(start.path("traceId").asText()).matches("[0-9a-f]{32}");
    assertThat(start.path("startTimeUnixNano").asText()).matches("\\d+");
    assertThat(start.has("endTimeUnixNano")).isFalse();
    assertThat(start.has("parentSpanId")).as("a root span").isFalse();
    span.end();
  }

  @Test
  void theEndRecordCarriesEndTimeStatusParentAndTheLiveAttributes() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());
    StageSpan parent = GENERATE.start();
    String parentId = TraceContext.current().spanId();
    StageSpan child = GENERATE.start();
    String childId = TraceContext.current().spanId();
    child.attribute("sample.id", "s-17");
    child.attribute("prompt.length", 12L); // not a live attribute key: stays out of live.jsonl
    runtime.flush(); // both spans are in flight when the live worker writes their start records
    child.fail(new IllegalStateException());
    child.end();
    parent.end();
    runtime.close();

    List<JsonNode> records = recordsOf(TestRuns.readJsonLines(runtime.liveFile()), childId);
    assertThat(records)
        .extracting(record -> record.path("event").asText())
        .containsExactly("start", "end");
    JsonNode end = records.get(1);
    assertThat(end.path("parentSpanId").asText()).isEqualTo(parentId);
    assertThat(end.path("status").asText()).isEqualTo("error");
    assertThat(Long.parseLong(end.path("endTimeUnixNano").asText()))
        .isGreaterThanOrEqualTo(Long.parseLong(end.path("startTimeUnixNano").asText()));
    assertThat(end.path("attributes").path("sample.id").asText()).isEqualTo("s-17");
    assertThat(end.path("attributes").has("prompt.length")).isFalse();
    assertThat(
            recordsOf(TestRuns.readJsonLines(runtime.liveFile()), parentId)
                .get(1)
                .path("status")
                .asText())
        .isEqualTo("ok");
  }

  @Test
  void aSpanOverBeforeTheLiveWorkerCameHasNoLiveRecordsAndIsInTracesJsonl() {
    TraceRuntime runtime = Tracing.configure(TestRuns.config(dir).build());
    StageSpan running = GENERATE.start();
    String runningId = TraceContext.current().spanId();
    StageSpan quick = GENERATE.start();
    String quickId = TraceContext.current().spanId();
    quick.end();
    runtime.flush();
    running.end();
    runtime.close();

    List<JsonNode> live = TestRuns.readJsonLines(runtime.liveFile());
    assertThat(recordsOf(live, quickId))
        .as("never in flight when the worker wrote: neither start nor end")
        .isEmpty();
    assertThat(recordsOf(live, runningId))
        .extracting(record -> record.path("event").asText())
        .containsExactly("start", "end");
    assertThat(TestRuns.readJsonLines(runtime.traceFile()).toString()).contains(quickId, runningId);
  }
}
