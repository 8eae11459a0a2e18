package io.spanweave.lint.rules;

import io.spanweave.lint.AttributeValues;
import io.spanweave.lint.AttributeWrite;
import io.spanweave.lint.KeyWords;
import io.spanweave.lint.LintContext;
import io.spanweave.lint.LintRule;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * {@code attribute-secret}: an attribute whose key names a secret (api key, token, password,
 * secret, authorization, cookie, credential, private key) or whose constant value looks like one
 * (a bearer token, {@code sk-...}, a JWT, a long hex or base64 string). Traces are read by far more
 * people and systems than secrets may be. Counts such as {@code num_tokens} or
 * {@code token_count} are not secrets.
 */
public final class AttributeSecretRule extends LintRule {

  public static final String ID = "attribute-secret";

  private static final List<SecretShape> SHAPES = List.of(
      new SecretShape("a bearer token", "(?i)^\\s*bearer\\s+\\S{8,}"),
      new SecretShape("basic-auth credentials", "(?i)^\\s*basic\\s+[A-Za-z0-9+/=]{8,}"),
      new SecretShape("an API key ('sk-...')", "\\bsk-[A-Za-z0-9_-]{16,}"),
      new SecretShape("a GitHub token", "\\b(ghp|gho|ghs|ghu|ghr|github_pat)_[A-Za-z0-9_]{20,}"),
      new SecretShape("an AWS access key id", "\\b(AKIA|ASIA)[0-9A-Z]{16}\\b"),
      new SecretShape("a Slack token", "\\bxox[abprs]-[A-Za-z0-9-]{10,}"),
      new SecretShape("a JSON web token", "\\beyJ[A-Za-z0-9_-]{8,}\\.[A-Za-z0-9_-]{8,}\\."),
      new SecretShape("a private key", "-----BEGIN [A-Z ]*PRIVATE KEY-----"),
      new SecretShape("a long hex string", "^[0-9a-fA-F]{32,}$"),
      new SecretShape("a long base64 string", "^(?=.*[0-9])(?=.*[a-z])(?=.*[A-Z])[A-Za-z0-9+/_-]{40,}={0,2}$"));

  /** Keys whose long hex values are identifiers or digests, not secrets: commit shas, trace ids. */
  private static final Set<String> DIGEST_WORDS = Set.of(
      "sha", "sha1", "sha256", "sha512", "md5", "commit", "revision", "rev", "hash", "digest", "checksum",
      "trace", "span", "id", "uuid", "fingerprint", "etag");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span attributes must not carry secrets: keys that name them or values that look like them";
  }

  @Override
  public void checkAttribute(AttributeWrite write, LintContext context) {
    // A number, boolean or enum is a measurement about the content (prompt_empty = true), never the content.
    if (write.key() != null && (write.valueType() == null || AttributeValues.canCarryText(write.valueType()))) {
      String word = KeyWords.secretWord(write.key());
      if (word != null) {
        context.report(this, write.reportAt(), write.describeKey() + " in " + write.where() + " names a secret ('"
            + word + "'); traces are read and kept far more widely than secrets may be. Drop the attribute; if you"
            + " need to know about it, record whether it is set ('" + write.key() + ".present') or an id that is not"
            + " itself a secret.");
        return;
      }
    }
    String constant = write.valueConstant();
    if (constant != null) {
      String shape = secretShape(constant, write.key());
      if (shape != null) {
        context.report(this, write.valueReportAt(), "the value of " + write.describeKey() + " in " + write.where()
            + " looks like " + shape + "; never put credentials in source code or in traces. Remove it, rotate"
            + " the credential if it is real, and load secrets from the environment at run time.");
        return;
      }
    }
    String valueName = write.valueName();
    if (valueName != null && AttributeValues.canCarryText(write.valueType())
        && (write.structuredValue() || AttributeValues.isAllowed(write.valueType(), context))) {
      String word = KeyWords.secretWord(valueName);
      if (word != null) {
        String what = write.valuePath() == null
            ? "the parameter '" + valueName + "' marked @TraceAttribute"
            : "the value '" + valueName + "'";
        context.report(this, write.valueReportAt(), write.describeKey() + " in " + write.where() + " records "
            + what + ", which holds a secret ('" + word + "'). Drop the attribute, or record whether it is set"
            + " instead of its value.");
      }
    }
  }

  private static String secretShape(String value, String key) {
    for (SecretShape shape : SHAPES) {
      if (shape.pattern.matcher(value).find()) {
        if (shape.name.equals("a long hex string") && key != null && namesDigest(key)) {
          continue;
        }
        return shape.name;
      }
    }
    return null;
  }

  private static boolean namesDigest(String key) {
    for (String word : KeyWords.words(key)) {
      if (DIGEST_WORDS.contains(word)) {
        return true;
      }
    }
    return false;
  }

  private static final class SecretShape {
    final String name;
    final Pattern pattern;

    SecretShape(String name, String regex) {
      this.name = name;
      this.pattern = Pattern.compile(regex);
    }
  }
}
