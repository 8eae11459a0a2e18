package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.isHttpUrl;
import static io.spanweave.runtime.ConfigChecks.require;

import io.spanweave.conventions.SecretValues;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * Where a run's finished spans go: one choice, so that settings cannot contradict each other.
 *
 * <ul>
 *   <li>{@link LocalFile} (the default): the run's own {@code traces.jsonl}, with the driver's
 *       local collector for child processes;
 *   <li>{@link Otlp}: an OTLP collector run outside this process (the OpenTelemetry Collector,
 *       Jaeger, Tempo, or, in a child process, the driver's local collector);
 *   <li>{@link Zipkin}: a Zipkin server's span endpoint;
 *   <li>{@link Console}: OpenTelemetry's logging exporter, one log line per span ({@code
 *       OTEL_TRACES_EXPORTER=console} or {@code logging});
 *   <li>{@link None}: nowhere; spans are still made, for what else watches them (tests, samplers);
 *   <li>{@link Composite}: several of the above at once, such as the local file and an OTLP
 *       collector ({@code OTEL_TRACES_EXPORTER=spanweave,otlp}).
 * </ul>
 *
 * <pre>{@code
 * TraceConfig.builder().enabled(true)
 *     .export(ExportTarget.otlp("http://collector:4318").withHeaders(Map.of("authorization", "Bearer " + token)))
 *     .build();
 * }</pre>
 *
 * <p>{@link Otlp} needs {@code io.spanweave:spanweave-otlp} on the class path and {@link Zipkin}
 * {@code io.spanweave:spanweave-zipkin}: the runtime finds their exporters through {@link
 * io.spanweave.runtime.spi.SpanExporterProvider} by {@link #exporterName()}, and says which
 * artifact to add when one is missing.
 */
public sealed interface ExportTarget {

  /**
   * The default: the run's {@code traces.jsonl}, and a local collector that child processes export
   * to.
   */
  static ExportTarget localFile() {
    return LocalFile.INSTANCE;
  }

  /**
   * An OTLP collector at {@code endpoint}, the base URL such as {@code http://collector:4318}, over
   * {@code http/protobuf} with gzip; change the rest with {@link Otlp}'s {@code with} methods.
   *
   * @throws IllegalArgumentException when {@code endpoint} is not an http(s) URL
   */
  static Otlp otlp(String endpoint) {
    return new Otlp(endpoint, null, OtlpProtocol.HTTP_PROTOBUF, Map.of());
  }

  /**
   * A Zipkin server's span endpoint, such as {@code http://zipkin:9411/api/v2/spans}.
   *
   * @throws IllegalArgumentException when {@code endpoint} is not an http(s) URL
   */
  static Zipkin zipkin(String endpoint) {
    return new Zipkin(endpoint);
  }

  /** The part of {@link #parts()} of the given kind, such as the OTLP target of a composite. */
  default <T extends ExportTarget> Optional<T> part(Class<T> kind) {
    for (ExportTarget part : parts()) {
      if (kind.isInstance(part)) {
        return Optional.of(kind.cast(part));
      }
    }
    return Optional.empty();
  }

  /** Whether spans leave this process for a collector outside it. */
  default boolean isExternal() {
    return this instanceof Otlp || this instanceof Zipkin;
  }

  /** The single targets this one is made of: itself, or the parts of a {@link Composite}. */
  default List<ExportTarget> parts() {
    return List.of(this);
  }

  /**
   * Whether one of {@link #parts()} is {@link LocalFile}: the run's {@code traces.jsonl} is
   * written.
   */
  default boolean includesLocalFile() {
    return parts().contains(LocalFile.INSTANCE);
  }

  /**
   * The name {@code OTEL_TRACES_EXPORTER} gives this target, such as {@code otlp}, or the
   * comma-separated names of a composite's parts: {@code spanweave} for {@link LocalFile}.
   */
  default String exporterName() {
    if (this instanceof LocalFile) {
      return "spanweave";
    }
    if (this instanceof Otlp) {
      return "otlp";
    }
    if (this instanceof Zipkin) {
      return "zipkin";
    }
    if (this instanceof Console) {
      return "console";
    }
    if (this instanceof None) {
      return "none";
    }
    List<String> names = new ArrayList<>();
    for (ExportTarget part : parts()) {
      names.add(part.exporterName());
    }
    return String.join(",", names);
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
   * OpenTelemetry's {@code LoggingSpanExporter}: every span as one {@code java.util.logging} line
   * (logger {@code io.opentelemetry.exporter.logging.LoggingSpanExporter}), for a quick look
   * without a file or a collector.
   */
  enum Console implements ExportTarget {
    INSTANCE
  }

  /**
   * Several targets at once: every span goes to each part, such as the run's local file and an OTLP
   * collector. At least two parts, each a single target (no {@link None}, no composite), each kind
   * at most once.
   */
  record Composite(List<ExportTarget> parts) implements ExportTarget {

    public Composite {
      parts = List.copyOf(parts);
      if (parts.size() < 2) {
        throw new IllegalArgumentException(
            "Invalid TraceConfig: a composite export target needs at least two parts, got "
                + parts
                + "; use the single target itself");
      }
      List<Class<?>> kinds = new ArrayList<>();
      for (ExportTarget part : parts) {
        if (part instanceof None || part instanceof Composite) {
          throw new IllegalArgumentException(
              "Invalid TraceConfig: a composite export target cannot hold "
                  + part.exporterName()
                  + "; list single targets such as localFile() and an Otlp");
        }
        if (kinds.contains(part.getClass())) {
          throw new IllegalArgumentException(
              "Invalid TraceConfig: a composite export target holds "
                  + part.exporterName()
                  + " twice; each kind of target may appear once");
        }
        kinds.add(part.getClass());
      }
    }

    /** Whether one of the parts sends spans to a collector outside this process. */
    @Override
    public boolean isExternal() {
      return parts.stream().anyMatch(ExportTarget::isExternal);
    }
  }

  /**
   * An OTLP collector.
   *
   * @param endpoint the base URL, such as {@code http://collector:4318}; with {@code http/protobuf}
   *     the exporter appends {@code /v1/traces} (as for {@code OTEL_EXPORTER_OTLP_ENDPOINT}); may
   *     be {@code null} when {@code tracesEndpoint} is given
   * @param tracesEndpoint the full traces URL, used as it is ({@code
   *     OTEL_EXPORTER_OTLP_TRACES_ENDPOINT}); wins over {@code endpoint}; may be {@code null}
   * @param protocol {@code http/protobuf} or {@code grpc}
   * @param headers sent with every export, such as an authorization header
   * @param compression {@code gzip} (spanweave's default) or {@code none}, as {@code
   *     OTEL_EXPORTER_OTLP_COMPRESSION} names it; {@code null} for {@code gzip}
   * @param timeout the longest time one export request may take, as {@code
   *     OTEL_EXPORTER_OTLP_TIMEOUT}; {@code null} (the default) derives it from {@link
   *     BatchSettings#timeout()}
   */
  record Otlp(
      String endpoint,
      String tracesEndpoint,
      OtlpProtocol protocol,
      Map<String, String> headers,
      String compression,
      Duration timeout)
      implements ExportTarget {

    /** {@code gzip}: every OTLP receiver accepts it, and span batches compress well. */
    public static final String DEFAULT_COMPRESSION = "gzip";

    /**
     * @throws IllegalArgumentException naming the setting that is wrong
     */
    public Otlp {
      require(
          endpoint == null || isHttpUrl(endpoint),
          "OTLP endpoint '"
              + SecretValues.maskUrl(endpoint)
              + "' is not an http(s) URL; use e.g. http://collector:4318 (http/protobuf) or http://collector:4317 (grpc)");
      require(
          tracesEndpoint == null || isHttpUrl(tracesEndpoint),
          "OTLP tracesEndpoint '"
              + SecretValues.maskUrl(tracesEndpoint)
              + "' is not an http(s) URL; give the full traces URL, e.g. "
              + "http://collector:4318/v1/traces (http/protobuf) or http://collector:4317 (grpc)");
      require(
          endpoint != null || tracesEndpoint != null,
          "the OTLP target has no endpoint; give one, e.g. http://collector:4318");
      require(
          protocol != null,
          "the OTLP protocol is null; use OtlpProtocol.HTTP_PROTOBUF or OtlpProtocol.GRPC");
      headers =
          headers == null
              ? Map.of()
              : Collections.unmodifiableMap(new LinkedHashMap<>(headers)); // in order
      compression =
          compression == null ? DEFAULT_COMPRESSION : compression.trim().toLowerCase(Locale.ROOT);
      if (!compression.equals("gzip") && !compression.equals("none")) {
        throw new IllegalArgumentException(
            "Invalid TraceConfig: OTLP compression '"
                + compression
                + "' is not supported; use 'gzip' or 'none'");
      }
      if (timeout != null && (timeout.isNegative() || timeout.isZero())) {
        throw new IllegalArgumentException(
            "Invalid TraceConfig: OTLP timeout "
                + timeout
                + " must be a positive duration, e.g. Duration.ofSeconds(10)");
      }
    }

    /** An OTLP collector with gzip compression and the timeout derived from the export timeout. */
    public Otlp(
        String endpoint,
        String tracesEndpoint,
        OtlpProtocol protocol,
        Map<String, String> headers) {
      this(endpoint, tracesEndpoint, protocol, headers, null, null);
    }

    /** This target over another protocol. */
    public Otlp withProtocol(OtlpProtocol protocol) {
      return new Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
    }

    /** This target with other headers, replacing these. */
    public Otlp withHeaders(Map<String, String> headers) {
      return new Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
    }

    /** This target with another compression: {@code gzip} or {@code none}. */
    public Otlp withCompression(String compression) {
      return new Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
    }

    /**
     * This target with a request timeout of its own; {@code null} derives it from the export
     * timeout.
     */
    public Otlp withTimeout(Duration timeout) {
      return new Otlp(endpoint, tracesEndpoint, protocol, headers, compression, timeout);
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
      int query = endpoint.indexOf('?'); // the path goes before a query, such as ?token=...
      String base = query >= 0 ? endpoint.substring(0, query) : endpoint;
      String rest = query >= 0 ? endpoint.substring(query) : "";
      return (base.endsWith("/") ? base + "v1/traces" : base + "/v1/traces") + rest;
    }

    /**
     * The headers' names only, and the URLs masked: their values, user-info and queries may be
     * credentials.
     */
    @Override
    public String toString() {
      return "Otlp[endpoint="
          + SecretValues.maskUrl(endpoint)
          + ", tracesEndpoint="
          + SecretValues.maskUrl(tracesEndpoint)
          + ", protocol="
          + protocol
          + ", headers="
          + headers.keySet()
          + ", compression="
          + compression
          + ", timeout="
          + timeout
          + "]";
    }
  }

  /**
   * A Zipkin server.
   *
   * @param endpoint the span endpoint, such as {@code http://zipkin:9411/api/v2/spans} (as for
   *     {@code OTEL_EXPORTER_ZIPKIN_ENDPOINT}, the full URL)
   */
  record Zipkin(String endpoint) implements ExportTarget {

    /**
     * @throws IllegalArgumentException when {@code endpoint} is not an http(s) URL
     */
    public Zipkin {
      require(
          isHttpUrl(endpoint),
          "Zipkin endpoint '"
              + SecretValues.maskUrl(endpoint)
              + "' is not an http(s) URL; use Zipkin's span endpoint, e.g. http://zipkin:9411/api/v2/spans");
    }

    /** The URL masked: its user-info and query values may be credentials. */
    @Override
    public String toString() {
      return "Zipkin[endpoint=" + SecretValues.maskUrl(endpoint) + "]";
    }
  }
}
