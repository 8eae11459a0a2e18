package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.TraceContext;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * live.jsonl is rotated at the size of a trace part, and a span still open keeps its start record.
 */
class LiveFileRotationTest {

  private static final Stage GENERATE =
      Stage.define("RolloutWorker.generate", "generate", Kind.MODEL);
  private static final long PART_BYTES = 4096;

  @TempDir Path dir;

  @AfterEach
  void stopTracing() {
    Tracing.close();
  }

  private static List<JsonNode> records(Path live, String spanId, String event) {
    return TestRuns.readJsonLines(live).stream()
        .filter(
            r -> r.path("spanId").asText().equals(spanId) && r.path("event").asText().equals(event))
        .toList();
  }

  @Test
  void aLongRunStaysBoundedAndTheSpanStillOpenKeepsItsStartRecordThroughEveryRotation()
      throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("long-run")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .build());
    Path live = runtime.liveFile();
    StageSpan longLived = GENERATE.start();
    String longLivedId = TraceContext.current().spanId();
    runtime.flush();
    assertThat(records(live, longLivedId, "start")).hasSize(1);

    long largest = 0;
    long written = 0;
    List<String> shortIds = new ArrayList<>();
    for (int i = 0; i < 60; i++) {
      StageSpan step = GENERATE.start();
      shortIds.add(TraceContext.current().spanId());
      runtime.flush(); // its start record, written while it is open
      step.end();
      runtime.flush(); // its end record
      written += 2;
      largest = Math.max(largest, Files.size(live));
      assertThat(records(live, longLivedId, "start")).as("after %d spans", i + 1).hasSize(1);
      assertThat(records(live, longLivedId, "end")).isEmpty();
    }

    long recordBytes = Files.size(live) / Math.max(1, TestRuns.lines(live).size());
    assertThat(written * recordBytes)
        .as("more was written than one part holds")
        .isGreaterThan(3 * PART_BYTES);
    assertThat(largest)
        .as("the file never grows past its size by more than a record")
        .isLessThanOrEqualTo(PART_BYTES + 2 * recordBytes);
    assertThat(TestRuns.readJsonLines(live))
        .as("ended spans were dropped by the rotations")
        .filteredOn(r -> r.path("spanId").asText().equals(shortIds.get(0)))
        .isEmpty();
    try (var files = Files.list(live.getParent())) {
      assertThat(files.map(p -> p.getFileName().toString()))
          .as("no part of live.jsonl is kept")
          .noneMatch(name -> name.startsWith("live") && !name.equals("live.jsonl"))
          .noneMatch(name -> name.endsWith(".next"));
    }

    longLived.end();
    runtime.flush();
    assertThat(records(live, longLivedId, "end")).hasSize(1);
    assertThat(TestRuns.runLines(runtime.traceFile()))
        .as("every span reached the trace file")
        .isNotEmpty();
  }

  @Test
  void partsOffLeaveLiveJsonlOneGrowingFile() throws IOException {
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir).runFiles(files -> files.withPartMaxBytes(0)).build());
    Path live = runtime.liveFile();
    for (int i = 0; i < 20; i++) {
      StageSpan step = GENERATE.start();
      runtime.flush();
      step.end();
      runtime.flush();
    }
    assertThat(TestRuns.readJsonLines(live)).hasSize(40);
  }
}
