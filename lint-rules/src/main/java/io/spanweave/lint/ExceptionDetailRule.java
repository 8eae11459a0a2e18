package io.spanweave.lint;

/**
 * {@code exception-detail}: an attribute value that is an exception, its message or its stack
 * trace, or text made from them. Exception messages routinely quote the input that failed (a
 * prompt, a request body, a connection string with a password). The failure is already on the span:
 * the generated code and {@code StageSpan.fail} record the exception type and ERROR status.
 */
public final class ExceptionDetailRule extends LintRule {

  public static final String ID = "exception-detail";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span attributes must not carry exception objects, messages or stack traces";
  }

  @Override
  public void checkAttribute(AttributeWrite write, LintContext context) {
    String detail = AttributeValues.exceptionDetail(write, context);
    if (detail == null) {
      return;
    }
    context.report(
        this,
        write.valueReportAt(),
        write.describeKey()
            + " in "
            + write.where()
            + " records "
            + detail
            + "; exception messages and stack traces often quote payloads and secrets. Record the type instead"
            + " (e.getClass().getName()), or let the span fail (rethrow, or span.fail(e)), which records error.type"
            + " and ERROR status without the message.");
  }
}
