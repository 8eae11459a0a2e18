package io.spanweave.api;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.conventions.SensitiveKeys;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Rendering, redaction and truncation of previews, without a tracer: what ends up in the span
 * event.
 */
class PreviewTest {

  record Usage(int inputTokens, int outputTokens) {}

  record Request(String model, String apiKey, Usage usage, List<String> messages) {}

  record Exploding(String name) {
    @Override
    public String name() {
      throw new IllegalStateException("accessor fails");
    }
  }

  static final class BadToString {
    @Override
    public String toString() {
      throw new UnsupportedOperationException("no text");
    }
  }

  static final class Opaque {}

  private static Preview preview(Object value) {
    return Preview.of("input.value", value, 4096);
  }

  @Test
  void rendersPlainValuesAsJsonLikeText() {
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("state", new double[] {0.0, 0.1});
    map.put("done", false);
    map.put("name", "cart\"pole\n");
    map.put("none", null);
    assertThat(preview(map).text())
        .isEqualTo(
            "{\"state\": [0.0, 0.1], \"done\": false, \"name\": \"cart\\\"pole\\n\", \"none\": null}");
    assertThat(preview(map).redaction()).isEqualTo("captured");
    assertThat(preview(new Usage(3, 4)).text())
        .isEqualTo("{\"inputTokens\": 3, \"outputTokens\": 4}");
    assertThat(preview(Thread.State.NEW).text()).isEqualTo("\"NEW\"");
    assertThat(preview(null).text()).isEqualTo("null");
    assertThat(preview(42).text()).isEqualTo("42");
  }

  @Test
  void recordsAndMapsRedactSecretKeysWithoutReadingThem() {
    Preview request = preview(new Request("gpt", "sk-live-value", new Usage(1, 2), List.of("hi")));
    assertThat(request.text())
        .isEqualTo(
            "{\"model\": \"gpt\", \"apiKey\": \"[REDACTED]\", \"usage\": {\"inputTokens\": 1, \"outputTokens\": 2}, \"messages\": [\"hi\"]}");
    assertThat(request.redaction()).isEqualTo("redacted");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "api_key",
        "apiKey",
        "X-Api-Key",
        "authorization",
        "Authorization",
        "password",
        "passwd",
        "secret",
        "client_secret",
        "token",
        "access_token",
        "refreshToken",
        "id_token",
        "github_token",
        "cookie",
        "Set-Cookie",
        "credentials",
        "private_key",
        "privateKey",
        "session",
        "sessionToken",
        "aws_secret_access_key",
        "jwt",
        "passphrase",
        "signing_key",
        "output_secret",
        "max_password"
      })
  void secretKeysAreRedacted(String key) {
    assertThat(SensitiveKeys.isSecret(key)).as(key).isTrue();
    Preview preview = preview(Map.of(key, "value-1"));
    assertThat(preview.text()).doesNotContain("value-1").contains("[REDACTED]");
    assertThat(preview.redaction()).isEqualTo("redacted");
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "num_tokens",
        "max_tokens",
        "max_token",
        "input_tokens",
        "token_count",
        "prompt_tokens",
        "session_id",
        "sessionId",
        "tokenizer",
        "model",
        "keyboard",
        "monkey",
        "password_set",
        "author",
        "secretary"
      })
  void countsAndLookAlikesAreNotSecrets(String key) {
    assertThat(SensitiveKeys.isSecret(key)).as(key).isFalse();
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = '|',
      value = {
        "Authorization: Bearer abcdefghijkl.mnop-qrs                 | Bearer abcdefghijkl",
        "key sk-proj-abcdefghijklmnopqrstuvwx1234 here               | sk-proj-abcdefghijklmnopqrstuvwx1234",
        "key sk-ant-api03-abcdefghijklmnopqrstuv here                | sk-ant-api03-abcdefghijklmnopqrstuv",
        "stripe sk_live_abcdefghijklmnop1234                         | sk_live_abcdefghijklmnop1234",
        "gh ghp_abcdefghijklmnopqrstuvwxyz0123456789                 | ghp_abcdefghijklmnopqrstuvwxyz0123456789",
        "gh gho_abcdefghijklmnopqrstuvwxyz0123456789                 | gho_abcdefghijklmnopqrstuvwxyz0123456789",
        "gh github_pat_11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz | github_pat_11ABCDEFG0123456789",
        "slack xoxb-123456789012-abcdefghijkl                         | xoxb-123456789012-abcdefghijkl",
        "slack xoxp-123456789012-abcdefghijkl                         | xoxp-123456789012",
        "hook whsec_abcdefghijklmnop1234                              | whsec_abcdefghijklmnop1234",
        "aws AKIAIOSFODNN7EXAMPLE end                                 | AKIAIOSFODNN7EXAMPLE",
        "jwt eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0.dozjgNryP4J3jVmNHl0w5N | eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxMjM0In0",
        "google AIzaSyA1234567890abcdefghijklmnopqrstu                | AIzaSyA1234567890abcdefghijklmnopqrstu",
        "hf hf_abcdefghijklmnopqrstuvwxyzABCDEFGH                     | hf_abcdefghijklmnopqrstuvwxyzABCDEFGH",
        "url https://user:hunter2@db.example.com/x                    | hunter2",
        "cfg password=hunter2 user=bob                                | hunter2",
        "cfg api_key: abc123def                                       | abc123def",
        "q ?access_token=abc123&x=1                                   | abc123",
        "env AWS_SECRET_ACCESS_KEY=wJalrXUtnFEMI/K7MDENG             | wJalrXUtnFEMI",
        "pem -----BEGIN RSA PRIVATE KEY-----MIIEabc-----END RSA PRIVATE KEY----- | MIIEabc",
      })
  void secretLookingValuesAreRedactedWhateverTheirKey(String text, String secret) {
    Preview preview = preview(text.trim());
    assertThat(preview.text()).as(text).doesNotContain(secret.trim()).contains("[REDACTED]");
    assertThat(preview.redaction()).isEqualTo("redacted");
  }

  @Test
  void assignmentsOfCountsAndOrdinaryProseStay() {
    String text =
        "num_tokens=12 max_tokens: 256 the bearer of bad news, basic understanding, sk-short";
    Preview preview = preview(text);
    assertThat(preview.text()).isEqualTo("\"" + text + "\"");
    assertThat(preview.redaction()).isEqualTo("captured");
  }

  @Test
  void aSecretParameterNameRedactsTheWholeValue() {
    Preview preview = Preview.of("input.authorization", "Bearer service-token", 4096);
    assertThat(preview.text()).isEqualTo("[REDACTED]");
    assertThat(preview.redaction()).isEqualTo("redacted");
    assertThat(Preview.of("input.num_tokens", 12, 4096).text()).isEqualTo("12");
  }

  @Test
  void truncatesOnAUtf8BoundaryWithinTheByteLimit() {
    String text =
        "é".repeat(100) + "😀".repeat(100); // 2-byte and 4-byte (surrogate pair) characters
    for (int limit = 16; limit < 120; limit++) {
      String cut = Preview.truncate(text, limit);
      byte[] bytes = cut.getBytes(StandardCharsets.UTF_8);
      assertThat(bytes.length).as("limit %d", limit).isLessThanOrEqualTo(limit);
      assertThat(new String(bytes, StandardCharsets.UTF_8))
          .as("whole characters at limit %d", limit)
          .isEqualTo(cut);
      assertThat(cut).endsWith(Preview.ELLIPSIS);
      assertThat(Character.isHighSurrogate(cut.charAt(cut.length() - 2)))
          .as("no lone surrogate")
          .isFalse();
    }
    String emoji = "😀".repeat(100);
    assertThat(Preview.truncate(emoji, 17))
        .isEqualTo("😀😀😀" + Preview.ELLIPSIS); // 12 + 3 bytes; a 4th would be 19
    assertThat(Preview.truncate("short", 16)).isEqualTo("short");
  }

  @Test
  void aLongPreviewIsCutToTheLimitAndSaysTruncated() {
    Preview preview = Preview.of("output", "ü".repeat(10_000), 64);
    assertThat(preview.text().getBytes(StandardCharsets.UTF_8).length).isLessThanOrEqualTo(64);
    assertThat(preview.text()).startsWith("\"üü").endsWith(Preview.ELLIPSIS);
    assertThat(preview.redaction()).isEqualTo("truncated");

    List<Integer> big = new ArrayList<>();
    for (int i = 0; i < 100_000; i++) {
      big.add(i);
    }
    Preview list = Preview.of("output", big, 4096);
    assertThat(list.text()).contains("\"… 99936 more\"");
    assertThat(list.text().length()).isLessThan(4096);
  }

  @Test
  void aSecretStraddlingTheCutIsNeverShownInPart() {
    String text = "x".repeat(40) + " sk-abcdefghijklmnopqrstuvwxyz0123456789";
    Preview preview = Preview.of("output", text, 48);
    assertThat(preview.text()).doesNotContain("sk-abc").doesNotContain("abcdefgh");
  }

  @Test
  void valuesThatFailToRenderBecomeUnserializableAndTheRestStays() {
    assertThat(preview(new BadToString()).text())
        .isEqualTo("\"<unserializable " + BadToString.class.getTypeName() + ">\"");
    Map<String, Object> map = new LinkedHashMap<>();
    map.put("ok", 1);
    map.put("bad", new Exploding("x"));
    assertThat(preview(map).text())
        .isEqualTo("{\"ok\": 1, \"bad\": {\"name\": \"<unserializable java.lang.String>\"}}");
    assertThat(preview(new Opaque()).text()).isEqualTo("\"<" + Opaque.class.getTypeName() + ">\"");
  }

  @Test
  void streamsIteratorsAndBytesAreNotConsumedOrShown() {
    Iterator<String> iterator = List.of("a", "b").iterator();
    assertThat(preview(iterator).text()).startsWith("\"<");
    assertThat(iterator.hasNext()).as("the preview did not consume the iterator").isTrue();
    assertThat(preview(Stream.of(1, 2)).text()).startsWith("\"<");
    assertThat(preview(new byte[] {1, 2, 3}).text()).isEqualTo("\"<byte[3]>\"");
    assertThat(preview("pw".toCharArray()).text()).isEqualTo("\"<char[2]>\"");
  }

  @Test
  void cyclesAndDeepNestingAreBounded() {
    List<Object> cycle = new ArrayList<>();
    cycle.add(1);
    cycle.add(cycle);
    assertThat(preview(cycle).text()).isEqualTo("[1, \"<cycle java.util.ArrayList>\"]");
    Object deep = "leaf";
    for (int i = 0; i < 50; i++) {
      deep = List.of(deep);
    }
    assertThat(preview(deep).text()).contains("nested too deep").doesNotContain("leaf");
  }
}
