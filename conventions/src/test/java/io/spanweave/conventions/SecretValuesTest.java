package io.spanweave.conventions;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SecretValuesTest {

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Bearer abcdefghijklmnop | a bearer token",
        "Basic dXNlcjpwYXNzd29yZA== | basic-auth credentials",
        "sk-abcdefghijklmnopqrstuv | an API key ('sk-...')",
        "sk_live_abcdefghijkl | a Stripe key",
        "ghp_abcdefghijklmnopqrstuvwxyz | a GitHub token",
        "github_pat_abcdefghijklmnopqrstuv | a GitHub fine-grained token",
        "xoxb-1234567890-abc | a Slack token",
        "whsec_abcdefghijkl | a webhook secret",
        "AKIAABCDEFGHIJKLMNOP | an AWS access key id",
        "AIzaabcdefghijklmnopqrstuvwxyz0123456 | a Google API key",
        "hf_abcdefghijklmnopqrstuvwxyz01234567 | a Hugging Face token",
        "https://user:hunter22@db.example/x | a password in a URL",
        "eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.sig | a JSON web token",
        "-----BEGIN RSA PRIVATE KEY----- | a private key",
        "0123456789abcdef0123456789abcdef | a long hex string",
        "QWxhZGRpbjpvcGVuIHNlc2FtZQQWxhZGRpbjpvcGVuIHNlc2FtZQ9 | a long base64 string"
      })
  void recognisesEveryShapeInBothDirections(String value, String shape) {
    assertThat(SecretValues.shapeOf(value, null)).isEqualTo(shape);
  }

  @ParameterizedTest
  @ValueSource(strings = {"hello", "basic configuration", "rollout-17", "Bearer", "sk-short"})
  void leavesOrdinaryValues(String value) {
    assertThat(SecretValues.shapeOf(value, null)).isNull();
  }

  @Test
  void longHexUnderADigestKeyIsAnIdentifier() {
    assertThat(SecretValues.shapeOf("0123456789abcdef0123456789abcdef", "git.commit.sha")).isNull();
    assertThat(SecretValues.shapeOf("0123456789abcdef0123456789abcdef", "trace_id")).isNull();
    assertThat(SecretValues.shapeOf("0123456789abcdef0123456789abcdef", "value")).isNotNull();
  }

  @Test
  void redactsSecretsInsideTextAndKeepsWhatTellsAReaderWhatWasThere() {
    String text =
        "call with Authorization: Bearer abcdefghijklmnop and api_key=s3cr3t, num_tokens=12, user_pin=1234";
    assertThat(SecretValues.redact(text))
        .isEqualTo(
            "call with Authorization: [REDACTED] and api_key=[REDACTED], num_tokens=12, user_pin=[REDACTED]");
  }

  @Test
  void digestsInsideTextAreNotRedacted() {
    String text = "checkpoint 0123456789abcdef0123456789abcdef loaded";
    assertThat(SecretValues.redact(text)).isSameAs(text);
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "https://user:secret@host/v1/traces | https://[REDACTED]@host/v1/traces",
        "https://host:4318/v1/traces?token=secret&team=rl | https://host:4318/v1/traces?token=[REDACTED]&team=[REDACTED]",
        "http://u:p@h:1/x?k=v#frag-secret | http://[REDACTED]@h:1/x?k=[REDACTED]",
        "http://host/x?secretvalue | http://host/x?[REDACTED]",
        "user:secret@host | [REDACTED]@host",
        "http://collector:4318 | http://collector:4318",
        "collector:4318 | collector:4318",
        "https://a:b@c@host/p | https://[REDACTED]@host/p"
      })
  void urlsArePrintedWithUserInfoAndQueryValuesMasked(String url, String masked) {
    assertThat(SecretValues.maskUrl(url)).isEqualTo(masked);
  }

  @org.junit.jupiter.api.Test
  void maskingANullUrlGivesNull() {
    assertThat(SecretValues.maskUrl(null)).isNull();
  }
}
