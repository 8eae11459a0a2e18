package io.spanweave.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.conventions.ContentPolicy.Action;
import java.util.List;
import java.util.Random;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class ContentPolicyTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gen_ai.prompt",
        "gen_ai.completion",
        "gen_ai.input.messages",
        "gen_ai.output.messages",
        "gen_ai.system_instructions",
        "gen_ai.tool.call.arguments",
        "gen_ai.tool.call.result",
        "gen_ai.prompt.0.content",
        "gen_ai.completion.0.role",
        "llm.prompts",
        "input.value",
        "output.value",
        "http.request.body",
        "exception.stacktrace",
        "messages"
      })
  void dropsPayloads(String key) {
    assertThat(ContentPolicy.forKey(key)).as(key).isEqualTo(Action.DROP);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "api_key",
        "OPENAI_API_KEY",
        "http.request.header.authorization",
        "password",
        "client_secret",
        "session_token",
        "prompt.api_key"
      })
  void redactsSecretKeys(String key) {
    assertThat(ContentPolicy.forKey(key)).as(key).isEqualTo(Action.REDACT);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "gen_ai.usage.input_tokens",
        "gen_ai.usage.output_tokens",
        "gen_ai.usage.prompt_tokens",
        "gen_ai.request.model",
        "gen_ai.response.model",
        "gen_ai.response.finish_reasons",
        "gen_ai.operation.name",
        "gen_ai.system",
        "gen_ai.prompt_tokens",
        "num_tokens",
        "prompt.length",
        "sample.id",
        "service.name",
        "gen_ai.latency.time_to_first_token",
        "rollout.message.text",
        "gen_ai.promptly",
        "x.gen_ai.prompt.id",
        ""
      })
  void keepsCountsMeasurementsAndNames(String key) {
    assertThat(ContentPolicy.forKey(key)).as(key).isEqualTo(Action.KEEP);
  }

  @Test
  void keepsEveryGenAiNameSpanweaveReads() {
    for (String key : GenAiAttributes.ALL) {
      assertThat(ContentPolicy.forKey(key)).as(key).isEqualTo(Action.KEEP);
    }
  }

  @ParameterizedTest
  @CsvSource({
    "gen_ai.content.prompt, true",
    "gen_ai.content.completion, true",
    "gen_ai.user.message, true",
    "gen_ai.system.message, true",
    "gen_ai.choice, true",
    "gen_ai.input.messages, true",
    "exception, false",
    "gen_ai.client.inference.operation.details, false",
    "retry, false",
    "'', false"
  })
  void dropsEventsNamedAsPayloads(String name, boolean dropped) {
    assertThat(ContentPolicy.dropsEvent(name)).as(name).isEqualTo(dropped);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Bearer abcdefghijklmnop | Bearer [REDACTED]",
        "token was sk-abcdefghijklmnopqrstuv here | token was sk-[REDACTED] here",
        "call with api_key=s3cr3t done | call with api_key=[REDACTED] done",
        "0123456789abcdef0123456789abcdef | [REDACTED]",
        "https://user:hunter22@db.example/x | https://user:[REDACTED]@db.example/x"
      })
  void redactsSecretLookingValues(String value, String written) {
    assertThat(ContentPolicy.redactValue(value, "note")).isEqualTo(written);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "chat",
        "gpt-4o-mini",
        "http://localhost:4318/v1/traces",
        "io.spanweave.sample.Stage",
        "12:30:05",
        "stop",
        "basic configuration",
        "a key: value pair",
        "rollout-17"
      })
  void keepsOrdinaryValues(String value) {
    assertThat(ContentPolicy.redactValue(value, "note")).as(value).isNull();
  }

  @Test
  void keepsALongHexIdUnderADigestKey() {
    assertThat(ContentPolicy.redactValue("0123456789abcdef0123456789abcdef", "git.commit.sha"))
        .isNull();
  }

  @Test
  void theQuickScanDecidesEveryValueAsTheRegularExpressionsDo() {
    List<String> pieces =
        List.of(
            "sk-",
            "sk_live_",
            "Bearer ",
            "basic ",
            "eyJ",
            "AKIA",
            "AIza",
            "hf_",
            "ghp_",
            "github_pat_",
            "xoxb-",
            "whsec_",
            "-----BEGIN RSA PRIVATE KEY-----",
            "://",
            "@",
            ":",
            "=",
            "==",
            "\"",
            " ",
            "api_key",
            "token",
            "Password",
            "abcdefghij",
            "0123456789",
            "ABCDEFGHIJ",
            "0123456789abcdef",
            "+/",
            ".",
            "num_tokens",
            "x",
            "task",
            "\n",
            "_",
            "-");
    List<String> keys = List.of("note", "trace_id", "git.commit.sha");
    Random random = new Random(40);
    int secrets = 0;
    for (int n = 0; n < 300_000; n++) {
      StringBuilder value = new StringBuilder();
      int count = 1 + random.nextInt(12);
      for (int i = 0; i < count; i++) {
        value.append(pieces.get(random.nextInt(pieces.size())));
      }
      String text = value.toString();
      String key = keys.get(random.nextInt(keys.size()));
      String redacted = SecretValues.redact(text);
      String expected =
          !redacted.equals(text)
              ? redacted
              : SecretValues.shapeOf(text, key) != null ? SecretValues.REDACTED : null;
      if (expected != null) {
        secrets++;
        assertThat(ContentPolicy.mayHoldSecret(text)).as(text).isTrue();
      }
      assertThat(ContentPolicy.redactValue(text, key))
          .as("%s under %s", text, key)
          .isEqualTo(expected);
    }
    assertThat(secrets).isGreaterThan(10_000);
  }

  @Test
  void aLongValueOfOneLetterIsKeptAndAMixedOneRedacted() {
    assertThat(ContentPolicy.redactValue("x".repeat(200), "padding")).isNull();
    assertThat(ContentPolicy.redactValue("aB3".repeat(20), "padding"))
        .isEqualTo(SecretValues.REDACTED);
  }
}
