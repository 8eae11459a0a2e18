package io.spanweave.runtime;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Decides whether a map key, a record component or a parameter name names a secret, so that a
 * preview shows {@code [REDACTED]} instead of its value. A key is read as words (split on
 * {@code . _ -}, spaces and camelCase, lower-cased): {@code X-Api-Key}, {@code apiKey} and
 * {@code api_key} all read as {@code api key}.
 *
 * <p>A secret word followed by a word that says the value is <em>about</em> the secret
 * ({@code token_count}, {@code session_id}, {@code password_set}), and {@code token} preceded by a
 * counting word ({@code num_token}, {@code max_token}, {@code input_token}), is not a secret: token
 * counts are what rollouts measure.
 */
final class SecretKeys {

  /** Words that name a secret on their own. */
  private static final Set<String> SECRET_WORDS = Set.of(
      "token", "password", "passwd", "pwd", "passphrase", "secret", "secrets", "authorization", "auth",
      "cookie", "cookies", "credential", "credentials", "bearer", "jwt", "session", "apikey", "privatekey",
      "secretkey", "accesskey", "signingkey", "signature", "otp", "pin", "dsn", "ssn");

  /** Words that, right before {@code key}, make it a secret: {@code api_key}, {@code privateKey}. */
  private static final Set<String> KEY_QUALIFIERS = Set.of(
      "api", "private", "secret", "access", "signing", "encryption", "client", "ssh", "auth", "master", "license");

  /** Words after a secret word that make the value a fact about it rather than the secret itself. */
  private static final Set<String> ABOUT_WORDS = Set.of(
      "tokens", "count", "counts", "num", "number", "length", "len", "size", "bytes", "chars", "id", "ids",
      "type", "kind", "index", "idx", "name", "names", "present", "set", "configured", "enabled", "expiry",
      "expires", "ttl", "limit", "max", "min", "total", "usage", "budget", "rate", "ratio", "status", "version");

  /** Words before {@code token} that make it a count of model tokens: {@code max_token}, {@code prompt_token}. */
  private static final Set<String> COUNTING_WORDS = Set.of(
      "num", "n", "number", "count", "max", "min", "total", "avg", "mean", "sum", "input", "output", "prompt",
      "completion", "reasoning", "cached", "special", "eos", "bos", "pad");

  private SecretKeys() {
  }

  /** Whether the value under {@code key} must be redacted. */
  static boolean isSecret(String key) {
    if (key == null || key.isEmpty()) {
      return false;
    }
    List<String> words = words(key);
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      boolean secret = SECRET_WORDS.contains(word)
          || (word.equals("key") && i > 0 && KEY_QUALIFIERS.contains(words.get(i - 1)));
      if (!secret) {
        continue;
      }
      boolean about = i + 1 < words.size() && ABOUT_WORDS.contains(words.get(i + 1));
      boolean counted = word.equals("token") && i > 0 && COUNTING_WORDS.contains(words.get(i - 1));
      if (!about && !counted) {
        return true;
      }
    }
    return false;
  }

  /** {@code "X-Api-Key"} gives x, api, key; {@code "refreshToken"} gives refresh, token. */
  static List<String> words(String key) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        flush(word, words);
        continue;
      }
      boolean camelBoundary = Character.isUpperCase(c) && i > 0
          && (Character.isLowerCase(key.charAt(i - 1))
              || (i + 1 < key.length() && Character.isLowerCase(key.charAt(i + 1)) && Character.isUpperCase(key.charAt(i - 1))));
      if (camelBoundary) {
        flush(word, words);
      }
      word.append(c);
    }
    flush(word, words);
    return words;
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() > 0) {
      words.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }
}
