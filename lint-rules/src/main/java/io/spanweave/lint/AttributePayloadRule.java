package io.spanweave.lint;

import io.spanweave.conventions.SensitiveKeys;

/**
 * {@code attribute-payload}: an attribute whose key or value names content (prompt, response,
 * completion, messages, body, input, output, raw, config, headers, stack trace). Spans are kept,
 * indexed and shipped to shared backends; content belongs in none of them. A count or a length
 * about the content ({@code prompt_tokens}, {@code prompt.length}, {@code response.status_code}) is
 * fine and is what the message suggests instead.
 */
public final class AttributePayloadRule extends LintRule {

  public static final String ID = "attribute-payload";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span attributes must not carry payloads such as prompts, responses, messages or bodies";
  }

  @Override
  public void checkAttribute(AttributeWrite write, LintContext context) {
    // A number, boolean or enum is a measurement about the content (prompt_empty = true), never the
    // content.
    if (write.key() != null
        && (write.valueType() == null || AttributeValues.canCarryText(write.valueType()))) {
      String word = SensitiveKeys.payloadWord(write.key());
      if (word != null) {
        context.report(
            this,
            write.reportAt(),
            write.describeKey()
                + " in "
                + write.where()
                + " names a payload ('"
                + word
                + "'); spans are stored and indexed, content does not belong in them."
                + advice(word));
        return;
      }
    }
    String valueName = write.valueName();
    if (valueName == null
        || !AttributeValues.canCarryText(write.valueType())
        || (!write.structuredValue()
            && !AttributeValues.isAllowed(
                write.valueType(), context)) // attribute-type speaks for those
        || AttributeValues.exceptionDetail(write, context)
            != null) { // exception-detail speaks for those
      return;
    }
    String word = SensitiveKeys.payloadWord(valueName);
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
              + ", which carries a payload ('"
              + word
              + "')."
              + advice(word));
    }
  }

  private static String advice(String word) {
    String example = word.replace(' ', '_');
    return " Record a count or a length instead (such as '"
        + example
        + ".length' or a token count), declare a"
        + " metric with @Traced(metrics = ...), or use @Traced(capture = Capture.PREVIEW) for bounded previews"
        + " while debugging.";
  }
}
