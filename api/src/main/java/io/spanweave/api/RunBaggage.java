package io.spanweave.api;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.context.Context;
import io.spanweave.conventions.SpanAttributes;

/**
 * The W3C baggage entries spanweave carries with a trace context: {@code spanweave.run.id}, which
 * makes carriers run-scoped, and {@code spanweave.step}, which {@link Trace#step(long)} sets and
 * every span under it (in this process or a child) records.
 */
final class RunBaggage {

  static final String RUN_ID = SpanAttributes.RUN_ID;
  static final String STEP = SpanAttributes.STEP;

  private RunBaggage() {}

  /** {@code context} whose baggage names {@code runId}; the same context when it already does. */
  static Context withRun(Context context, String runId) {
    Baggage baggage = Baggage.fromContext(context);
    if (runId == null || runId.equals(baggage.getEntryValue(RUN_ID))) {
      return context;
    }
    return context.with(baggage.toBuilder().put(RUN_ID, runId).build());
  }

  /**
   * The run named in {@code context}'s baggage; {@code null} when it names none (a carrier of
   * another tool).
   */
  static String runOf(Context context) {
    return Baggage.fromContext(context).getEntryValue(RUN_ID);
  }

  /** {@code context} whose baggage holds {@code step}. */
  static Context withStep(Context context, long step) {
    return context.with(
        Baggage.fromContext(context).toBuilder().put(STEP, Long.toString(step)).build());
  }
}
