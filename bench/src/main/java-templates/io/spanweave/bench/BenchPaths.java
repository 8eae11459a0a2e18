package io.spanweave.bench;

/** Paths fixed when the benchmarks were built (filtered from {@code src/main/java-templates}). */
public final class BenchPaths {

  /** The OpenTelemetry javaagent, copied into {@code bench/target/agent} by the build. */
  public static final String JAVAAGENT = "${bench.agent.jar}";

  /** The forked JVM's option that loads {@link #JAVAAGENT}; a constant, as {@code @Fork} needs. */
  public static final String JAVAAGENT_OPTION = "-javaagent:" + JAVAAGENT;

  /** The compile benchmark's processor path (the processor, the lint rules, JavaPoet), one line. */
  public static final String PROCESSOR_PATH_FILE =
      "${project.build.directory}/compile-bench/processor.path";

  /**
   * The compile benchmark's class path (annotations, conventions, API, runtime, OpenTelemetry API),
   * one line.
   */
  public static final String PROJECT_PATH_FILE =
      "${project.build.directory}/compile-bench/project.path";

  /** AutoValue's processor jar, for the compile benchmark's peer mode. */
  public static final String AUTO_VALUE_PROCESSOR =
      "${project.build.directory}/compile-bench/auto-value/auto-value.jar";

  /** AutoValue's annotations jar, on the class path of the peer mode. */
  public static final String AUTO_VALUE_ANNOTATIONS =
      "${project.build.directory}/compile-bench/auto-value/auto-value-annotations.jar";

  /**
   * The folder of OpenTelemetry's released OTLP/JSON stdout exporter and the exporter modules of
   * its release, the export benchmark's peer ({@code io.spanweave.bench.sdk.OtlpStdoutPeer}).
   */
  public static final String LOGGING_OTLP_DIR = "${project.build.directory}/otel-logging-otlp";

  /** The release of {@link #LOGGING_OTLP_DIR}'s jars. */
  public static final String LOGGING_OTLP_VERSION = "${opentelemetry-logging-otlp.version}";

  private BenchPaths() {}
}
