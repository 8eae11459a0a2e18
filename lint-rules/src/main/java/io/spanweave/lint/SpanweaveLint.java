package io.spanweave.lint;

import javax.annotation.processing.ProcessingEnvironment;

/**
 * Entry point of the guardrail lint rules. The spanweave processor calls {@link #install} from its
 * {@code init}, so that users who put the processor on their processor path get the rules too.
 */
public final class SpanweaveLint {

  private SpanweaveLint() {
  }

  /**
   * Registers the rules with the running compilation; they then check every compilation unit once
   * it has been analysed. Safe to call once per compilation.
   */
  public static void install(ProcessingEnvironment processingEnv) {
    // The rules themselves arrive with the lint issue.
  }
}
