package io.spanweave.bench.sdk;

import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.bench.BenchPaths;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Stream;

/**
 * OpenTelemetry's released {@code OtlpStdoutSpanExporter} ({@code
 * opentelemetry-exporter-logging-otlp}, the {@code otlp/stdout} exporter: OTLP/JSON lines, the
 * OpenTelemetry Collector's file format), the export benchmark's peer, as a user of OpenTelemetry
 * would write spans as JSON lines into a file: its builder given an output stream, under the SDK's
 * batch processor.
 *
 * <p>Its newest release served here, {@value BenchPaths#LOGGING_OTLP_VERSION}, calls marshaler
 * methods that the 1.68 exporter modules on the benchmark's class path no longer have. So its jar
 * and the two exporter modules of its own release ({@code opentelemetry-exporter-otlp-common},
 * {@code -exporter-common}, copied by the build into {@link BenchPaths#LOGGING_OTLP_DIR}) are
 * loaded by a class loader of their own, which looks in those jars first for OpenTelemetry's
 * exporter and generated proto classes; everything else, the SDK (1.68, the same as spanweave's)
 * and Jackson included, comes from the benchmark's class path. The exporter's code and its
 * marshalers are then exactly as released, and it receives the spans of the same SDK as spanweave.
 */
public final class OtlpStdoutPeer {

  private static final String EXPORTER =
      "io.opentelemetry.exporter.logging.otlp.internal.traces.OtlpStdoutSpanExporter";
  private static ClassLoader loader;

  private OtlpStdoutPeer() {}

  /**
   * A new released {@code OtlpStdoutSpanExporter} writing its lines into {@code out}, with its
   * defaults otherwise.
   */
  public static SpanExporter exporter(OutputStream out) {
    try {
      Class<?> exporterClass = Class.forName(EXPORTER, true, loader());
      Object builder = exporterClass.getMethod("builder").invoke(null);
      builder.getClass().getMethod("setOutput", OutputStream.class).invoke(builder, out);
      return (SpanExporter) builder.getClass().getMethod("build").invoke(builder);
    } catch (ReflectiveOperationException e) {
      throw new IllegalStateException(
          "could not create OpenTelemetry's OtlpStdoutSpanExporter "
              + BenchPaths.LOGGING_OTLP_VERSION
              + " from "
              + BenchPaths.LOGGING_OTLP_DIR
              + "; build the benchmarks with mvn package first",
          e);
    }
  }

  private static synchronized ClassLoader loader() {
    if (loader == null) {
      try (Stream<Path> jars = Files.list(Path.of(BenchPaths.LOGGING_OTLP_DIR))) {
        URL[] urls =
            jars.filter(jar -> jar.toString().endsWith(".jar"))
                .sorted()
                .map(OtlpStdoutPeer::url)
                .toArray(URL[]::new);
        if (urls.length != 3) {
          throw new IllegalStateException(
              "expected the 3 jars of OpenTelemetry's logging-otlp "
                  + BenchPaths.LOGGING_OTLP_VERSION
                  + " in "
                  + BenchPaths.LOGGING_OTLP_DIR
                  + ", found "
                  + urls.length);
        }
        loader = new ReleaseFirst(urls, OtlpStdoutPeer.class.getClassLoader());
      } catch (IOException e) {
        throw new UncheckedIOException(
            "no " + BenchPaths.LOGGING_OTLP_DIR + "; build the benchmarks with mvn package", e);
      }
    }
    return loader;
  }

  private static URL url(Path jar) {
    try {
      return jar.toUri().toURL();
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  /**
   * Finds OpenTelemetry's exporter and proto classes in the release's jars first, all else in the
   * parent.
   */
  private static final class ReleaseFirst extends URLClassLoader {

    static {
      registerAsParallelCapable();
    }

    ReleaseFirst(URL[] urls, ClassLoader parent) {
      super(urls, parent);
    }

    @Override
    protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
      if (!name.startsWith("io.opentelemetry.exporter.")
          && !name.startsWith("io.opentelemetry.proto.")) {
        return super.loadClass(name, resolve);
      }
      synchronized (getClassLoadingLock(name)) {
        Class<?> loaded = findLoadedClass(name);
        if (loaded == null) {
          try {
            loaded = findClass(name);
          } catch (ClassNotFoundException notInRelease) {
            return super.loadClass(name, resolve);
          }
        }
        if (resolve) {
          resolveClass(loaded);
        }
        return loaded;
      }
    }
  }
}
