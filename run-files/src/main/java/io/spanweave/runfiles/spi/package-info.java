/**
 * The one service interface of a run's files: {@link io.spanweave.runfiles.spi.RunPartCodec}, a
 * compression format for a run's closed trace parts, with what reading a part through it takes
 * ({@link io.spanweave.runfiles.spi.PartInput}, {@link io.spanweave.runfiles.spi.SeekPoint}, {@link
 * io.spanweave.runfiles.spi.DamagedPartException}). A codec module registers its implementation in
 * {@code META-INF/services}; the runtime compresses closed parts with the codec a run is set to,
 * and the runtime, the viewer and the rollout preset read every part back through the codec its
 * file extension names. Nothing here depends on anything but the JDK.
 */
package io.spanweave.runfiles.spi;
