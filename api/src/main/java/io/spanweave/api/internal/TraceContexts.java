package io.spanweave.api.internal;

import io.opentelemetry.context.Context;
import io.spanweave.api.TraceContext;

/**
 * Makes a {@link TraceContext} of an OpenTelemetry context for spanweave's own modules that start
 * spans outside the {@code Trace} facade (the GenAI client span hands out its context). The API's
 * {@code TraceContext} installs the one implementation when its class initializes; not part of the
 * API.
 */
public abstract class TraceContexts {

  private static volatile TraceContexts installed;

  /** Only {@code TraceContext} subclasses this. */
  protected TraceContexts() {
  }

  /** Called once, by {@code TraceContext}'s class initializer. */
  public static void install(TraceContexts implementation) {
    if (installed == null) {
      installed = implementation;
    }
  }

  /** A {@link TraceContext} of {@code context}, belonging to run {@code runId} ({@code null}: not known). */
  public static TraceContext of(Context context, String runId) {
    TraceContexts implementation = installed;
    if (implementation == null) {
      TraceContext.root(); // initializes TraceContext, which installs the implementation
      implementation = installed;
    }
    return implementation.create(context, runId);
  }

  /** A new {@link TraceContext} of {@code context}. */
  protected abstract TraceContext create(Context context, String runId);
}
