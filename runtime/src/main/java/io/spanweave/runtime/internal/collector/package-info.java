/**
 * Not part of spanweave's API. The driver's local collector: an OTLP/HTTP receiver that child processes export their spans to,
 * writing them into the run's {@code traces.jsonl}. It decodes the OTLP wire format with the
 * generated messages of {@code opentelemetry-proto}, which spanweave-otlp brings ({@link
 * io.spanweave.runtime.internal.collector.OtlpDecoding}; without it every request gets a 415 that
 * names the artifact), and never imports the OpenTelemetry SDK.
 */
package io.spanweave.runtime.internal.collector;
