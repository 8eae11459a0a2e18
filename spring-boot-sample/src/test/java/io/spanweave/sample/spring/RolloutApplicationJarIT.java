package io.spanweave.sample.spring;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.MissingNode;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The sample as a user runs it: {@code java -jar} on the repackaged Boot jar in a child JVM. It
 * must exit by itself, and its run's traces.jsonl must hold each sample's agent loop with the
 * generate and judge stages under it, with their metrics, although the application has no tracing
 * code.
 */
class RolloutApplicationJarIT {

  @TempDir Path workDir;

  @Test
  void theJarRunsThreeSamplesExitsByItselfAndWritesTheirSpans() throws Exception {
    Path jar = Path.of(System.getProperty("spanweave.sample.jar"));
    Path java = Path.of(System.getProperty("java.home"), "bin", "java");
    Path log = workDir.resolve("out.log");
    Process process =
        new ProcessBuilder(
                java.toString(),
                "-jar",
                jar.toString(),
                "--spanweave.output-dir=" + workDir.resolve("trace"),
                "--spanweave.run-id=jar-run")
            .directory(workDir.toFile())
            .redirectErrorStream(true)
            .redirectOutput(log.toFile())
            .start();
    boolean exited = process.waitFor(180, TimeUnit.SECONDS);
    if (!exited) {
      process.destroyForcibly();
    }
    String output = Files.readString(log);
    assertThat(exited).as("the application exits by itself; its output:%n%s", output).isTrue();
    assertThat(process.exitValue()).as(output).isZero();
    assertThat(output)
        .contains("sample-0 reward 1.0", "sample-1 reward 0.0", "sample-2 reward 1.0");

    List<JsonNode> spans =
        spans(
            workDir.resolve("trace").resolve("jar-run").resolve("traces").resolve("traces.jsonl"));
    assertThat(spans).hasSize(9);
    Map<String, JsonNode> byId = new HashMap<>();
    spans.forEach(span -> byId.put(span.get("spanId").asText(), span));

    List<JsonNode> loops = spans.stream().filter(span -> stage(span).equals("agent_loop")).toList();
    assertThat(loops)
        .extracting(span -> attribute(span, "sample.id").path("stringValue").asText())
        .containsExactlyInAnyOrder("sample-0", "sample-1", "sample-2");
    for (JsonNode loop : loops) {
      assertThat(loop.path("parentSpanId").asText()).as("an agent loop is a root").isEmpty();
      assertThat(loop.get("name").asText()).isEqualTo("AgentLoop.run");
      String sampleId = attribute(loop, "sample.id").path("stringValue").asText();
      List<JsonNode> children =
          spans.stream()
              .filter(
                  span -> loop.get("spanId").asText().equals(span.path("parentSpanId").asText()))
              .sorted(
                  Comparator.comparingLong(
                      span -> Long.parseLong(span.get("startTimeUnixNano").asText())))
              .toList();
      assertThat(children)
          .extracting(RolloutApplicationJarIT::stage)
          .containsExactly("generate", "judge");
      for (JsonNode child : children) {
        assertThat(child.get("traceId").asText()).isEqualTo(loop.get("traceId").asText());
        assertThat(attribute(child, "sample.id").path("stringValue").asText()).isEqualTo(sampleId);
      }
      JsonNode generate = children.get(0);
      JsonNode judge = children.get(1);
      assertThat(generate.get("name").asText()).isEqualTo("Generator.generate");
      assertThat(judge.get("name").asText()).isEqualTo("LengthJudge.judge");
      int prompt = Integer.parseInt(sampleId.substring("sample-".length()));
      int words = RolloutApplication.PROMPTS.get(prompt).split(" ").length;
      double reward = words >= 4 ? 1.0 : 0.0;
      assertThat(attribute(generate, "spanweave.metric.numTokens").get("intValue").asInt())
          .isEqualTo(words);
      assertThat(attribute(judge, "spanweave.metric.reward").get("doubleValue").asDouble())
          .isEqualTo(reward);
      assertThat(attribute(loop, "spanweave.metric.reward").get("doubleValue").asDouble())
          .isEqualTo(reward);
    }
  }

  /** Every span of the file: each line is one OTLP/JSON export request. */
  private static List<JsonNode> spans(Path traces) throws IOException {
    ObjectMapper json = new ObjectMapper();
    List<JsonNode> spans = new ArrayList<>();
    for (String line : Files.readAllLines(traces, StandardCharsets.UTF_8)) {
      if (line.isBlank()) {
        continue;
      }
      for (JsonNode resource : json.readTree(line).path("resourceSpans")) {
        for (JsonNode scope : resource.path("scopeSpans")) {
          scope.path("spans").forEach(spans::add);
        }
      }
    }
    return spans;
  }

  private static String stage(JsonNode span) {
    return attribute(span, "spanweave.stage").path("stringValue").asText();
  }

  /** The OTLP value object of one attribute, or a missing node. */
  private static JsonNode attribute(JsonNode span, String key) {
    for (JsonNode attribute : span.path("attributes")) {
      if (attribute.get("key").asText().equals(key)) {
        return attribute.get("value");
      }
    }
    return MissingNode.getInstance();
  }
}
