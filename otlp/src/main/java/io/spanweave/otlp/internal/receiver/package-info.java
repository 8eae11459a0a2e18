/**
 * OTLP receiving for the driver's local collector, found by spanweave-runtime through its service
 * interfaces ({@code META-INF/services}): OTLP/HTTP protobuf bodies ({@link
 * io.spanweave.runtime.spi.TraceRequestDecoder}) and OTLP/gRPC calls on the collector's own port
 * ({@link io.spanweave.runtime.spi.GrpcReceiverProvider}) are decoded into the runtime's trace
 * writer, and a run's file is encoded as protobuf for replay ({@link
 * io.spanweave.runtime.spi.TraceRequestEncoder}). Not API, may change in any release.
 */
package io.spanweave.otlp.internal.receiver;
