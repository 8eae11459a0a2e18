/**
 * Zipkin export, found by spanweave-runtime through {@link
 * io.spanweave.runtime.spi.SpanExporterProvider} ({@code META-INF/services}): not API, may change
 * in any release.
 */
package io.spanweave.zipkin.internal;
