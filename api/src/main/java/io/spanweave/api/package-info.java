/**
 * spanweave's API: what applications and generated delegates compile against. The {@link
 * io.spanweave.api.Trace} facade (spans, events, attributes, metrics, steps, context propagation),
 * {@link io.spanweave.api.TraceContext} and {@link io.spanweave.api.TraceCarrier}, and the small
 * types generated code calls ({@link io.spanweave.api.Stage}, {@link io.spanweave.api.StageSpan},
 * {@link io.spanweave.api.StageAdvice}).
 *
 * <p>It depends only on {@code opentelemetry-api}, the annotations and the conventions. With no SDK
 * installed (tracing off, or only this jar on the class path) every call is a no-op that costs one
 * volatile read and allocates nothing. {@code spanweave-runtime} is the SDK that installs itself
 * behind it when {@code Tracing.configure} runs.
 *
 * <p>Infrastructure only: nothing here names a rollout, an agent or any other business concept.
 */
package io.spanweave.api;
