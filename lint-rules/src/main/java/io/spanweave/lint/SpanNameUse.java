package io.spanweave.lint;

import com.sun.source.util.TreePath;

/**
 * A span or event name handed to a tracing API: {@code Trace.span(name, ...)}, {@code
 * Tracer.spanBuilder(name)}, ...
 */
public final class SpanNameUse {

  private final String api;
  private final TreePath namePath;
  private final boolean event;

  SpanNameUse(String api, TreePath namePath, boolean event) {
    this.api = api;
    this.namePath = namePath;
    this.event = event;
  }

  /** The API for messages, such as {@code Trace.span}. */
  public String api() {
    return api;
  }

  /** The name argument. */
  public TreePath namePath() {
    return namePath;
  }

  /** Whether this names an event rather than a span. */
  public boolean isEvent() {
    return event;
  }
}
