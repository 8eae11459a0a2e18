package io.spanweave.runtime.internal.collector;

/**
 * Whether this process can decode OTLP requests: the generated messages of
 * {@code opentelemetry-proto} and protobuf's runtime and JSON mapping, which come with
 * {@code io.spanweave:spanweave-otlp} and are not among the runtime's own dependencies (an
 * application that only writes its own spans to the run's file needs none of them). Checked by
 * name, without loading the classes, so that nothing here links to protobuf when it is missing:
 * the classes that do ({@link TraceRequests} and what it calls) are only touched when
 * {@link #available()} says so.
 */
public final class OtlpDecoding {

  /** The artifact that brings the decoding, as users write it in their build. */
  public static final String ARTIFACT = "io.spanweave:spanweave-otlp";

  private static final boolean AVAILABLE = present("com.google.protobuf.Message")
      && present("com.google.protobuf.util.JsonFormat")
      && present("io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest");

  private OtlpDecoding() {
  }

  /** Whether protobuf and the OTLP messages are on this process's class path. */
  public static boolean available() {
    return AVAILABLE;
  }

  /** What a refusal or a warning says when {@link #available()} is false. */
  public static String missing(String what) {
    return what + " needs " + ARTIFACT + " (OpenTelemetry's OTLP messages and protobuf), which is not on this "
        + "process's class path: add it next to spanweave-runtime, with no version of its own under spanweave-bom "
        + "(docs/installation.md)";
  }

  private static boolean present(String className) {
    try {
      Class.forName(className, false, OtlpDecoding.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }
}
