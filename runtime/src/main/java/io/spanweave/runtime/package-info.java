/**
 * The spanweave SDK: configuration ({@link io.spanweave.runtime.TraceConfig} and its parts, such as
 * {@link io.spanweave.runtime.ExportTarget}), lifecycle ({@link io.spanweave.runtime.Tracing},
 * {@link io.spanweave.runtime.TraceRuntime}) and the OpenTelemetry SDK behind the API of {@code
 * io.spanweave.api}.
 *
 * <p>Infrastructure only: nothing here names a rollout, an agent or any other business concept.
 * This module is the only one of spanweave that imports the OpenTelemetry SDK. Its implementation
 * lives in {@code io.spanweave.runtime.internal.*}, which is not part of the API and may change in
 * any release: the span processors and file writers ({@code internal.export}), the driver's local
 * collector ({@code internal.collector}) and the line-appending file ({@code internal.jsonl}).
 * Where spans go in each deployment is described in {@code docs/deployment.md}.
 */
package io.spanweave.runtime;
