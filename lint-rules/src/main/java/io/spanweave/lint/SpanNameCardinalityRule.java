package io.spanweave.lint;

/**
 * {@code span-name-cardinality}: a span or event name built at run time: a concatenation with a
 * non-constant part, {@code String.format}, {@code formatted}, {@code String.valueOf}, {@code
 * String.join}, {@code concat}, or {@code toString()} of a non-enum. Every distinct name is a
 * separate series in the viewer and in tracing backends, so names like {@code "step-" + step}
 * defeat grouping and bloat indexes. A plain variable or parameter is not guessed at: wrappers that
 * pass a constant name through are common and fine.
 */
public final class SpanNameCardinalityRule extends LintRule {

  public static final String ID = "span-name-cardinality";

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span and event names must be constants, not built from run-time values";
  }

  @Override
  public void checkSpanName(SpanNameUse use, LintContext context) {
    String how = SpanNameBuilding.builtHow(use.namePath(), context);
    if (how == null) {
      return;
    }
    String thing = use.isEvent() ? "event name" : "span name";
    context.report(
        this,
        use.namePath(),
        "the "
            + thing
            + " passed to "
            + use.api()
            + " is built "
            + how
            + " ("
            + use.namePath().getLeaf()
            + "); every distinct name becomes its own series, which defeats grouping"
            + " in the viewer and bloats tracing backends. Use a constant "
            + thing
            + " and record the varying part as"
            + " an attribute, e.g. Trace.span(\"step\", Map.of(\"step\", step)).");
  }
}
