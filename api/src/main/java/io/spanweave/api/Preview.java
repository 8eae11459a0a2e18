package io.spanweave.api;

import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SensitiveKeys;
import java.nio.charset.StandardCharsets;

/**
 * One preview, ready to record: rendered by {@link PreviewRenderer}, redacted by key and by {@link
 * SecretValues}, then cut to a number of UTF-8 bytes on a character boundary.
 *
 * @param text what the span event holds
 * @param redaction the {@code spanweave.redaction} value: {@code redacted} when anything was
 *     replaced (it wins over truncation, since a reader must know the text is not the value),
 *     {@code truncated} when the text was cut, {@code captured} otherwise
 */
record Preview(String text, String redaction) {

  static final String NOT_CAPTURED = "not_captured";
  static final String REDACTED = "redacted";
  static final String TRUNCATED = "truncated";
  static final String CAPTURED = "captured";

  /** Appended to a cut preview; 3 bytes in UTF-8. */
  static final String ELLIPSIS = "…";

  /**
   * How far past the byte limit rendering goes, so that redaction still sees whole secrets near the
   * cut.
   */
  private static final int RENDER_SLACK = 256;

  /**
   * @param name what is previewed, such as {@code input.prompt} or {@code output}; a secret-looking
   *     last word ({@code input.apiKey}) redacts the whole value
   * @param maxBytes the most UTF-8 bytes of {@link #text()}
   */
  static Preview of(String name, Object value, int maxBytes) {
    if (name != null && SensitiveKeys.isSecret(lastWord(name))) {
      return new Preview(SecretValues.REDACTED, REDACTED);
    }
    PreviewRenderer.Rendered rendered = PreviewRenderer.render(value, maxBytes + RENDER_SLACK);
    String text = rendered.text();
    if (rendered.cut()) {
      // The render stopped mid-value: drop the last partial token, which may be half a secret
      // that no pattern would recognise any more. A token longer than the slack started past
      // the final cut anyway, or is no credential (a long unbroken text), so it stays.
      int tokenStart = lastDelimiter(text);
      if (text.length() - tokenStart <= RENDER_SLACK) {
        text = text.substring(0, tokenStart);
      }
    }
    String redactedText = SecretValues.redact(text);
    boolean redacted = rendered.redacted() || redactedText != text;
    String cutText = truncate(redactedText, maxBytes);
    boolean truncated = rendered.cut() || cutText != redactedText;
    if (rendered.cut() && cutText == redactedText) {
      cutText = truncate(redactedText + ELLIPSIS, maxBytes);
    }
    return new Preview(cutText, redacted ? REDACTED : truncated ? TRUNCATED : CAPTURED);
  }

  /**
   * {@code text} cut so that it takes at most {@code maxBytes} bytes in UTF-8, ending in {@link
   * #ELLIPSIS}, never inside a character (a surrogate pair counts as one 4-byte character); {@code
   * text} itself when it fits.
   */
  static String truncate(String text, int maxBytes) {
    if (text.length() * 3L <= maxBytes
        || text.getBytes(StandardCharsets.UTF_8).length <= maxBytes) {
      return text;
    }
    int room = maxBytes - 3; // the ellipsis
    int bytes = 0;
    int end = 0;
    while (end < text.length()) {
      int codePoint = text.codePointAt(end);
      int size = codePoint < 0x80 ? 1 : codePoint < 0x800 ? 2 : codePoint < 0x10000 ? 3 : 4;
      if (bytes + size > room) {
        break;
      }
      bytes += size;
      end += Character.charCount(codePoint);
    }
    return room < 0 ? "" : text.substring(0, end) + ELLIPSIS;
  }

  private static String lastWord(String name) {
    int dot = name.lastIndexOf('.');
    return dot < 0 ? name : name.substring(dot + 1);
  }

  private static int lastDelimiter(String text) {
    for (int i = text.length() - 1; i >= 0; i--) {
      char c = text.charAt(i);
      if (Character.isWhitespace(c) || ",\"'{}[]:=&;".indexOf(c) >= 0) {
        return i + 1;
      }
    }
    return 0;
  }
}
