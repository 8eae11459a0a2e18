package io.spanweave.runtime;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Where a run's finished spans go: one choice, so that settings cannot contradict each other.
 *
 * <ul>
 *   <li>{@link LocalFile} (the default): the run's own {@code traces.jsonl}, with the driver's local
 *       collector for child processes;
 *   <li>{@link Otlp}: an OTLP collector run outside this process (the OpenTelemetry Collector,
 *       Jaeger, Tempo, or, in a child process, the driver's local collector);
 *   <li>{@link Zipkin}: a Zipkin server's span endpoint;
 *   <li>{@link None}: nowhere; spans are still made, for what else watches them (tests, samplers).
 * </ul>
 *
 * <pre>{@code
 * TraceConfig.builder().enabled(true)
 *     .export(new ExportTarget.Otlp("http://collector:4318", null, OtlpProtocol.HTTP_PROTOBUF, Map.of()))
 *     .build();
 * }</pre>
 */
public sealed interface ExportTarget {

  /** The default: the run's {@code traces.jsonl}, and a local collector that child processes export to. */
  static ExportTarget localFile() {
    return LocalFile.INSTANCE;
  }

  /** Whether spans leave this process for a collector outside it. */
  default boolean isExternal() {
    return this instanceof Otlp || this instanceof Zipkin;
  }

  /** The run's {@code traces.jsonl} and the local collector; see {@link ExportTarget}. */
  enum LocalFile implements ExportTarget {
    INSTANCE
  }

  /** No export at all. */
  enum None implements ExportTarget {
    INSTANCE
  }

  /**
   * An OTLP collector.
   *
   * @param endpoint the base URL, such as {@code http://collector:4318}; with {@code http/protobuf}
   *     the exporter appends {@code /v1/traces} (as for {@code OTEL_EXPORTER_OTLP_ENDPOINT}); may be
   *     {@code null} when {@code tracesEndpoint} is given
   * @param tracesEndpoint the full traces URL, used as it is ({@code OTEL_EXPORTER_OTLP_TRACES_ENDPOINT});
   *     wins over {@code endpoint}; may be {@code null}
   * @param protocol {@code http/protobuf} or {@code grpc}
   * @param headers sent with every export, such as an authorization header
   */
  record Otlp(String endpoint, String tracesEndpoint, OtlpProtocol protocol, Map<String, String> headers)
      implements ExportTarget {

    public Otlp {
      headers = headers == null ? Map.of() : Collections.unmodifiableMap(new LinkedHashMap<>(headers)); // in order
    }

    /**
     * The URL the exporter sends to: {@link #tracesEndpoint()} as it is, else {@link #endpoint()}
     * plus {@code /v1/traces} with {@code http/protobuf}.
     */
    public String tracesUrl() {
      if (tracesEndpoint != null) {
        return tracesEndpoint;
      }
      if (endpoint == null || protocol == OtlpProtocol.GRPC) {
        return endpoint;
      }
      return endpoint.endsWith("/") ? endpoint + "v1/traces" : endpoint + "/v1/traces";
    }

    /** The headers' names only: their values are credentials and never printed. */
    @Override
    public String toString() {
      return "Otlp[endpoint=" + endpoint + ", tracesEndpoint=" + tracesEndpoint + ", protocol=" + protocol
          + ", headers=" + headers.keySet() + "]";
    }
  }

  /**
   * A Zipkin server.
   *
   * @param endpoint the span endpoint, such as {@code http://zipkin:9411/api/v2/spans} (as for
   *     {@code OTEL_EXPORTER_ZIPKIN_ENDPOINT}, the full URL)
   */
  record Zipkin(String endpoint) implements ExportTarget {
  }
}
