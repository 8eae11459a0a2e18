/**
 * spanweave-otlp holds no code of its own: it is the set of dependencies that turns on OTLP in
 * spanweave-runtime. With it on the class path, {@code OTEL_TRACES_EXPORTER=otlp} (or
 * {@code TraceConfig.exportTo(ExportTarget.otlp(...))}) exports over OTLP/HTTP with the JDK's
 * HttpClient, child processes export to the driver's local collector, and the collector decodes
 * OTLP protobuf and JSON requests. Without it, the runtime says which artifact to add.
 */
package io.spanweave.otlp;
