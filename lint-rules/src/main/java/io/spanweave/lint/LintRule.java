package io.spanweave.lint;

import com.sun.source.tree.ImportTree;

/**
 * One guardrail check, in the style of an Error Prone bug pattern: a stable {@link #id()}, a
 * one-line {@link #summary()} and a page {@code docs/lint-rules/<id>.md}.
 *
 * <p>Rules do not walk trees themselves. A single {@link LintScanner} pass over each compilation
 * unit finds the places rules care about (attribute writes, span names, imports) once, and hands
 * each to every enabled rule; a rule overrides the hooks it needs. A rule that throws is reported
 * as a warning naming it, and the compilation goes on.
 *
 * <p>Under a compiler other than javac (Eclipse's) only the declarations are seen, through the
 * annotation model: {@link #checkAttribute} gets the attributes that {@code @Traced(attributes)}
 * and {@code @TraceAttribute} declare, {@link #checkPreviewCapture} gets {@code @Traced(capture)},
 * and the other hooks are not called. A rule's own class should then name no {@code com.sun.source}
 * type outside its tree hooks' signatures (keep tree walking in a helper class), so that it loads
 * in a JVM without javac's module.
 */
public abstract class LintRule {

  /** The stable id used in messages, options and {@code @SuppressWarnings("spanweave:<id>")}. */
  public abstract String id();

  /** One line on what the rule catches. */
  public abstract String summary();

  /**
   * Called for every attribute a span would receive: annotations, Trace API calls, map literals.
   */
  public void checkAttribute(AttributeWrite write, LintContext context) {}

  /** Called for every span or event name given to the tracing API. */
  public void checkSpanName(SpanNameUse use, LintContext context) {}

  /** Called for every import of a compilation unit. */
  public void checkImport(ImportTree importTree, LintContext context) {}

  /**
   * Called for every use of {@code Capture.PREVIEW} outside imports: in {@code @Traced(capture)},
   * as an argument of the tracing API, anywhere in code.
   */
  public void checkPreviewCapture(Location use, LintContext context) {}

  /**
   * The severity when no option names the rule: {@link Severity#ERROR}, the guardrails' default,
   * unless a rule is a policy a build opts into.
   */
  public Severity defaultSeverity() {
    return Severity.ERROR;
  }

  @Override
  public String toString() {
    return id();
  }
}
