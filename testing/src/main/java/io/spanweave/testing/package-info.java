/**
 * Span assertions for an application's own tests. {@link io.spanweave.testing.SpanweaveExtension}
 * (JUnit Jupiter) or {@link io.spanweave.testing.SpanRecorder#start()} (anything else) turns
 * tracing on in memory and keeps the spans of one test; {@code recorder.assertThat()} checks
 * stages, metrics, attributes, parents, traces, status, events and previews, and prints the
 * recorded spans as a tree when a check fails. This package names no OpenTelemetry SDK type.
 */
package io.spanweave.testing;
