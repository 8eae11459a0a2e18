package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The reader on hand-written OTLP/JSON lines; the tests that read real runs cover the writer's
 * output.
 */
class TraceFileReaderTest {

  @TempDir Path dir;

  private static final String LINE =
      "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\","
          + "\"value\":{\"stringValue\":\"svc\"}}]},\"scopeSpans\":[{\"scope\":{\"name\":\"io.spanweave\"},\"spans\":[{"
          + "\"traceId\":\"0af7651916cd43dd8448eb211c80319c\",\"spanId\":\"b7ad6b7169203331\",\"parentSpanId\":\"\","
          + "\"name\":\"rollout.worker.remote_batch\",\"kind\":1,\"startTimeUnixNano\":\"1700000000000000000\","
          + "\"endTimeUnixNano\":\"1700000001000000000\",\"attributes\":["
          + "{\"key\":\"rollout.batch.size\",\"value\":{\"intValue\":\"2\"}},"
          + "{\"key\":\"rollout.batch.ids\",\"value\":{\"arrayValue\":{\"values\":[{\"stringValue\":\"a\"},{\"stringValue\":\"b\"}]}}},"
          + "{\"key\":\"rollout.reward.score\",\"value\":{\"doubleValue\":0.5}},"
          + "{\"key\":\"rollout.reward.pass\",\"value\":{\"boolValue\":true}}],"
          + "\"links\":[{\"traceId\":\"11111111111111111111111111111111\",\"spanId\":\"2222222222222222\"}],"
          + "\"status\":{}}]}]}]}";

  @Test
  void readsSpansWithTheirTypedAttributesLinksAndResource() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    Files.writeString(
        file, LINE + "\n" + LINE.substring(0, 40)); // the last line is still being written

    List<RolloutSpan> spans = TraceFileReader.read(file);

    assertThat(spans)
        .singleElement()
        .satisfies(
            span -> {
              assertThat(span.name()).isEqualTo("rollout.worker.remote_batch");
              assertThat(span.isRoot()).isTrue();
              assertThat(span.startEpochNanos()).isEqualTo(1_700_000_000_000_000_000L);
              assertThat(span.attributes())
                  .containsEntry("rollout.batch.size", 2L)
                  .containsEntry("rollout.batch.ids", List.of("a", "b"))
                  .containsEntry("rollout.reward.score", 0.5)
                  .containsEntry("rollout.reward.pass", true);
              assertThat(span.links())
                  .containsExactly(
                      new RolloutSpan.Link("11111111111111111111111111111111", "2222222222222222"));
              assertThat(span.resource()).containsEntry("service.name", "svc");
            });
    RolloutSpanStore store = new RolloutSpanStore();
    store.addAll(spans);
    assertThat(store.byRollout("b")).hasSize(1);
  }

  @Test
  void aBrokenLineInTheMiddleIsAnErrorNamingTheLine() throws IOException {
    Path file = dir.resolve("traces.jsonl");
    Files.writeString(file, LINE + "\nnot json\n" + LINE + "\n");

    assertThatThrownBy(() -> TraceFileReader.read(file))
        .isInstanceOf(IOException.class)
        .hasMessageContaining("traces.jsonl:2 is not JSON");
  }
}
