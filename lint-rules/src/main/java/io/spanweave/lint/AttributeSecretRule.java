package io.spanweave.lint;

import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SensitiveKeys;

/**
 * {@code attribute-secret}: an attribute whose key names a secret (api key, token, password,
 * secret, authorization, cookie, credential, private key) or whose constant value looks like one (a
 * bearer token, {@code sk-...}, a JWT, a long hex or base64 string). Traces are read by far more
 * people and systems than secrets may be. Counts such as {@code num_tokens} or {@code token_count}
 * are not secrets. The words and value shapes are the conventions module's ({@link SensitiveKeys},
 * {@link SecretValues}), the same the runtime redacts with.
 */
public final class AttributeSecretRule extends LintRule {

  public static final String ID = "attribute-secret";

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
    // A number, boolean or enum is a measurement about the content (prompt_empty = true), never the
    // content.
    if (write.key() != null
        && (write.valueType() == null || AttributeValues.canCarryText(write.valueType()))) {
      String word = SensitiveKeys.secretWord(write.key());
      if (word != null) {
        context.report(
            this,
            write.reportAt(),
            write.describeKey()
                + " in "
                + write.where()
                + " names a secret ('"
                + word
                + "'); traces are read and kept far more widely than secrets may be. Drop the attribute; if you"
                + " need to know about it, record whether it is set ('"
                + write.key()
                + ".present') or an id that is not"
                + " itself a secret.");
        return;
      }
    }
    String constant = write.valueConstant();
    if (constant != null) {
      String shape = SecretValues.shapeOf(constant, write.key());
      if (shape != null) {
        context.report(
            this,
            write.valueReportAt(),
            "the value of "
                + write.describeKey()
                + " in "
                + write.where()
                + " looks like "
                + shape
                + "; never put credentials in source code or in traces. Remove it, rotate"
                + " the credential if it is real, and load secrets from the environment at run time.");
        return;
      }
    }
    String valueName = write.valueName();
    if (valueName != null
        && AttributeValues.canCarryText(write.valueType())
        && (write.structuredValue() || AttributeValues.isAllowed(write.valueType(), context))) {
      String word = SensitiveKeys.secretWord(valueName);
      if (word != null) {
        String what =
            write.valuePath() == null
                ? "the parameter '" + valueName + "' marked @TraceAttribute"
                : "the value '" + valueName + "'";
        context.report(
            this,
            write.valueReportAt(),
            write.describeKey()
                + " in "
                + write.where()
                + " records "
                + what
                + ", which holds a secret ('"
                + word
                + "'). Drop the attribute, or record whether it is set"
                + " instead of its value.");
      }
    }
  }
}
