package io.spanweave.api;

/**
 * The scope of a span opened by {@code Trace.span(name, attributes, capture)}: a {@link StageSpan}
 * behind the {@link TraceScope} interface, so that the scope can record previews. Closing it ends
 * the span; closing twice does nothing.
 */
final class StageSpanScope implements TraceScope {

  private final StageSpan span;

  StageSpanScope(StageSpan span) {
    this.span = span;
  }

  @Override
  public void preview(String name, Object value) {
    span.preview(name, value);
  }

  @Override
  public void close() {
    span.end();
  }
}
