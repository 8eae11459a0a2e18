package io.spanweave.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The GenAI names are counts, durations, models and reasons: the word lists the lint rules and the
 * runtime's redaction share must read none of them as a secret or a payload, while the conventions'
 * content names stay payloads.
 */
class GenAiAttributesTest {

  @Test
  void everyGenAiNameSpanweaveWritesOrReadsIsNeitherASecretNorAPayload() {
    for (String key : GenAiAttributes.ALL) {
      assertThat(SensitiveKeys.classify(key)).as(key).isEqualTo(SensitiveKeys.Sensitivity.NONE);
      // As a @Traced metric key, written with spanweave's metric prefix, too.
      assertThat(SensitiveKeys.classify(SpanAttributes.METRIC_PREFIX + key))
          .as(key)
          .isEqualTo(SensitiveKeys.Sensitivity.NONE);
    }
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gen_ai.usage.input_tokens",
        "gen_ai.usage.output_tokens",
        "gen_ai.usage.prompt_tokens",
        "gen_ai.usage.completion_tokens",
        "gen_ai.usage.input_tokens.cached",
        "gen_ai.usage.output_tokens.reasoning",
        "gen_ai.request.max_tokens",
        "gen_ai.response.model",
        "gen_ai.response.finish_reasons",
        "gen_ai.response.id",
        "gen_ai.latency.time_to_first_token",
        "gen_ai.response.time_to_first_token",
        "gen_ai.response.time_to_first_chunk",
        "gen_ai.server.time_to_first_token",
        "gen_ai.latency.time_in_queue",
        "time_to_first_token",
        "ttft_ms"
      })
  void countsDurationsAndModelsAreNotSensitive(String key) {
    assertThat(SensitiveKeys.secretWord(key)).as(key).isNull();
    assertThat(SensitiveKeys.payloadWord(key)).as(key).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gen_ai.input.messages",
        "gen_ai.output.messages",
        "gen_ai.prompt",
        "gen_ai.completion",
        "gen_ai.response.text",
        "gen_ai.tool.call.arguments.input"
      })
  void theConventionsContentNamesArePayloads(String key) {
    assertThat(SensitiveKeys.classify(key)).as(key).isEqualTo(SensitiveKeys.Sensitivity.PAYLOAD);
  }

  @ParameterizedTest
  @ValueSource(strings = {"first_token", "last_token", "gen_ai.access_token", "token_time_secret"})
  void aTokenThatIsNotTimedStaysASecret(String key) {
    assertThat(SensitiveKeys.secretWord(key)).as(key).isNotNull();
  }

  @Test
  void onlyTheGenAiNamespaceIsGenAi() {
    assertThat(GenAiAttributes.isGenAi("gen_ai.usage.input_tokens")).isTrue();
    assertThat(GenAiAttributes.isGenAi("rollout.prompt_tokens")).isFalse();
    assertThat(GenAiAttributes.isGenAi(null)).isFalse();
  }
}
