/**
 * Service interfaces through which optional modules plug into the runtime, found with
 * {@link java.util.ServiceLoader}: the runtime names none of their classes, and works without them.
 *
 * <p>{@link io.spanweave.runtime.spi.TraceReceiverProvider}: what the driver's local collector
 * receives beyond OTLP/HTTP JSON, which it decodes itself (spanweave-otlp provides OTLP/HTTP
 * protobuf and OTLP/gRPC). A provider decodes its encoding into a
 * {@link io.spanweave.runtime.spi.TraceRequestWriter}, which the runtime implements: the format of
 * the run's file, the validation of ids and the run id on every resource stay the runtime's.
 */
package io.spanweave.runtime.spi;
