package io.spanweave.api;

import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.spanweave.annotations.Kind;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.api.internal.SpanStartFields;
import io.spanweave.conventions.SpanAttributes;
import java.util.Map;

/**
 * How the {@link Trace} facade starts its spans: under the current context, a given parent, or the
 * context a carrier holds, with the attributes checked by the value policy and the fields every
 * spanweave span carries at start ({@code SpanStartFields}).
 */
final class FacadeSpans {

  private FacadeSpans() {}

  /**
   * A span builder under the context in {@code parentCarrier}, checked against the run (a carrier
   * of another run, or one that names no run while carriers are strict, starts a new trace and is
   * reported), or under the current context when there is no carrier.
   */
  static SpanBuilder builder(
      ActiveTracing active,
      String name,
      Map<String, ?> attributes,
      Map<String, String> parentCarrier) {
    SpanBuilder builder =
        active
            .tracer
            .spanBuilder(name == null ? SpanAttributes.UNNAMED_SPAN : name)
            .setSpanKind(SpanKind.INTERNAL);
    Context parentContext = null;
    if (parentCarrier != null) {
      Context parent = Carriers.extract(active, parentCarrier);
      String carrierRun = RunBaggage.runOf(parent);
      if (carrierRun != null && !carrierRun.equals(active.runId)) {
        // The carrier is data (the headers of a request), not a usage error: report it, start a new
        // trace.
        TracingFaults.report(
            "carrier",
            "the parent carrier of span '"
                + name
                + "' comes from run "
                + carrierRun
                + " but this process records run "
                + active.runId
                + "; carriers are run-scoped, so the span starts a new "
                + "trace instead of joining one of another run",
            null);
        parentContext = Context.root();
        builder.setNoParent();
      } else if (Carriers.unverified(parent) && active.strictCarriers) {
        Carriers.reportRefusedUnverified(active, name);
        parentContext = Context.root();
        builder.setNoParent();
      } else if (Span.fromContext(parent).getSpanContext().isValid()) {
        parentContext = parent;
        builder.setParent(parent);
        if (carrierRun == null) {
          // W3C behaviour: joined, and marked so that a reader knows no run vouched for the parent.
          builder.setAttribute(SpanAttributes.PARENT_RUN_VERIFIED, false);
        }
      } else if (parentCarrier.containsKey("traceparent")) {
        // An empty carrier is a first hop; a traceparent that does not parse is a bug upstream.
        TracingFaults.report(
            "carrier",
            "the traceparent in the parent carrier of span '"
                + name
                + "' is not valid; "
                + "the span stays under the current context",
            null);
      }
    }
    builder.setAllAttributes(AttributeValues.of(active, name, attributes));
    return SpanStartFields.apply(
        builder, active, parentContext == null ? Context.current() : parentContext);
  }

  /** A span builder under {@code parent}, of {@code kind} when not {@code null}. */
  static SpanBuilder builderUnder(
      ActiveTracing active, String name, Kind kind, Map<String, ?> attributes, Context parent) {
    SpanBuilder builder =
        active
            .tracer
            .spanBuilder(name == null ? SpanAttributes.UNNAMED_SPAN : name)
            .setSpanKind(SpanKind.INTERNAL)
            .setParent(parent);
    if (kind != null) {
      builder.setAttribute(SpanAttributes.KIND, kind.attributeValue());
    }
    builder.setAllAttributes(AttributeValues.of(active, name, attributes));
    return SpanStartFields.apply(builder, active, parent);
  }

  /**
   * A started span of the facade, current until its scope closes; {@link StageSpan#NOOP} when it
   * cannot start.
   */
  static StageSpan open(
      ActiveTracing active, String name, Map<String, ?> attributes, boolean previews) {
    return open(active, name, null, attributes, previews);
  }

  static StageSpan open(
      ActiveTracing active, String name, Kind kind, Map<String, ?> attributes, boolean previews) {
    try {
      Span span =
          kind == null
              ? builder(active, name, attributes, null).startSpan()
              : builderUnder(active, name, kind, attributes, Context.current()).startSpan();
      return new RecordingStageSpan(active, name, span, LogCorrelation.makeCurrent(span), previews);
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report("start", "could not start span '" + name + "'", e);
      return StageSpan.NOOP;
    }
  }
}
