package io.spanweave.conventions;

import java.util.List;
import java.util.Set;

/**
 * Decides whether a key names a secret or a payload, for every part of spanweave that needs to
 * know: the lint rules {@code attribute-secret} and {@code attribute-payload} at compile time, and
 * the runtime's redaction of previews and of attribute keys only known at run time. One list, one
 * reading, so that a key the build refuses is exactly a key the runtime redacts.
 *
 * <p>A key is read as words ({@link KeyWords}). A sensitive word is harmless when a later word says
 * the value is <em>about</em> it rather than <em>it</em> ({@code prompt.length}, {@code
 * token_count}, {@code api_key.present}, {@code session.id}), or, for payloads and {@code token},
 * when an earlier word counts it ({@code max_messages}, {@code num_token}); a counted password
 * ({@code max_password}) is still a password. Token counts are what rollouts measure, so {@code
 * token} after a word that says which tokens ({@code input_token}, {@code
 * gen_ai.usage.output_tokens}) is a count, not a credential, and {@code token} after a word that
 * times it ({@code gen_ai.latency.time_to_first_token}) is a duration.
 */
public final class SensitiveKeys {

  /** Words that name content a span must not carry. */
  public static final Set<String> PAYLOAD_WORDS =
      Set.of(
          "prompt",
          "prompts",
          "response",
          "responses",
          "completion",
          "completions",
          "message",
          "messages",
          "content",
          "contents",
          "body",
          "bodies",
          "input",
          "inputs",
          "output",
          "outputs",
          "raw",
          "config",
          "configuration",
          "headers",
          "stacktrace",
          "traceback",
          "payload",
          "payloads",
          "transcript");

  /** Single words that name a secret. */
  public static final Set<String> SECRET_WORDS =
      Set.of(
          "token",
          "password",
          "passwd",
          "pwd",
          "passphrase",
          "secret",
          "secrets",
          "authorization",
          "auth",
          "cookie",
          "cookies",
          "credential",
          "credentials",
          "bearer",
          "jwt",
          "session",
          "signature",
          "otp",
          "pin",
          "dsn",
          "ssn",
          "apikey",
          "privatekey",
          "secretkey",
          "accesskey",
          "signingkey");

  /**
   * Words that, right before {@code key}, make {@code key} a secret: {@code api_key}, {@code
   * privateKey}.
   */
  public static final Set<String> SECRET_KEY_QUALIFIERS =
      Set.of(
          "api",
          "private",
          "secret",
          "access",
          "signing",
          "encryption",
          "client",
          "ssh",
          "auth",
          "master",
          "license");

  /**
   * Words after a sensitive word that make the value a number, a flag or an identifier about it
   * instead of the thing itself.
   */
  public static final Set<String> ABOUT_WORDS =
      Set.of(
          "tokens",
          "count",
          "counts",
          "num",
          "number",
          "length",
          "len",
          "size",
          "sizes",
          "bytes",
          "chars",
          "characters",
          "words",
          "lines",
          "status",
          "id",
          "ids",
          "type",
          "types",
          "kind",
          "index",
          "idx",
          "ms",
          "millis",
          "seconds",
          "duration",
          "latency",
          "time",
          "score",
          "present",
          "set",
          "configured",
          "enabled",
          "truncated",
          "version",
          "format",
          "encoding",
          "mime",
          "name",
          "names",
          "path",
          "dir",
          "file",
          "schema",
          "shape",
          "dtype",
          "total",
          "max",
          "min",
          "limit",
          "ratio",
          "rate",
          "expiry",
          "expires",
          "ttl",
          "usage",
          "budget");

  /**
   * Words after a payload word (not a secret word) that make it a fact about the payload: {@code
   * response.code} is a status, while {@code otp_code} is the secret itself; {@code
   * gen_ai.response.model} and {@code gen_ai.response.finish_reasons} say which model answered and
   * why it stopped.
   */
  public static final Set<String> PAYLOAD_ABOUT_WORDS =
      Set.of("code", "codes", "token", "model", "models", "finish", "reason", "reasons");

  /** Words before a sensitive word that count it: {@code num_tokens}, {@code max_messages}. */
  public static final Set<String> COUNTING_PREFIXES =
      Set.of("num", "n", "number", "count", "max", "min", "total", "avg", "mean", "sum");

  /**
   * Words before {@code token} that say which model tokens are counted: {@code input_token}, {@code
   * prompt_tokens}, {@code reasoning_token}.
   */
  public static final Set<String> TOKEN_COUNT_PREFIXES =
      Set.of(
          "input",
          "output",
          "prompt",
          "completion",
          "reasoning",
          "cached",
          "special",
          "eos",
          "bos",
          "pad",
          "generated",
          "new");

  /**
   * Words before {@code token} that make the value a time until a model token, not the token:
   * {@code time_to_first_token}, {@code gen_ai.latency.time_to_first_token}.
   */
  public static final Set<String> TOKEN_TIMING_WORDS = Set.of("time", "latency");

  /**
   * Keys spanweave records on purpose, bounded and documented as short notes, although their words
   * read as a payload: the rollout preset's message text and small objects. Neither side flags
   * them.
   */
  public static final Set<String> DESIGNATED_KEYS =
      Set.of(
          RolloutAttributes.MESSAGE_TEXT,
          RolloutAttributes.OBJECT_VALUE,
          RolloutAttributes.OBJECT_JSON,
          RolloutAttributes.OBJECT_TYPE);

  /** How {@link #classify} reads a key. */
  public enum Sensitivity {
    /** Neither a secret nor a payload. */
    NONE,
    /** Names a secret: its value must never be recorded. */
    SECRET,
    /** Names content (a prompt, a response): its value must not be recorded. */
    PAYLOAD
  }

  private SensitiveKeys() {}

  /** What {@code key} names; a secret wins over a payload ({@code prompt.api_key} is a secret). */
  public static Sensitivity classify(String key) {
    if (secretWord(key) != null) {
      return Sensitivity.SECRET;
    }
    return payloadWord(key) != null ? Sensitivity.PAYLOAD : Sensitivity.NONE;
  }

  /** Whether the value under {@code key} is a secret. */
  public static boolean isSecret(String key) {
    return secretWord(key) != null;
  }

  /** Whether the value under {@code key} is a payload (and not a secret). */
  public static boolean isPayload(String key) {
    return classify(key) == Sensitivity.PAYLOAD;
  }

  /**
   * The secret that {@code key} names, such as {@code "api key"} or {@code "password"}, or {@code
   * null}.
   */
  public static String secretWord(String key) {
    return firstSensitiveWord(key, SensitiveKeys::secretAt, false);
  }

  /** The payload word that {@code key} carries, such as {@code "prompt"}, or {@code null}. */
  public static String payloadWord(String key) {
    return firstSensitiveWord(key, SensitiveKeys::payloadAt, true);
  }

  /** What a word list names at one index: a sensitive word (or pair of words), or {@code null}. */
  private interface WordAt {
    String at(List<String> words, int index);
  }

  /** The first sensitive word of {@code key} that is carried, not merely described or counted. */
  private static String firstSensitiveWord(String key, WordAt sensitive, boolean payload) {
    if (DESIGNATED_KEYS.contains(key)) {
      return null;
    }
    List<String> words = KeyWords.words(key);
    for (int i = 0; i < words.size(); i++) {
      String found = sensitive.at(words, i);
      if (found != null && !isAbout(words, i, payload) && !countsTokens(words, i)) {
        return found;
      }
    }
    return null;
  }

  private static String secretAt(List<String> words, int i) {
    String word = words.get(i);
    if (SECRET_WORDS.contains(word)) {
      return word;
    }
    if (word.equals("key") && i > 0 && SECRET_KEY_QUALIFIERS.contains(words.get(i - 1))) {
      return words.get(i - 1) + " key";
    }
    if (word.equals("set") && i + 1 < words.size() && words.get(i + 1).equals("cookie")) {
      return "set-cookie";
    }
    return null;
  }

  private static String payloadAt(List<String> words, int i) {
    String word = words.get(i);
    if (PAYLOAD_WORDS.contains(word)) {
      return word;
    }
    if (word.equals("stack") && i + 1 < words.size() && words.get(i + 1).equals("trace")) {
      return "stack trace";
    }
    return null;
  }

  /**
   * Whether the word at {@code index} is described (counted, measured, identified) rather than
   * carried.
   */
  private static boolean isAbout(List<String> words, int index, boolean payload) {
    for (int i = index + 1; i < words.size(); i++) {
      String later = words.get(i);
      if (ABOUT_WORDS.contains(later) || (payload && PAYLOAD_ABOUT_WORDS.contains(later))) {
        return true;
      }
    }
    if (!payload && !words.get(index).equals("token")) {
      return false; // max_password is a password; num_token and max_messages are counts
    }
    for (int i = 0; i < index; i++) {
      if (COUNTING_PREFIXES.contains(words.get(i))) {
        return true;
      }
    }
    return false;
  }

  /**
   * {@code input_token}, {@code gen_ai.usage.prompt_token}: a count of model tokens; {@code
   * time_to_first_token}: a time until one.
   */
  private static boolean countsTokens(List<String> words, int index) {
    if (!words.get(index).equals("token") || index == 0) {
      return false;
    }
    if (TOKEN_COUNT_PREFIXES.contains(words.get(index - 1))) {
      return true;
    }
    for (int i = 0; i < index; i++) {
      if (TOKEN_TIMING_WORDS.contains(words.get(i))) {
        return true;
      }
    }
    return false;
  }
}
