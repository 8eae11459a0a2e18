package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.context.Scope;

/**
 * The scope of a span opened by {@link Trace#span}, or of a context attached by {@link
 * Trace#attach} (then without a span): closing it restores the previous context and ends the span.
 * Closing twice does nothing. Close it on the thread that opened it, as try-with-resources does.
 */
final class SpanScope implements TraceScope {

  private final Span span;
  private Scope scope;

  SpanScope(Span span, Scope scope) {
    this.span = span;
    this.scope = scope;
  }

  @Override
  public void close() {
    Scope open = scope;
    if (open == null) {
      return;
    }
    scope = null;
    try {
      open.close();
    } catch (RuntimeException e) {
      TracingFaults.report(
          "scope",
          "could not restore the context around a span; was it closed on another thread?",
          e);
    }
    if (span != null) {
      span.end();
    }
  }
}
