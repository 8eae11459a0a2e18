package io.spanweave.viewer;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Stuck samples from live.jsonl: spans that started and have not ended. */
class LiveTest {
  @TempDir Path dir;

  private static String start(
      String trace, String span, String name, String stage, long ageSeconds, String sample) {
    long start = System.currentTimeMillis() * 1_000_000L - ageSeconds * 1_000_000_000L;
    return "{\"event\":\"start\",\"traceId\":\""
        + trace
        + "\",\"spanId\":\""
        + span
        + "\",\"parentSpanId\":\"\",\"name\":\""
        + name
        + "\",\"stage\":\""
        + stage
        + "\",\"startTimeUnixNano\":\""
        + start
        + "\",\"attributes\":{\"rollout.id\":\""
        + sample
        + "\",\"rollout.span_name_path\":\"agent.run -> "
        + name
        + "\"},\"pid\":77,\"futureField\":[1]}\n";
  }

  private static String end(String trace, String span) {
    return "{\"event\":\"end\",\"traceId\":\""
        + trace
        + "\",\"spanId\":\""
        + span
        + "\",\"endTimeUnixNano\":\"1\",\"pid\":77}\n";
  }

  @Test
  void inFlightSpansAreCountedPerStageWithTheOldestAgeAndItsSample() {
    Path traces = dir.resolve("traces.jsonl");
    Path live = dir.resolve("live.jsonl");
    RolloutScenario.write(traces);
    String t1 = "11111111111111111111111111111111";
    String t2 = "22222222222222222222222222222222";
    OtlpFixture.append(
        live, start(t1, "1000000000000001", "worker.generate", "generate", 120, "s2-b"));
    OtlpFixture.append(
        live, start(t2, "2000000000000001", "worker.generate", "generate", 30, "s9-x"));
    OtlpFixture.append(live, start(t2, "2000000000000002", "judger.run", "judge", 10, "s9-x"));
    OtlpFixture.append(live, start(t2, "2000000000000003", "env.step", "env", 5, "s9-x"));
    OtlpFixture.append(live, end(t2, "2000000000000003"));
    OtlpFixture.append(live, "garbage line\n");
    try (ViewerHarness v = new ViewerHarness(traces)) {
      JsonNode status = v.awaitStatus(s -> s.get("inFlight").asInt() == 3);
      assertThat(status.get("liveMalformedLines").asInt()).isEqualTo(1);
      JsonNode stuck = v.get("/api/stuck");
      assertThat(stuck.get("inFlight").asInt()).isEqualTo(3);
      JsonNode generate = ApiTest.byField(stuck.get("stages"), "stage", "generate");
      assertThat(generate.get("inFlight").asInt()).isEqualTo(2);
      assertThat(generate.get("oldestSample").asText()).isEqualTo("s2-b");
      assertThat(generate.get("oldestAgeMs").asDouble()).isBetween(119_000.0, 130_000.0);
      assertThat(stuck.get("stages").get(0).get("stage").asText()).isEqualTo("generate");
      assertThat(stuck.get("oldest").get(0).get("pid").asInt()).isEqualTo(77);

      // A sample with an in-flight span is "running"; the stage table counts it too.
      JsonNode s2b = v.get("/api/sample?id=s2-b");
      assertThat(s2b.get("status").asText()).isEqualTo("running");
      JsonNode running = v.get("/api/samples?step=all&status=running").get("samples");
      assertThat(ApiTest.ids(running)).containsExactly("s2-b");
      assertThat(
              ApiTest.byField(v.get("/api/stages?step=all").get("stages"), "stage", "judge")
                  .get("running")
                  .asInt())
          .isEqualTo(1);

      // The spans end: nothing is stuck any more.
      OtlpFixture.append(
          live,
          end(t1, "1000000000000001") + end(t2, "2000000000000001") + end(t2, "2000000000000002"));
      v.awaitStatus(s -> s.get("inFlight").asInt() == 0);
      assertThat(v.get("/api/stuck").get("stages")).isEmpty();
      assertThat(v.get("/api/sample?id=s2-b").get("status").asText()).isEqualTo("completed");
    }
  }
}
