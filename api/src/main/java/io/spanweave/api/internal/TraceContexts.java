package io.spanweave.api.internal;

import io.opentelemetry.context.Context;
import java.util.function.BiFunction;

/**
 * Makes the API's {@code TraceContext} of an OpenTelemetry context for spanweave's own modules that
 * start spans outside the {@code Trace} facade (the GenAI client span hands out its context). The
 * API's {@code TraceContext} installs the one factory when its class initializes; not part of the
 * API. This package never names the public API's types (it sits below them), so callers pass the
 * type they expect.
 */
public final class TraceContexts {

  private static volatile BiFunction<Context, String, ?> installed;

  private TraceContexts() {}

  /**
   * Called once, by {@code TraceContext}'s class initializer: {@code (context, runId) ->
   * TraceContext}.
   */
  public static void install(BiFunction<Context, String, ?> factory) {
    if (installed == null) {
      installed = factory;
    }
  }

  /**
   * A {@code type} (the API's {@code TraceContext}) of {@code context}, belonging to run {@code
   * runId} ({@code null}: not known).
   *
   * @throws ClassCastException if the installed factory makes another type
   */
  public static <T> T of(Class<T> type, Context context, String runId) {
    BiFunction<Context, String, ?> factory = installed;
    if (factory == null) {
      initialize(type); // TraceContext's class initializer installs the factory
      factory = installed;
      if (factory == null) {
        throw new IllegalStateException(type.getName() + " installed no factory of trace contexts");
      }
    }
    return type.cast(factory.apply(context, runId));
  }

  private static void initialize(Class<?> type) {
    try {
      Class.forName(type.getName(), true, type.getClassLoader());
    } catch (ClassNotFoundException e) {
      throw new IllegalStateException("cannot initialize " + type.getName(), e);
    }
  }
}
