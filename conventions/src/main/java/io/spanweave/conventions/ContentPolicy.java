package io.spanweave.conventions;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * The run-time guardrails: what a span that nobody compiled with spanweave (a Python or Node
 * worker's, an inference engine's, an LLM library's, the application's own OpenTelemetry's) may
 * carry into a run's files. It reads the same lists as the lint rules {@code attribute-payload} and
 * {@code attribute-secret} ({@link SensitiveKeys}, {@link SecretValues}), plus the payload names of
 * OpenTelemetry's GenAI conventions that no payload word names ({@link #GEN_AI_PAYLOAD_KEYS}):
 *
 * <ul>
 *   <li>an attribute whose key names a payload ({@code gen_ai.prompt}, {@code
 *       gen_ai.input.messages}, {@code llm.response}) is {@linkplain Action#DROP dropped} when its
 *       value holds text;
 *   <li>an attribute whose key names a secret ({@code api_key}, {@code authorization}) has its text
 *       {@linkplain Action#REDACT redacted};
 *   <li>a text value that looks like a credential ({@link SecretValues}: a bearer token, an {@code
 *       sk-...} key, a long hex or base64 string) is redacted under any key ({@link #redactValue});
 *   <li>an event whose name is a payload name ({@code gen_ai.content.prompt}, {@code
 *       gen_ai.user.message}) is dropped whole ({@link #dropsEvent}); other events' attributes go
 *       through the rules above.
 * </ul>
 *
 * Counts and measurements ({@code gen_ai.usage.input_tokens}, {@code num_tokens}, {@code
 * prompt.length}) are kept, as the lint rules keep them, and so are numbers and booleans under any
 * key: a number is a measurement about the content, never the content ({@link
 * AttributeValuePolicy#guard}). The span itself is always kept.
 */
public final class ContentPolicy {

  /** What happens to an attribute, decided by its key. */
  public enum Action {
    /** Kept as it is (its text values still pass {@link #redactValue}). */
    KEEP,
    /** Left out when its value holds text: the key names a payload. */
    DROP,
    /** Its text replaced by {@link SecretValues#REDACTED}: the key names a secret. */
    REDACT
  }

  /**
   * GenAI names whose values are content although no payload word names them (the conventions'
   * {@code gen_ai.input.messages} and {@code gen_ai.prompt} are payloads by their words already;
   * they are listed so that the list reads as the conventions do). A key under one of these ({@code
   * gen_ai.prompt.0.content}) is a payload too.
   */
  public static final Set<String> GEN_AI_PAYLOAD_KEYS =
      Set.of(
          "gen_ai.prompt",
          "gen_ai.completion",
          "gen_ai.input.messages",
          "gen_ai.output.messages",
          "gen_ai.system_instructions",
          "gen_ai.tool.call.arguments",
          "gen_ai.tool.call.result");

  /**
   * GenAI event names that carry content, besides those a payload word names ({@code
   * gen_ai.content.prompt}, {@code gen_ai.content.completion}, {@code gen_ai.user.message}): the
   * older conventions' choice event holds the model's answer.
   */
  public static final Set<String> GEN_AI_PAYLOAD_EVENTS = Set.of("gen_ai.choice");

  /**
   * Lower-case pieces of which every secret key holds one ({@link SensitiveKeys#SECRET_WORDS} and
   * {@code key}), none holding another: the quick test before a {@code key=value} in text is read.
   */
  private static final String[] SECRET_KEY_PIECES = secretKeyPieces();

  private ContentPolicy() {}

  /** What happens to an attribute under {@code key}; see the class comment. */
  public static Action forKey(String key) {
    if (key == null || key.isEmpty()) {
      return Action.KEEP;
    }
    if (isGenAiPayload(key)) {
      return Action.DROP;
    }
    return switch (SensitiveKeys.classify(key)) {
      case SECRET -> Action.REDACT;
      case PAYLOAD -> Action.DROP;
      case NONE -> Action.KEEP;
    };
  }

  /**
   * Whether an event's attribute under a payload key is kept all the same: the {@code
   * exception.message} of an {@code exception} event on a span that recorded previews ({@link
   * SpanAttributes#REDACTION} set). spanweave writes that message only for a stage that asked for
   * previews ({@code Capture.PREVIEW}), redacted and cut like a preview; its text still passes
   * {@link #redactValue}.
   *
   * @param spanRecordsPreviews whether the span holding the event has {@link
   *     SpanAttributes#REDACTION}
   */
  public static boolean keepsPreviewedEventAttribute(
      boolean spanRecordsPreviews, String eventName, String key) {
    return spanRecordsPreviews && "exception".equals(eventName) && "exception.message".equals(key);
  }

  /** Whether an event named {@code name} is dropped whole: its name is a payload name. */
  public static boolean dropsEvent(String name) {
    if (name == null || name.isEmpty()) {
      return false;
    }
    return isGenAiPayload(name)
        || GEN_AI_PAYLOAD_EVENTS.contains(name)
        || SensitiveKeys.classify(name) == SensitiveKeys.Sensitivity.PAYLOAD;
  }

  private static boolean isGenAiPayload(String key) {
    if (!GenAiAttributes.isGenAi(key)) {
      return false;
    }
    for (String payload : GEN_AI_PAYLOAD_KEYS) {
      if (key.startsWith(payload)
          && (key.length() == payload.length() || key.charAt(payload.length()) == '.')) {
        return true;
      }
    }
    return false;
  }

  /**
   * What a text value under an ordinary key is written as: {@code null} when it looks like no
   * credential (nearly always, found by a quick scan without a regular expression), else the text
   * with each credential found in it replaced ({@link SecretValues#redact}), or {@link
   * SecretValues#REDACTED} for a value that is a credential as a whole (a long hex or base64
   * string, which under a digest key such as {@code commit.sha} or {@code trace_id} is an id and
   * kept).
   */
  public static String redactValue(String value, String key) {
    if (value == null) {
      return null;
    }
    int found = scan(value);
    if (found == NOTHING) {
      return null;
    }
    if (found == WHOLE_VALUE_ONLY) {
      return isWholeValueCredential(value, key) ? SecretValues.REDACTED : null;
    }
    String redacted = SecretValues.redact(value);
    if (!redacted.equals(value)) {
      return redacted;
    }
    return SecretValues.shapeOf(value, key) != null ? SecretValues.REDACTED : null;
  }

  /**
   * A quick scan for what every credential {@link SecretValues} recognises must hold: the start of
   * one of its shapes at a word boundary ({@code sk-}, {@code Bearer}, {@code eyJ}, {@code AKIA},
   * {@code ://...@} ...), a {@code key=value} or {@code key: value} whose key holds a secret word,
   * or, as the whole value, a long run of base64 characters. {@code false} means {@link
   * #redactValue} keeps {@code value}; {@code true} only that it must look closer. It reads
   * characters one at a time, so a caller may hand it a view of UTF-8 bytes (one {@code char} per
   * byte): every start it looks for is ASCII.
   */
  public static boolean mayHoldSecret(CharSequence value) {
    return scan(value) != NOTHING;
  }

  private static final int NOTHING = 0;

  /**
   * No start of a shape, but a value long enough and of base64 characters only: a long hex or
   * base64 string, maybe.
   */
  private static final int WHOLE_VALUE_ONLY = 1;

  private static final int SHAPE_START = 2;

  private static int scan(CharSequence value) {
    int length = value.length();
    if (length == 0) {
      return NOTHING;
    }
    char last = value.charAt(length - 1);
    if (last == '\n' || last == '\r' || last == '\u0085' || last == '\u2028' || last == '\u2029') {
      return SHAPE_START; // a pattern's $ also matches before a final line break: the patterns
      // decide
    }
    boolean allBase64 = length >= 32;
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      if (allBase64 && !isBase64(c)) {
        allBase64 = false;
      }
      if (startsShape(value, i, c)) {
        return SHAPE_START;
      }
    }
    return allBase64 ? WHOLE_VALUE_ONLY : NOTHING;
  }

  /** Whether a shape, or a {@code key=value} under a secret key, may start or turn at {@code i}. */
  private static boolean startsShape(CharSequence value, int i, char c) {
    switch (c) {
      case '=', ':' -> {
        return secretKeyBefore(value, i)
            || (c == ':' && at(value, i + 1, "//") && holds(value, i, '@'));
      }
      case '-' -> {
        return at(value, i + 1, "----BEGIN")
            || wordEndsWith(value, i, "sk")
            || wordEndsWith(value, i - 1, "xox");
      }
      case '_' -> {
        return wordEndsWith(value, i, "sk")
            || wordEndsWith(value, i, "rk")
            || wordEndsWith(value, i, "hf")
            || wordEndsWith(value, i, "whsec")
            || wordEndsWith(value, i, "github")
            || (i >= 3
                && "pousr".indexOf(value.charAt(i - 1)) >= 0
                && wordEndsWith(value, i - 1, "gh"));
      }
      case 'e' -> {
        return atWordStart(value, i) && at(value, i, "eyJ");
      }
      case 'A' -> {
        return atWordStart(value, i)
            && (at(value, i, "AKIA") || at(value, i, "ASIA") || at(value, i, "AIza"));
      }
      case 'b', 'B' -> {
        return atWordStart(value, i)
            && (atIgnoringCase(value, i, "bearer") || atIgnoringCase(value, i, "basic"));
      }
      default -> {
        return false;
      }
    }
  }

  /**
   * A long hex string (unless {@code key} names a digest or an id) or a long base64 string, as the
   * whole value: {@link SecretValues}' whole-value shapes, read without a regular expression for a
   * value the scan found nothing else in.
   */
  private static boolean isWholeValueCredential(String value, String key) {
    int length = value.length();
    boolean hex = true;
    boolean digit = false;
    boolean lower = false;
    boolean upper = false;
    int padding = 0;
    boolean base64 = true;
    for (int i = 0; i < length; i++) {
      char c = value.charAt(i);
      hex &= (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
      digit |= c >= '0' && c <= '9';
      lower |= c >= 'a' && c <= 'z';
      upper |= c >= 'A' && c <= 'Z';
      if (c == '=') {
        padding++;
      } else if (padding > 0) {
        base64 = false; // '=' only at the end
      }
    }
    if (hex && length >= 32 && (key == null || !SecretValues.namesDigest(key))) {
      return true;
    }
    return base64 && padding <= 2 && length - padding >= 40 && digit && lower && upper;
  }

  /**
   * Whether no ASCII word character comes right before {@code index}: where a pattern's {@code \b}
   * may hold.
   */
  private static boolean atWordStart(CharSequence value, int index) {
    if (index == 0) {
      return true;
    }
    char c = value.charAt(index - 1);
    return !((c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '_');
  }

  /**
   * Whether the characters right before index {@code end} are {@code suffix}, at a word's start.
   */
  private static boolean wordEndsWith(CharSequence value, int end, String suffix) {
    int start = end - suffix.length();
    return start >= 0 && at(value, start, suffix) && atWordStart(value, start);
  }

  /** Whether {@code value} holds {@code part} at {@code index}. */
  private static boolean at(CharSequence value, int index, String part) {
    if (index < 0 || index + part.length() > value.length()) {
      return false;
    }
    for (int i = 0; i < part.length(); i++) {
      if (value.charAt(index + i) != part.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  /** As {@link #at}, ASCII letters of either case; {@code lowerPart} is lower case. */
  private static boolean atIgnoringCase(CharSequence value, int index, String lowerPart) {
    if (index < 0 || index + lowerPart.length() > value.length()) {
      return false;
    }
    for (int i = 0; i < lowerPart.length(); i++) {
      char c = value.charAt(index + i);
      if (c >= 'A' && c <= 'Z') {
        c = (char) (c + ('a' - 'A'));
      }
      if (c != lowerPart.charAt(i)) {
        return false;
      }
    }
    return true;
  }

  private static boolean holds(CharSequence value, int from, char c) {
    for (int i = from; i < value.length(); i++) {
      if (value.charAt(i) == c) {
        return true;
      }
    }
    return false;
  }

  private static boolean isBase64(char c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '+'
        || c == '/'
        || c == '_'
        || c == '-'
        || c == '=';
  }

  /**
   * Whether the name before the {@code =} or {@code :} at {@code at} (after optional spaces and a
   * quote, as {@code key=value}, {@code key: value} and {@code "key": "value"} put it) holds a
   * piece of a secret word.
   */
  private static boolean secretKeyBefore(CharSequence value, int at) {
    int end = at;
    while (end > 0
        && value.charAt(end - 1) < 128
        && Character.isWhitespace(value.charAt(end - 1))) {
      end--;
    }
    if (end > 0 && value.charAt(end - 1) == '"') {
      end--;
    }
    int start = end;
    while (start > 0 && isKeyChar(value.charAt(start - 1))) {
      start--;
    }
    for (int i = start; i < end; i++) {
      for (String piece : SECRET_KEY_PIECES) {
        if (i + piece.length() <= end && atIgnoringCase(value, i, piece)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isKeyChar(char c) {
    return (c >= 'A' && c <= 'Z')
        || (c >= 'a' && c <= 'z')
        || (c >= '0' && c <= '9')
        || c == '_'
        || c == '.'
        || c == '-';
  }

  private static String[] secretKeyPieces() {
    List<String> words = new ArrayList<>(SensitiveKeys.SECRET_WORDS);
    words.add("key");
    List<String> pieces = new ArrayList<>();
    for (String word : words) {
      boolean holdsAnother = false;
      for (String other : words) {
        if (!other.equals(word) && word.contains(other)) {
          holdsAnother = true;
          break;
        }
      }
      if (!holdsAnother) {
        pieces.add(word.toLowerCase(Locale.ROOT));
      }
    }
    pieces.sort(null);
    return pieces.toArray(String[]::new);
  }
}
