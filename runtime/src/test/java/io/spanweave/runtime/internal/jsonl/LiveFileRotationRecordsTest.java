package io.spanweave.runtime.internal.jsonl;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What a rotation of live.jsonl carries into the new file, whoever wrote the records. */
class LiveFileRotationRecordsTest {

  @TempDir Path dir;

  private static String start(String span, int pid) {
    return "{\"event\":\"start\",\"runId\":\"r\",\"service\":\"s\",\"pid\":"
        + pid
        + ",\"traceId\":\"t1\",\"spanId\":\""
        + span
        + "\",\"name\":\"n\",\"startTimeUnixNano\":\"1\",\"attributes\":{\"sample.id\":\"x\"}}";
  }

  private static String end(String span, int pid) {
    return "{\"event\":\"end\",\"runId\":\"r\",\"service\":\"s\",\"pid\":"
        + pid
        + ",\"traceId\":\"t1\",\"spanId\":\""
        + span
        + "\",\"startTimeUnixNano\":\"1\",\"endTimeUnixNano\":\"2\",\"attributes\":{}}";
  }

  private static String heartbeat(int pid, long time) {
    return "{\"event\":\"heartbeat\",\"runId\":\"r\",\"service\":\"s\",\"pid\":"
        + pid
        + ",\"timeUnixNano\":\""
        + time
        + "\"}";
  }

  private static void append(JsonLinesFile file, String line) throws IOException {
    byte[] bytes = (line + "\n").getBytes(StandardCharsets.UTF_8);
    file.append(bytes, bytes.length);
  }

  @Test
  void theStartsOfSpansWithoutAnEndAndTheNewestHeartbeatOfEachProcessAreCarried()
      throws IOException {
    Path live = dir.resolve("live.jsonl");
    String foreignStart =
        "{\"type\":\"start\",\"trace_id\":\"t2\",\"span_id\":\"f\",\"name\":\"node.step\"}";
    String foreignEnd = "{\"type\":\"end\",\"trace_id\":\"t2\",\"span_id\":\"g\"}";
    Files.write(
        live,
        List.of(
            start("a", 1),
            start("b", 1),
            heartbeat(1, 10),
            start("c", 2),
            "not json",
            end("b", 1),
            foreignStart,
            "{\"type\":\"start\",\"trace_id\":\"t2\",\"span_id\":\"g\"}",
            foreignEnd,
            heartbeat(2, 11),
            heartbeat(1, 12)),
        StandardCharsets.UTF_8);

    String carried = new String(LiveFileRotation.carriedRecords(live), StandardCharsets.UTF_8);

    assertThat(carried.split("\n"))
        .containsExactly(
            start("a", 1), start("c", 2), foreignStart, heartbeat(2, 11), heartbeat(1, 12));
  }

  @Test
  void recordsOfAnotherWriterOfTheFileAreCarriedByTheOneThatRotatesIt() throws IOException {
    Path live = dir.resolve("live.jsonl");
    try (JsonLinesFile rotating = JsonLinesFile.open(live, new LiveFileRotation(4096));
        JsonLinesFile other = JsonLinesFile.open(live)) { // as another process, which never rotates
      append(other, start("other-open", 7));
      append(rotating, start("mine-open", 1));
      for (int i = 0; i < 40; i++) {
        append(rotating, start("done-" + i, 1));
        append(other, end("done-" + i, 1));
      }
      assertThat(Files.size(live)).isLessThan(4096 + 300);
      append(other, end("mine-open", 1));
      List<String> lines = Files.readAllLines(live, StandardCharsets.UTF_8);
      assertThat(lines)
          .contains(start("other-open", 7), end("mine-open", 1))
          .doesNotContain(start("done-0", 1));
      assertThat(lines.stream().filter(l -> l.contains("\"mine-open\"") && l.contains("\"start\"")))
          .as("carried until its end was written")
          .hasSize(1);
    }
  }
}
