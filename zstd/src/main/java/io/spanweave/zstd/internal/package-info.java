/**
 * The zstd codec of a run's closed parts, found by spanweave-run-files through {@link
 * io.spanweave.runfiles.spi.RunPartCodec} ({@code META-INF/services}): not API, may change in any
 * release.
 */
package io.spanweave.zstd.internal;
