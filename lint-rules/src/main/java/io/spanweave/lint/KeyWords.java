package io.spanweave.lint;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Reads attribute keys and value names as words, so that the payload and secret rules can tell
 * {@code prompt} (a payload) from {@code prompt_tokens} (a count about a payload).
 *
 * <p>A key is split on {@code .}, {@code _}, {@code -}, spaces and camelCase boundaries, and
 * lower-cased: {@code gen_ai.usage.inputTokens} reads as {@code gen ai usage input tokens}. A
 * sensitive word is harmless when a later word says the value is <em>about</em> it rather than
 * <em>it</em> ({@code prompt.length}, {@code token_count}, {@code response.status_code},
 * {@code api_key.present}), or when an earlier word counts it ({@code num_tokens},
 * {@code max_messages}).
 */
public final class KeyWords {

  /** Words that name content a span must not carry. */
  private static final Set<String> PAYLOAD_WORDS = Set.of(
      "prompt", "prompts", "response", "responses", "completion", "completions",
      "message", "messages", "content", "contents", "body", "bodies", "input", "inputs",
      "output", "outputs", "raw", "config", "configuration", "headers",
      "stacktrace", "traceback", "payload", "payloads", "transcript");

  /** Single words that name a secret. */
  private static final Set<String> SECRET_WORDS = Set.of(
      "token", "password", "passwd", "pwd", "passphrase", "secret", "secrets",
      "authorization", "cookie", "cookies", "credential", "credentials", "bearer", "jwt",
      "apikey", "privatekey", "secretkey", "accesskey", "signingkey");

  /** Words that, right before {@code key}, make {@code key} a secret: {@code api_key}, {@code privateKey}. */
  private static final Set<String> SECRET_KEY_QUALIFIERS = Set.of(
      "api", "private", "secret", "access", "signing", "encryption", "client", "ssh", "auth");

  /**
   * Words after a sensitive word that make the value a number, a flag or an identifier about the
   * content instead of the content itself.
   */
  private static final Set<String> ABOUT_WORDS = Set.of(
      "tokens", "count", "counts", "num", "number", "length", "len", "size", "sizes", "bytes",
      "chars", "characters", "words", "lines", "status", "code", "id", "ids", "type", "types",
      "kind", "index", "idx", "ms", "millis", "seconds", "duration", "latency", "time",
      "score", "present", "set", "configured", "enabled", "truncated", "version", "format",
      "encoding", "mime", "name", "names", "path", "dir", "file", "schema", "shape", "dtype",
      "total", "max", "min", "limit", "ratio", "rate");

  /** Words before a sensitive word that count it: {@code num_tokens}, {@code max_messages}. */
  private static final Set<String> COUNTING_PREFIXES = Set.of(
      "num", "n", "number", "count", "max", "min", "total", "avg", "mean", "sum");

  private KeyWords() {
  }

  /** Splits a key into lower-case words: {@code "gen_ai.usage.inputTokens"} gives gen, ai, usage, input, tokens. */
  public static List<String> words(String key) {
    List<String> words = new ArrayList<>();
    StringBuilder word = new StringBuilder();
    for (int i = 0; i < key.length(); i++) {
      char c = key.charAt(i);
      if (!Character.isLetterOrDigit(c)) {
        flush(word, words);
        continue;
      }
      if (word.length() > 0 && startsNewWord(key, i)) {
        flush(word, words);
      }
      word.append(c);
    }
    flush(word, words);
    return words;
  }

  /** camelCase and acronyms: a boundary before "T" in "inputTokens", before "K" in "APIKey". */
  private static boolean startsNewWord(String key, int i) {
    char previous = key.charAt(i - 1);
    char c = key.charAt(i);
    if (Character.isUpperCase(c)) {
      if (Character.isLowerCase(previous) || Character.isDigit(previous)) {
        return true;
      }
      return Character.isUpperCase(previous) && i + 1 < key.length() && Character.isLowerCase(key.charAt(i + 1));
    }
    return false;
  }

  private static void flush(StringBuilder word, List<String> words) {
    if (word.length() > 0) {
      words.add(word.toString().toLowerCase(Locale.ROOT));
      word.setLength(0);
    }
  }

  /** The payload word that {@code key} carries, such as {@code "prompt"}, or {@code null}. */
  public static String payloadWord(String key) {
    List<String> words = words(key);
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String found = null;
      if (PAYLOAD_WORDS.contains(word)) {
        found = word;
      } else if (word.equals("stack") && i + 1 < words.size() && words.get(i + 1).equals("trace")) {
        found = "stack trace";
      }
      if (found != null && !isAboutIt(words, i)) {
        return found;
      }
    }
    return null;
  }

  /** The secret that {@code key} names, such as {@code "api key"} or {@code "password"}, or {@code null}. */
  public static String secretWord(String key) {
    List<String> words = words(key);
    for (int i = 0; i < words.size(); i++) {
      String word = words.get(i);
      String found = null;
      if (SECRET_WORDS.contains(word)) {
        found = word;
      } else if (word.equals("key") && i > 0 && SECRET_KEY_QUALIFIERS.contains(words.get(i - 1))) {
        found = words.get(i - 1) + " key";
      } else if (word.equals("set") && i + 1 < words.size() && words.get(i + 1).equals("cookie")) {
        found = "set-cookie";
      }
      if (found != null && !isAboutIt(words, i)) {
        return found;
      }
    }
    return null;
  }

  /** Whether the word at {@code index} is described (counted, measured, identified) rather than carried. */
  private static boolean isAboutIt(List<String> words, int index) {
    for (int i = index + 1; i < words.size(); i++) {
      if (ABOUT_WORDS.contains(words.get(i))) {
        return true;
      }
    }
    for (int i = 0; i < index; i++) {
      if (COUNTING_PREFIXES.contains(words.get(i))) {
        return true;
      }
    }
    return false;
  }
}
