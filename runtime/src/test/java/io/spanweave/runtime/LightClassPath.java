package io.spanweave.runtime;

import java.io.File;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.stream.Collectors;

/**
 * The class path of an application with spanweave-runtime alone: the test class path without the
 * runtime's optional dependencies (OpenTelemetry's OTLP and Zipkin exporters and senders,
 * zipkin-reporter, opentelemetry-proto, protobuf, gRPC, OkHttp), for child JVMs that show what
 * works without spanweave-otlp.
 */
final class LightClassPath {

  /** Jars an application with spanweave-runtime alone does not have. */
  private static final List<String> OPTIONAL =
      List.of(
          "opentelemetry-exporter-otlp",
          "opentelemetry-exporter-sender",
          "opentelemetry-exporter-common",
          "opentelemetry-exporter-zipkin",
          "zipkin",
          "opentelemetry-proto",
          "protobuf",
          "grpc",
          "okhttp",
          "okio",
          "kotlin");

  private LightClassPath() {}

  static String classPath() {
    return Arrays.stream(System.getProperty("java.class.path").split(File.pathSeparator))
        .filter(
            entry ->
                OPTIONAL.stream()
                    .noneMatch(name -> Path.of(entry).getFileName().toString().startsWith(name)))
        .collect(Collectors.joining(File.pathSeparator));
  }
}
