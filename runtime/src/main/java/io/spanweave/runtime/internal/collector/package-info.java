/**
 * Not part of spanweave's API. The driver's local collector: an OTLP receiver that child processes
 * export their spans to, writing them into the run's {@code traces.jsonl}. It decodes OTLP/JSON
 * itself and other encodings through a {@link io.spanweave.runtime.spi.TraceReceiverProvider}
 * (spanweave-otlp: protobuf, gRPC); without one a protobuf request gets a 415 that names the
 * artifact. It never imports the OpenTelemetry SDK or protobuf.
 */
package io.spanweave.runtime.internal.collector;
