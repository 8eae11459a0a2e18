package io.spanweave.rollout;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.TracingFaults;
import io.spanweave.rollout.testing.TracingUnderTest;
import io.spanweave.runtime.Tracing;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.function.BiFunction;
import java.util.stream.Stream;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;
import org.junit.jupiter.api.io.TempDir;

/**
 * The run-time half of the attribute-secret and attribute-payload rules over the preset's APIs
 * that take attribute maps: a key only known at run time that names a secret has its text
 * recorded as [REDACTED], one that names a payload is not recorded, both counted as faults.
 * (The compile-time half is the lint rules' table of the preset's APIs.)
 */
class RunTimeAttributePolicyTest {

  @TempDir Path outputDir;
  private TracingUnderTest tracing;

  @AfterEach
  void stop() {
    if (tracing != null) {
      tracing.close();
    }
    Tracing.close();
  }

  /** Each API: writes {@code key = value} and returns the name of the span that carries it. */
  static Stream<Arguments> apis() {
    return Stream.of(
        Arguments.of("RolloutEmitter.annotation(map)", (BiFunction<String, Object, String>) (k, v) -> {
          RolloutEmitter.live().annotation(Map.of(k, v));
          return "rollout.annotation";
        }),
        Arguments.of("LlmRequest attributes", (BiFunction<String, Object, String>) (k, v) -> {
          AgentTraceReconstructor.reconstruct(List.of(new LlmRequest(1_000L, 2_000L, Map.of(k, v))), List.of(),
              Map.of(), null);
          return "reconstructed_llm_call.0";
        }),
        Arguments.of("ToolCall attributes", (BiFunction<String, Object, String>) (k, v) -> {
          AgentTraceReconstructor.reconstruct(List.of(new LlmRequest(1_000L, 2_000L), new LlmRequest(3_000L, 4_000L)),
              List.of(new ToolCall("search", Map.of(k, v))), Map.of(), null);
          return "reconstructed_tool_call.0";
        }),
        Arguments.of("AgentTraceReconstructor.reconstruct run attributes", (BiFunction<String, Object, String>) (k, v) -> {
          AgentTraceReconstructor.reconstruct(List.of(new LlmRequest(1_000L, 2_000L)), List.of(), Map.of(k, v), null);
          return "reconstructed_agent_run";
        }));
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("apis")
  void secretTextIsRedactedAndPayloadTextDropped(String api, BiFunction<String, Object, String> write) {
    tracing = TracingUnderTest.start(outputDir, true);
    long secrets = TracingFaults.count("attribute-secret");
    long payloads = TracingFaults.count("attribute-payload");

    String name = write.apply("user_api_key", "sk-live-1234567890abcdef");
    assertThat(tracing.span(name).attributes()).as(api).containsEntry("user_api_key", "[REDACTED]");
    assertThat(TracingFaults.count("attribute-secret")).as(api).isGreaterThan(secrets);

    tracing.close();
    Tracing.close();
    tracing = TracingUnderTest.start(outputDir.resolve("payload"), true);
    name = write.apply("llm.response", "the whole answer");
    assertThat(tracing.span(name).attributes()).as(api).doesNotContainKey("llm.response");
    assertThat(TracingFaults.count("attribute-payload")).as(api).isGreaterThan(payloads);

    tracing.close();
    Tracing.close();
    tracing = TracingUnderTest.start(outputDir.resolve("plain"), true);
    name = write.apply("llm.model", "qwen3-8b");
    assertThat(tracing.span(name).attributes()).as(api).containsEntry("llm.model", "qwen3-8b");
  }
}
