/**
 * Service interfaces of the runtime: what an optional module implements and registers in
 * {@code META-INF/services}, found with {@link java.util.ServiceLoader}, so that the runtime never
 * names an optional class. {@link io.spanweave.runtime.spi.RunPartCodec}: a compression format for
 * a run's closed trace parts.
 */
package io.spanweave.runtime.spi;
