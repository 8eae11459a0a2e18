package io.spanweave.rollout;

import static io.spanweave.rollout.RolloutEndpointTest.sample;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.rollout.fixtures.RolloutWorker;
import io.spanweave.rollout.fixtures.TracedRolloutController;
import io.spanweave.rollout.fixtures.TracedRolloutWorker;
import io.spanweave.rollout.fixtures.TracedWorkerClient;
import io.spanweave.rollout.fixtures.WorkerClient;
import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.TraceRuntime;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicReference;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The viewer's stuck samples come from {@code live.jsonl}: a start record with no end record is a
 * sample in flight, named by the first of {@code rollout.id}, {@code xtuner.rollout_id}, {@code
 * sample.id} in its attributes, and placed in the sample's call chain by {@code
 * rollout.span_name_path}. These tests read the run's real live file while an endpoint is still
 * running, as the viewer would.
 */
class LiveStartRecordTest {

  private static final ObjectMapper JSON = new ObjectMapper();

  @TempDir Path outputDir;

  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    tracing.close();
  }

  /**
   * The start records written so far of the spans named {@code name}, after flushing the live
   * writer.
   */
  private static List<JsonNode> startRecords(TraceRuntime runtime, String name) {
    runtime.flush();
    List<JsonNode> records = new ArrayList<>();
    try {
      for (String line : Files.readAllLines(runtime.liveFile())) {
        JsonNode record = JSON.readTree(line);
        if (record.path("event").asText().equals("start")
            && record.path("name").asText().equals(name)) {
          records.add(record);
        }
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return records;
  }

  @Test
  void anEndpointInFlightIsNamedByItsSampleInTheLiveStartRecord() {
    tracing = TracingUnderTest.withRunFiles(outputDir, true);
    AtomicReference<List<JsonNode>> whileRunning = new AtomicReference<>();
    RolloutWorker worker =
        TracedRolloutWorker.wrap(
            state -> {
              whileRunning.set(startRecords(tracing.runtime(), "rollout.worker.generate"));
              return state;
            });

    TracedRolloutController.wrap(worker::generate).generate(sample("s-live"));

    assertThat(whileRunning.get()).hasSize(1);
    JsonNode attributes = whileRunning.get().get(0).path("attributes");
    assertThat(attributes.path("rollout.id").asText()).isEqualTo("s-live");
    assertThat(attributes.path("rollout.step").asLong()).isEqualTo(3);
    assertThat(attributes.path("rollout.span_name_path").asText())
        .isEqualTo("rollout.controller.generate -> rollout.worker.generate");
    assertThat(attributes.has("rollout.group.id"))
        .as("only the live keys are copied into live.jsonl")
        .isFalse();
    assertThat(whileRunning.get().get(0).path("stage").asText())
        .isEqualTo("rollout.worker.generate");
  }

  @Test
  void aRemoteCallInFlightIsNamedByItsSampleToo() {
    tracing = TracingUnderTest.withRunFiles(outputDir, true);
    AtomicReference<List<JsonNode>> whileRunning = new AtomicReference<>();
    WorkerClient client =
        TracedWorkerClient.wrap(
            new WorkerClient() {
              @Override
              public RolloutState generate(RolloutState state) {
                whileRunning.set(startRecords(tracing.runtime(), "rollout.worker.remote"));
                return state;
              }

              @Override
              public List<RolloutState> generateAll(List<RolloutState> states) {
                return states;
              }
            });

    client.generate(sample("s-remote"));

    assertThat(whileRunning.get())
        .singleElement()
        .satisfies(
            record ->
                assertThat(record.path("attributes").path("rollout.id").asText())
                    .isEqualTo("s-remote"));
  }

  @Test
  void withThePresetOffLiveRecordsCarryNoRolloutKeys() {
    tracing = TracingUnderTest.withRunFiles(outputDir, false);
    SimpleRolloutState state = sample("s-off");
    AtomicReference<List<JsonNode>> whileRunning = new AtomicReference<>();

    TracedRolloutWorker.wrap(
            s -> {
              whileRunning.set(startRecords(tracing.runtime(), "rollout.worker.generate"));
              return s;
            })
        .generate(state);

    assertThat(whileRunning.get())
        .singleElement()
        .satisfies(
            record -> assertThat(record.path("attributes").fieldNames()).toIterable().isEmpty());
  }
}
