package io.spanweave.conventions;

import java.util.List;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Recognises values that look like credentials, whatever key they sit under: a secret pasted into a
 * prompt, a log line or a constant is still a secret. The lint rule {@code attribute-secret} asks
 * {@link #shapeOf} about constant attribute values; the runtime replaces them in preview text with
 * {@link #redact}. Both read the one list below.
 */
public final class SecretValues {

  /** What replaces a secret. */
  public static final String REDACTED = "[REDACTED]";

  /**
   * A credential shape. {@code pattern}'s first group is the part kept in front of {@link
   * #REDACTED} when text is redacted ({@code Bearer }, {@code sk-}), so a reader still sees what
   * was there. {@code wholeValue} shapes (long hex or base64 strings, basic-auth values) are only
   * recognised as a whole value, never inside longer text, where they are mostly digests and ids.
   */
  private record Shape(String description, Pattern pattern, boolean wholeValue) {}

  private static Shape inText(String description, String regex) {
    return new Shape(description, Pattern.compile(regex), false);
  }

  private static Shape whole(String description, String regex) {
    return new Shape(description, Pattern.compile(regex), true);
  }

  private static final List<Shape> SHAPES =
      List.of(
          inText(
              "a private key",
              "(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----)[\\s\\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)"),
          inText("a bearer token", "(?i)\\b(bearer\\s+)[A-Za-z0-9._~+/=-]{8,}"),
          inText(
              "a JSON web token", "()\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]*"),
          inText("an API key ('sk-...')", "\\b(sk-)(?:proj-|ant-|svcacct-)?[A-Za-z0-9_-]{16,}"),
          inText("a Stripe key", "\\b((?:sk|rk)_(?:live|test)_)[A-Za-z0-9]{10,}"),
          inText("a GitHub token", "\\b(gh[pousr]_)[A-Za-z0-9]{20,}"),
          inText("a GitHub fine-grained token", "\\b(github_pat_)[A-Za-z0-9_]{20,}"),
          inText("a Slack token", "\\b(xox[abposre]-)[A-Za-z0-9-]{10,}"),
          inText("a webhook secret", "\\b(whsec_)[A-Za-z0-9+/=]{10,}"),
          inText("an AWS access key id", "\\b((?:AKIA|ASIA))[A-Z0-9]{16}\\b"),
          inText("a Google API key", "\\b(AIza)[0-9A-Za-z_-]{30,}"),
          inText("a Hugging Face token", "\\b(hf_)[A-Za-z0-9]{30,}"),
          inText("a password in a URL", "(://[^/\\s:@]+:)[^/\\s@]+(?=@)"),
          whole(
              "basic-auth credentials",
              "(?i)^\\s*(basic\\s+)(?=\\S*[0-9+/=])[A-Za-z0-9+/=]{8,}\\s*$"),
          whole("a long hex string", "^()[0-9a-fA-F]{32,}$"),
          whole(
              "a long base64 string",
              "^()(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}$"));

  /** Keys whose long hex values are identifiers or digests, not secrets: commit shas, trace ids. */
  public static final Set<String> DIGEST_WORDS =
      Set.of(
          "sha",
          "sha1",
          "sha256",
          "sha512",
          "md5",
          "commit",
          "revision",
          "rev",
          "hash",
          "digest",
          "checksum",
          "trace",
          "span",
          "id",
          "uuid",
          "fingerprint",
          "etag");

  /**
   * {@code key=value}, {@code key: value}, {@code "key": "value"}: the key decides, through {@link
   * SensitiveKeys}, so that {@code num_tokens=12} stays and {@code api_key=abc} goes. An
   * authorization scheme belongs to the value: {@code Authorization: Bearer abc} loses {@code
   * Bearer abc}, not just the word {@code Bearer}.
   */
  private static final Pattern ASSIGNMENT =
      Pattern.compile(
          "([A-Za-z][A-Za-z0-9_.-]*)(\"?\\s*[=:]\\s*\"?)((?:(?i:bearer|basic|token|digest)\\s+)?[^\\s\"'&,;}\\]]+)");

  private SecretValues() {}

  /** The descriptions of every shape, in the order they are tried: for documentation and tests. */
  public static List<String> shapeDescriptions() {
    return SHAPES.stream().map(Shape::description).toList();
  }

  /**
   * What {@code value} looks like, such as {@code "a bearer token"}, or {@code null} when it looks
   * like no credential. {@code key}, when given, exempts digests: a long hex string under {@code
   * commit.sha} or {@code trace_id} is an identifier.
   */
  public static String shapeOf(String value, String key) {
    if (value == null || value.isEmpty()) {
      return null;
    }
    for (Shape shape : SHAPES) {
      if (shape.pattern().matcher(value).find()) {
        if (shape.description().equals("a long hex string") && key != null && namesDigest(key)) {
          continue;
        }
        return shape.description();
      }
    }
    return null;
  }

  /**
   * {@code text} with every credential-looking value replaced by {@link #REDACTED}: values of
   * secret keys in {@code key=value} form, and credentials of the shapes above found anywhere in
   * it. Returns the same instance when nothing matched.
   */
  public static String redact(String text) {
    if (text == null || text.isEmpty()) {
      return text;
    }
    String out = redactAssignments(text);
    for (Shape shape : SHAPES) {
      if (shape.wholeValue()) {
        continue;
      }
      Matcher matcher = shape.pattern().matcher(out);
      if (matcher.find()) {
        out = matcher.replaceAll(m -> Matcher.quoteReplacement(m.group(1) + REDACTED));
      }
    }
    return out;
  }

  /**
   * {@code url} as it may be printed: the user-info ({@code user:password@}) and every query value
   * replaced by {@link #REDACTED}, so {@code https://user:secret@host/v1/traces?token=abc} becomes
   * {@code https://[REDACTED]@host/v1/traces?token=[REDACTED]}. It works on the text, without
   * parsing, so a malformed URL is masked too; {@code null} stays {@code null}.
   */
  public static String maskUrl(String url) {
    if (url == null || url.isEmpty()) {
      return url;
    }
    String out = url;
    int fragment = out.indexOf('#');
    if (fragment >= 0) {
      out = out.substring(0, fragment); // a fragment is never sent, and may hold a token (OAuth)
    }
    int query = out.indexOf('?');
    String tail = "";
    if (query >= 0) {
      tail = maskQuery(out.substring(query + 1));
      out = out.substring(0, query);
    }
    int scheme = out.indexOf("://");
    int authorityStart = scheme >= 0 ? scheme + 3 : 0;
    int at = out.lastIndexOf('@');
    if (at >= authorityStart) {
      out = out.substring(0, authorityStart) + REDACTED + out.substring(at);
    }
    return query >= 0 ? out + "?" + tail : out;
  }

  private static String maskQuery(String query) {
    StringBuilder out = new StringBuilder();
    for (String pair : query.split("&", -1)) {
      if (out.length() > 0) {
        out.append('&');
      }
      int equals = pair.indexOf('=');
      if (equals >= 0) {
        out.append(pair, 0, equals + 1).append(REDACTED);
      } else if (!pair.isEmpty()) {
        out.append(REDACTED); // a bare value such as ?sk-abc may be the credential itself
      }
    }
    return out.toString();
  }

  private static String redactAssignments(String text) {
    Matcher matcher = ASSIGNMENT.matcher(text);
    StringBuilder out = null;
    int copied = 0;
    while (matcher.find()) {
      if (!SensitiveKeys.isSecret(matcher.group(1)) || matcher.group(3).startsWith("[REDACTED")) {
        continue;
      }
      if (out == null) {
        out = new StringBuilder(text.length());
      }
      out.append(text, copied, matcher.start(3)).append(REDACTED);
      copied = matcher.end(3);
    }
    if (out == null) {
      return text;
    }
    return out.append(text, copied, text.length()).toString();
  }

  /**
   * Whether {@code key} names a digest or an id ({@link #DIGEST_WORDS}), under which a long hex
   * string is no secret.
   */
  public static boolean namesDigest(String key) {
    for (String word : KeyWords.words(key)) {
      if (DIGEST_WORDS.contains(word)) {
        return true;
      }
    }
    return false;
  }
}
