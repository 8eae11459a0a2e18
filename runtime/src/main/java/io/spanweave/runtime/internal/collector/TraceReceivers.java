package io.spanweave.runtime.internal.collector;

import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.spi.GrpcReceiverProvider;
import io.spanweave.runtime.spi.TraceRequestDecoder;
import io.spanweave.runtime.spi.TraceRequestEncoder;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The receiving services on this process's class path, each found once with {@link ServiceLoader}
 * (the first one listed): the protobuf {@link TraceRequestDecoder} the collector decodes OTLP/HTTP
 * protobuf bodies with, the {@link TraceRequestEncoder} {@code Replay} encodes lines with, and the
 * {@link GrpcReceiverProvider} that receives OTLP/gRPC. Without them the collector receives
 * OTLP/HTTP JSON only (which it decodes itself), and what needs one says which artifact brings it.
 */
public final class TraceReceivers {

  /**
   * The artifact that brings OTLP/HTTP protobuf and OTLP/gRPC receiving, as users write it in their
   * build.
   */
  public static final String ARTIFACT = "io.spanweave:spanweave-otlp";

  private static final Service<TraceRequestDecoder> DECODER =
      new Service<>(TraceRequestDecoder.class, "decoder");
  private static final Service<TraceRequestEncoder> ENCODER =
      new Service<>(TraceRequestEncoder.class, "encoder");
  private static final Service<GrpcReceiverProvider> GRPC =
      new Service<>(GrpcReceiverProvider.class, "grpc");

  private TraceReceivers() {}

  /**
   * The protobuf decoder, or {@code null} when none is on the class path (or it could not be
   * loaded: reported once).
   */
  public static TraceRequestDecoder decoder() {
    return DECODER.get();
  }

  /**
   * The protobuf encoder, or {@code null} when none is on the class path (or it could not be
   * loaded: reported once).
   */
  public static TraceRequestEncoder encoder() {
    return ENCODER.get();
  }

  /**
   * The OTLP/gRPC receiver's provider, or {@code null} when none is on the class path (or it could
   * not be loaded).
   */
  public static GrpcReceiverProvider grpc() {
    return GRPC.get();
  }

  /** What a refusal or a warning says when a service is missing. */
  public static String missing(String what) {
    return what
        + " needs "
        + ARTIFACT
        + " (OpenTelemetry's OTLP messages and protobuf), which is not on this "
        + "process's class path: add it next to spanweave-runtime, with no version of its own under spanweave-bom "
        + "(docs/installation.md)";
  }

  /** One service, loaded the first time it is asked for. */
  private static final class Service<T> {
    private final Class<T> type;
    private final String name;
    private volatile T found;
    private volatile boolean loaded;

    Service(Class<T> type, String name) {
      this.type = type;
      this.name = name;
    }

    T get() {
      if (!loaded) {
        synchronized (this) {
          if (!loaded) {
            found = load();
            loaded = true;
          }
        }
      }
      return found;
    }

    private T load() {
      try {
        Iterator<T> services =
            ServiceLoader.load(type, TraceReceivers.class.getClassLoader()).iterator();
        return services.hasNext() ? services.next() : null;
      } catch (ServiceConfigurationError | LinkageError e) {
        // A service whose own dependencies are missing says which class, without a stack trace.
        String missing = missingClass(e);
        TracingFaults.report(
            "collector-receivers-" + name,
            "the collector's "
                + type.getSimpleName()
                + " could not be "
                + "loaded"
                + (missing == null ? "" : " (" + missing + " is missing)")
                + ", so spanweave works as "
                + "without "
                + ARTIFACT
                + " (the collector receives OTLP/HTTP JSON only); check that "
                + ARTIFACT
                + " and its dependencies (protobuf, opentelemetry-proto) are complete "
                + "on the class path",
            missing == null ? e : null);
        return null;
      }
    }
  }

  private static String missingClass(Throwable e) {
    for (Throwable cause = e; cause != null; cause = cause.getCause()) {
      if (cause instanceof NoClassDefFoundError || cause instanceof ClassNotFoundException) {
        return String.valueOf(cause.getMessage()).replace('/', '.');
      }
    }
    return null;
  }
}
