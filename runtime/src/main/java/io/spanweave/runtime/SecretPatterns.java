package io.spanweave.runtime;

import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Replaces values that look like credentials inside preview text, whatever key they sit under:
 * a secret pasted into a prompt or a log line is still a secret. Each pattern keeps the part that
 * tells a reader what was there ({@code Bearer}, {@code sk-}, the key of {@code password=...}) and
 * replaces the secret itself with {@value #REDACTED}.
 */
final class SecretPatterns {

  static final String REDACTED = "[REDACTED]";

  /** A credential shape and the prefix group kept in front of {@link #REDACTED}. */
  private record Shape(String name, Pattern pattern) {
  }

  private static final List<Shape> SHAPES = List.of(
      new Shape("pem private key", Pattern.compile(
          "(-----BEGIN [A-Z0-9 ]*PRIVATE KEY-----)[\\s\\S]*?(?:-----END [A-Z0-9 ]*PRIVATE KEY-----|$)")),
      new Shape("bearer token", Pattern.compile("(?i)\\b(bearer\\s+)[A-Za-z0-9._~+/=-]{8,}")),
      new Shape("jwt", Pattern.compile("()\\beyJ[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}\\.[A-Za-z0-9_-]{5,}")),
      new Shape("openai/anthropic key", Pattern.compile("\\b(sk-)(?:proj-|ant-|svcacct-)?[A-Za-z0-9_-]{16,}")),
      new Shape("stripe key", Pattern.compile("\\b((?:sk|rk)_(?:live|test)_)[A-Za-z0-9]{10,}")),
      new Shape("github token", Pattern.compile("\\b(gh[pousr]_)[A-Za-z0-9]{20,}")),
      new Shape("github fine-grained token", Pattern.compile("\\b(github_pat_)[A-Za-z0-9_]{20,}")),
      new Shape("slack token", Pattern.compile("\\b(xox[abposre]-)[A-Za-z0-9-]{10,}")),
      new Shape("webhook secret", Pattern.compile("\\b(whsec_)[A-Za-z0-9+/=]{10,}")),
      new Shape("aws access key id", Pattern.compile("\\b((?:AKIA|ASIA))[A-Z0-9]{16}\\b")),
      new Shape("google api key", Pattern.compile("\\b(AIza)[0-9A-Za-z_-]{30,}")),
      new Shape("hugging face token", Pattern.compile("\\b(hf_)[A-Za-z0-9]{30,}")),
      new Shape("url password", Pattern.compile("(://[^/\\s:@]+:)[^/\\s@]+(?=@)")));

  /**
   * {@code key=value}, {@code key: value}, {@code "key": "value"}: the key decides, through
   * {@link SecretKeys}, so that {@code num_tokens=12} stays and {@code api_key=abc} goes.
   */
  private static final Pattern ASSIGNMENT = Pattern.compile(
      "([A-Za-z][A-Za-z0-9_.-]*)(\"?\\s*[=:]\\s*\"?)([^\\s\"'&,;}\\]]+)");

  private SecretPatterns() {
  }

  /** {@code text} with every credential-looking value replaced; the same instance when nothing matched. */
  static String redact(String text) {
    String out = redactAssignments(text);
    for (Shape shape : SHAPES) {
      Matcher matcher = shape.pattern().matcher(out);
      if (matcher.find()) {
        out = matcher.replaceAll(m -> Matcher.quoteReplacement(m.group(1) + REDACTED));
      }
    }
    return out;
  }

  private static String redactAssignments(String text) {
    Matcher matcher = ASSIGNMENT.matcher(text);
    StringBuilder out = null;
    int copied = 0;
    while (matcher.find()) {
      if (!SecretKeys.isSecret(matcher.group(1)) || matcher.group(3).startsWith("[REDACTED")) {
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
}
