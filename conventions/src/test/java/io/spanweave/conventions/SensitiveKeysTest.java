package io.spanweave.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SensitiveKeysTest {

  @ParameterizedTest
  @CsvSource({
    "gen_ai.usage.inputTokens, gen ai usage input tokens",
    "APIKey, api key",
    "OPENAI_API_KEY, openai api key",
    "response.status_code, response status code",
    "x-request-id, x request id",
    "set-cookie, set cookie",
  })
  void splitsOnSeparatorsAndCamelCase(String key, String words) {
    assertThat(String.join(" ", KeyWords.words(key))).isEqualTo(words);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "prompt",
        "llm.prompt",
        "system_prompt",
        "response",
        "llm.response.text",
        "completion",
        "messages",
        "message",
        "content",
        "http.body",
        "requestBody",
        "input",
        "output",
        "raw",
        "config",
        "headers",
        "stack_trace",
        "stackTrace",
        "exception.stacktrace",
        "chat.transcript",
        "tool.input"
      })
  void payloadKeys(String key) {
    assertThat(SensitiveKeys.payloadWord(key)).as(key).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "num_tokens",
        "prompt_tokens",
        "input_tokens",
        "output_tokens",
        "token_count",
        "prompt.length",
        "response.status_code",
        "response.status",
        "promptTokens",
        "gen_ai.usage.input_tokens",
        "num_messages",
        "message.count",
        "message.id",
        "content.type",
        "content-length",
        "response.size",
        "body.bytes",
        "config.name",
        "config.version",
        "output.dir",
        "input.shape",
        "prompt.template.id",
        "max_messages",
        "sample.id",
        "rollout.step",
        "model",
        "spanweave.stage",
        "reward.score",
        "raw_score",
        "input_token",
        "gen_ai.usage.output_tokens",
        "response.code",
        "rollout.message.text",
        "rollout.object.json"
      })
  void notPayloadKeys(String key) {
    assertThat(SensitiveKeys.payloadWord(key)).as(key).isNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "api_key",
        "apiKey",
        "OPENAI_API_KEY",
        "apikey",
        "token",
        "access_token",
        "auth.token",
        "sessionToken",
        "id_token",
        "password",
        "db.passwd",
        "secret",
        "client_secret",
        "authorization",
        "http.authorization",
        "cookie",
        "set-cookie",
        "credentials",
        "private_key",
        "privateKey",
        "bearer",
        "aws.secret_access_key",
        // secrets the runtime's redaction and the lint rules once disagreed on: now both say secret
        "user_pin",
        "otp_code",
        "otp",
        "dsn",
        "sentry.dsn",
        "ssn",
        "user.ssn",
        "session_token",
        "session",
        "auth",
        "signature",
        "master_key",
        "license_key",
        "max_password",
        "output_secret"
      })
  void secretKeys(String key) {
    assertThat(SensitiveKeys.secretWord(key)).as(key).isNotNull();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "num_tokens",
        "prompt_tokens",
        "input_tokens",
        "max_tokens",
        "token_count",
        "tokens",
        "tokenizer",
        "tokenizer.name",
        "token.type",
        "api_key.present",
        "api_key_id",
        "password.length",
        "secret.name",
        "cookie.count",
        "cache_key",
        "sample.key",
        "key",
        "credential.type",
        "authorization.status",
        // token counts the lint rules once called secrets: counts of model tokens, never
        // credentials
        "input_token",
        "output_token",
        "prompt_token",
        "gen_ai.usage.output_tokens",
        "gen_ai.usage.input_tokens",
        "reasoning_tokens",
        "session.id",
        "rollout.session.id",
        "auth.type",
        "pin.count"
      })
  void notSecretKeys(String key) {
    assertThat(SensitiveKeys.secretWord(key)).as(key).isNull();
  }

  @ParameterizedTest
  @CsvSource({
    "api_key, SECRET",
    "prompt.api_key, SECRET",
    "prompt, PAYLOAD",
    "llm.response, PAYLOAD",
    "num_tokens, NONE",
    "sample.id, NONE"
  })
  void classifiesSecretsBeforePayloads(String key, SensitiveKeys.Sensitivity expected) {
    assertThat(SensitiveKeys.classify(key)).isEqualTo(expected);
  }
}
