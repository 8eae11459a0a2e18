/**
 * Service interfaces through which optional modules plug into the runtime, each implemented by a
 * module and registered in {@code META-INF/services}, found with {@link java.util.ServiceLoader}:
 * the runtime names none of their classes, and works without them.
 *
 * <ul>
 *   <li>{@link io.spanweave.runtime.spi.SpanExporterProvider}: the exporter for a collector outside
 *       this process, one provider per exporter name ({@code otlp} from spanweave-otlp, {@code
 *       zipkin} from spanweave-zipkin), given the run's resolved {@link
 *       io.spanweave.runtime.spi.ExporterSettings}.
 *   <li>{@link io.spanweave.runtime.spi.TraceRequestDecoder}: decodes OTLP/HTTP protobuf, which the
 *       driver's local collector does not decode itself, into a {@link
 *       io.spanweave.runtime.spi.TraceRequestWriter}, which the runtime implements: the format of
 *       the run's file, the validation of ids and the run id on every resource stay the runtime's.
 *   <li>{@link io.spanweave.runtime.spi.GrpcReceiverProvider}: OTLP/gRPC on the collector's port;
 *       the receiver decodes each message into the writer the collector's {@link
 *       io.spanweave.runtime.spi.ReceivedTraces} opens, so a request flows one way.
 *   <li>{@link io.spanweave.runtime.spi.TraceRequestEncoder}: encodes a run's OTLP/JSON lines as
 *       protobuf for {@link io.spanweave.runtime.Replay}.
 * </ul>
 *
 * A compression format for a run's closed trace parts is a {@link
 * io.spanweave.runfiles.spi.RunPartCodec} of spanweave-run-files, the module that owns a run's file
 * format, as the viewer reads it too.
 */
package io.spanweave.runtime.spi;
