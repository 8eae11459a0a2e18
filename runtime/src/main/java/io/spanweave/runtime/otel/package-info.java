/**
 * The OpenTelemetry SDK adapter, the only package of spanweave that imports
 * {@code io.opentelemetry.sdk.*}: the tracer provider of a run, the processors that write
 * {@code traces.jsonl} and {@code live.jsonl} without blocking the traced code, the OpenTelemetry
 * exporters to an external collector (OTLP over HTTP or gRPC, Zipkin), and
 * {@link io.spanweave.runtime.otel.SdkTracing#configure}, the hook tests use to add an exporter.
 */
package io.spanweave.runtime.otel;
