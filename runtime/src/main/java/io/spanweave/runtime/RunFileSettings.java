package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import io.spanweave.runfiles.internal.parts.PartCodecs;

/**
 * How a run's file of finished spans is kept on disk: {@code traces.jsonl} is the part being
 * written; once it would grow past {@link #partMaxBytes()} it is closed as {@code
 * traces-000001.jsonl} (then {@code 000002}, ...) and a new {@code traces.jsonl} starts; a
 * background thread then compresses each closed part with {@link #codec()} ({@code
 * traces-000001.jsonl.gz}). Every part is OTLP JSON lines once decompressed; {@link RunParts} reads
 * them all in order.
 *
 * <pre>{@code
 * TraceConfig.builder().runFiles(files -> files.withPartMaxBytes(256L << 20).withCodec("gzip"))
 * }</pre>
 *
 * @param partMaxBytes the size at which the part being written is closed, in bytes; 0 never closes
 *     it (one ever-growing {@code traces.jsonl}, as before parts existed)
 * @param codec how closed parts are compressed: {@value #GZIP} (built in), {@value #NONE} (closed
 *     parts stay plain), or the name of a {@link io.spanweave.runfiles.spi.RunPartCodec} on the
 *     class path
 */
public record RunFileSettings(long partMaxBytes, String codec) {

  /** Default of {@link #partMaxBytes()}: 64 MiB. */
  public static final long DEFAULT_PART_MAX_BYTES = 64L << 20;

  /** The smallest {@link #partMaxBytes()} other than 0. */
  public static final long MIN_PART_MAX_BYTES = 4096;

  /** The built-in codec, the default: the JDK's gzip. */
  public static final String GZIP = "gzip";

  /** The codec that leaves closed parts plain. */
  public static final String NONE = "none";

  /** Parts of 64 MiB, compressed with gzip. */
  public static final RunFileSettings DEFAULT = new RunFileSettings(DEFAULT_PART_MAX_BYTES, GZIP);

  /**
   * Checks both values; an unknown codec names the ones that are there.
   *
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public RunFileSettings {
    require(
        partMaxBytes == 0 || partMaxBytes >= MIN_PART_MAX_BYTES,
        "runFiles.partMaxBytes "
            + partMaxBytes
            + " is too small for a part of traces.jsonl; use 0 (never close the part being written) or at least "
            + MIN_PART_MAX_BYTES
            + ", e.g. "
            + DEFAULT_PART_MAX_BYTES
            + " (64 MiB)");
    require(
        codec != null && !codec.isBlank(),
        "runFiles.codec is blank; use "
            + GZIP
            + " (the default), "
            + NONE
            + " or the name of a codec module on the class path");
    codec = codec.trim().toLowerCase(java.util.Locale.ROOT);
    require(
        codec.equals(NONE) || PartCodecs.find(codec).isPresent(),
        "runFiles.codec: no part codec named '"
            + codec
            + "' is on the class path; use one of "
            + PartCodecs.names()
            + " or "
            + NONE
            + ", or add the module that provides it");
  }

  /** These settings with another {@link #partMaxBytes()}. */
  public RunFileSettings withPartMaxBytes(long bytes) {
    return new RunFileSettings(bytes, codec);
  }

  /** These settings with another {@link #codec()}. */
  public RunFileSettings withCodec(String name) {
    return new RunFileSettings(partMaxBytes, name);
  }

  /** Whether closed parts are compressed. */
  public boolean compresses() {
    return !codec.equals(NONE);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code SPANWEAVE_PART_MAX_BYTES} and {@code
   * SPANWEAVE_PART_CODEC}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong, and what it may be
   */
  RunFileSettings withEnvironment(EnvironmentValues env) {
    java.util.Optional<Long> bytes = env.longInteger(TraceEnvironment.PART_MAX_BYTES);
    java.util.Optional<String> name = env.text(TraceEnvironment.PART_CODEC);
    RunFileSettings sized;
    try {
      sized = bytes.map(this::withPartMaxBytes).orElse(this);
    } catch (IllegalArgumentException e) {
      throw env.wrong(
          TraceEnvironment.PART_MAX_BYTES,
          bytes.get().toString(),
          "0 (one file, never closed as parts) "
              + "or a size in bytes of at least "
              + MIN_PART_MAX_BYTES
              + ", e.g. "
              + DEFAULT_PART_MAX_BYTES);
    }
    try {
      return name.map(sized::withCodec).orElse(sized);
    } catch (IllegalArgumentException e) {
      throw env.wrong(
          TraceEnvironment.PART_CODEC,
          name.get(),
          "a codec on the class path (" + String.join(", ", PartCodecs.names()) + ") or " + NONE);
    }
  }
}
