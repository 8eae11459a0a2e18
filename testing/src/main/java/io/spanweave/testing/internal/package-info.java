/**
 * How spanweave-testing records: the one in-memory OpenTelemetry SDK the process shares while any
 * recorder is open, and the span processor that files each span under the recorder whose context it
 * started in. The only package of spanweave-testing that imports the OpenTelemetry SDK; not part of
 * the API, it may change in any release.
 */
package io.spanweave.testing.internal;
