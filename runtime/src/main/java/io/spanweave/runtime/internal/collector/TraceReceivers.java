package io.spanweave.runtime.internal.collector;

import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.spi.TraceReceiverProvider;
import java.util.Iterator;
import java.util.ServiceConfigurationError;
import java.util.ServiceLoader;

/**
 * The {@link TraceReceiverProvider} on this process's class path, if any: found once with
 * {@link ServiceLoader}, the first one listed. Without one the collector receives OTLP/HTTP JSON
 * only (which it decodes itself), and what needs one says which artifact brings it.
 */
public final class TraceReceivers {

  /** The artifact that brings OTLP/HTTP protobuf and OTLP/gRPC receiving, as users write it in their build. */
  public static final String ARTIFACT = "io.spanweave:spanweave-otlp";

  private static volatile TraceReceiverProvider provider;
  private static volatile boolean loaded;

  private TraceReceivers() {
  }

  /** The provider, or {@code null} when none is on the class path (or it could not be loaded: reported once). */
  public static TraceReceiverProvider provider() {
    if (!loaded) {
      synchronized (TraceReceivers.class) {
        if (!loaded) {
          provider = load();
          loaded = true;
        }
      }
    }
    return provider;
  }

  private static TraceReceiverProvider load() {
    try {
      Iterator<TraceReceiverProvider> found =
          ServiceLoader.load(TraceReceiverProvider.class, TraceReceivers.class.getClassLoader()).iterator();
      return found.hasNext() ? found.next() : null;
    } catch (ServiceConfigurationError | LinkageError e) {
      // A provider whose own dependencies are missing says which class, without a stack trace.
      String missing = missingClass(e);
      TracingFaults.report("collector-receivers", "the collector's receivers for OTLP/HTTP protobuf and OTLP/gRPC could "
          + "not be loaded" + (missing == null ? "" : " (" + missing + " is missing)") + ", so it receives OTLP/HTTP "
          + "JSON only; check that " + ARTIFACT + " and its dependencies (protobuf, opentelemetry-proto) are complete "
          + "on the class path", missing == null ? e : null);
      return null;
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

  /** What a refusal or a warning says when {@link #provider()} is {@code null}. */
  public static String missing(String what) {
    return what + " needs " + ARTIFACT + " (OpenTelemetry's OTLP messages and protobuf), which is not on this "
        + "process's class path: add it next to spanweave-runtime, with no version of its own under spanweave-bom "
        + "(docs/installation.md)";
  }
}
