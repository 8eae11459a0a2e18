/**
 * spanweave-zipkin holds no code of its own: it is the set of dependencies that turns on Zipkin
 * export in spanweave-runtime ({@code OTEL_TRACES_EXPORTER=zipkin}). Without it, the runtime says
 * which artifact to add.
 */
package io.spanweave.zipkin;
