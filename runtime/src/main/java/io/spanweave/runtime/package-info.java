/**
 * The spanweave runtime: configuration ({@link io.spanweave.runtime.TraceConfig}), lifecycle
 * ({@link io.spanweave.runtime.Tracing}, {@link io.spanweave.runtime.TraceRuntime}), the basic API
 * ({@link io.spanweave.runtime.Trace}) and the small types generated delegates call
 * ({@link io.spanweave.runtime.Stage}, {@link io.spanweave.runtime.StageSpan},
 * {@link io.spanweave.runtime.StageAdvice}).
 *
 * <p>Infrastructure only: nothing here names a rollout, an agent or any other business concept,
 * and nothing here imports the OpenTelemetry SDK; that is confined to
 * {@link io.spanweave.runtime.otel}. The driver's local collector, which child processes export to,
 * is {@link io.spanweave.runtime.collector}; where spans go in each deployment is described in
 * {@code docs/deployment.md}.
 */
package io.spanweave.runtime;
