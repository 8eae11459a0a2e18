package io.spanweave.lint;

/**
 * {@code capture-preview}: any use of {@code Capture.PREVIEW}. Previews put bounded, redacted
 * copies of inputs and outputs into the trace; that is debugging evidence, and a production build
 * may want none of it in the code at all, whatever the run-time switch says. Off by default: a
 * production build turns it on with {@code -Aspanweave.lint.capture_preview=error}.
 */
public final class CapturePreviewRule extends LintRule {

  public static final String ID = "capture-preview";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "Capture.PREVIEW records copies of inputs and outputs; a production build can forbid it";
  }

  /** A policy a build opts into, not a defect: off unless an option sets it. */
  @Override
  public Severity defaultSeverity() {
    return Severity.OFF;
  }

  @Override
  public void checkPreviewCapture(Location use, LintContext context) {
    context.report(
        this,
        use,
        "Capture.PREVIEW records previews of inputs and outputs (redacted, but still payloads), "
            + "and this build forbids it (-A"
            + LintOptions.severityKey(ID)
            + "). Use the default Capture.OFF here and "
            + "record what you need as attributes and metrics, or build without the option where previews are wanted for "
            + "debugging; previews can also be switched off at run time with SPANWEAVE_PREVIEWS=false.");
  }
}
