/**
 * OTLP receiving for the driver's local collector, found by spanweave-runtime through
 * {@link io.spanweave.runtime.spi.TraceReceiverProvider} ({@code META-INF/services}): OTLP/HTTP
 * protobuf bodies and OTLP/gRPC calls on the collector's own port are decoded into the runtime's
 * trace writer, and a run's file is encoded as protobuf for replay. Not API, may change in any release.
 */
package io.spanweave.otlp.internal.receiver;
