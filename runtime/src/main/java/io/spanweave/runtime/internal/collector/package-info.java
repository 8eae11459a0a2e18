/**
 * Not part of spanweave's API. The driver's local collector: an OTLP receiver that child processes
 * export their spans to, writing them into the run's {@code traces.jsonl}. It decodes OTLP/JSON
 * itself, protobuf through a {@link io.spanweave.runtime.spi.TraceRequestDecoder} and gRPC through
 * a {@link io.spanweave.runtime.spi.GrpcReceiverProvider} (both from spanweave-otlp); without a
 * decoder a protobuf request gets a 415 that names the artifact. It never imports the OpenTelemetry
 * SDK or protobuf.
 */
package io.spanweave.runtime.internal.collector;
