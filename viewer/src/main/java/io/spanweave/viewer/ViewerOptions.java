package io.spanweave.viewer;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/** Immutable settings of one viewer: which files, which run, where to listen, where to link out. */
public final class ViewerOptions {
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 18080;

  static final String USAGE = String.join("\n",
      "Usage: java -jar spanweave-viewer.jar --trace-jsonl PATH [options]",
      "",
      "Serves a rollout-oriented view of an OTLP JSON trace file (one ExportTraceServiceRequest per line,",
      "as written by spanweave, XTuner's trace layer or the OpenTelemetry Collector's file exporter).",
      "",
      "Options:",
      "  --trace-jsonl PATH        trace file to read; it may not exist yet (required)",
      "  --live-jsonl PATH         start/end records of in-flight spans (default: live.jsonl next to the trace file)",
      "  --service NAME            show only spans whose resource service.name is NAME",
      "  --run-id ID               show only spans of this run (resource spanweave.run.id or run.id)",
      "  --host HOST               address to bind (default 127.0.0.1; use 0.0.0.0 to expose it)",
      "  --port PORT               port to listen on, 0 for any free port (default 18080)",
      "  --jaeger-url URL          link traces to this Jaeger UI, e.g. http://127.0.0.1:16686",
      "  --zipkin-url URL          link traces to this Zipkin UI, e.g. http://127.0.0.1:9411",
      "  --poll-interval-ms N      how often to look for new lines (default 500)",
      "  --smoke                   check the installation and exit: serve the trace file (without",
      "                            --trace-jsonl a bundled example) on a free loopback port, ask the",
      "                            viewer's API what it read; exit 0 when it served spans, 1 if not",
      "  --help                    print this help",
      "");

  private final Path traceJsonl;
  private final Path liveJsonl;
  private final String service;
  private final String runId;
  private final String host;
  private final int port;
  private final URI jaegerUrl;
  private final URI zipkinUrl;
  private final Duration pollInterval;

  private ViewerOptions(Builder b) {
    this.traceJsonl = Objects.requireNonNull(b.traceJsonl, "traceJsonl");
    this.liveJsonl = b.liveJsonl != null ? b.liveJsonl
        : traceJsonl.toAbsolutePath().resolveSibling("live.jsonl");
    this.service = b.service;
    this.runId = b.runId;
    this.host = b.host;
    this.port = b.port;
    this.jaegerUrl = b.jaegerUrl;
    this.zipkinUrl = b.zipkinUrl;
    this.pollInterval = b.pollInterval;
    if (jaegerUrl != null && zipkinUrl != null) {
      throw new IllegalArgumentException("give --jaeger-url or --zipkin-url, not both");
    }
  }

  public static Builder builder(Path traceJsonl) {
    return new Builder().traceJsonl(traceJsonl);
  }

  /** Parses the command line; {@code --help} is the caller's to handle before this. */
  public static ViewerOptions parse(String[] args) throws UsageException {
    Builder b = new Builder();
    for (int k = 0; k < args.length; k++) {
      String flag = args[k];
      String value = null;
      int eq = flag.indexOf('=');
      if (flag.startsWith("--") && eq > 0) {
        value = flag.substring(eq + 1);
        flag = flag.substring(0, eq);
      }
      if (!flag.startsWith("--")) {
        throw new UsageException("unexpected argument '" + args[k] + "'; options start with --");
      }
      if (value == null) {
        if (k + 1 >= args.length || args[k + 1].startsWith("--")) {
          throw new UsageException(flag + " needs a value");
        }
        value = args[++k];
      }
      switch (flag) {
        case "--trace-jsonl" -> b.traceJsonl(Path.of(value));
        case "--live-jsonl" -> b.liveJsonl(Path.of(value));
        case "--service" -> b.service(value);
        case "--run-id" -> b.runId(value);
        case "--host" -> b.host(value);
        case "--port" -> b.port(parsePort(value));
        case "--jaeger-url", "--jaeger-query-url" -> b.jaegerUrl(parseUrl(flag, value));
        case "--zipkin-url" -> b.zipkinUrl(parseUrl(flag, value));
        case "--poll-interval-ms" -> b.pollInterval(Duration.ofMillis(parsePositive(flag, value)));
        default -> throw new UsageException("unknown option " + flag);
      }
    }
    if (b.traceJsonl == null) {
      throw new UsageException("--trace-jsonl PATH is required");
    }
    if (b.jaegerUrl != null && b.zipkinUrl != null) {
      throw new UsageException("give --jaeger-url or --zipkin-url, not both");
    }
    return b.build();
  }

  private static int parsePort(String value) throws UsageException {
    try {
      int port = Integer.parseInt(value);
      if (port < 0 || port > 65535) {
        throw new UsageException("--port must be between 0 and 65535, not " + value);
      }
      return port;
    } catch (NumberFormatException e) {
      throw new UsageException("--port must be a number, not '" + value + "'");
    }
  }

  private static long parsePositive(String flag, String value) throws UsageException {
    try {
      long v = Long.parseLong(value);
      if (v <= 0) {
        throw new UsageException(flag + " must be positive");
      }
      return v;
    } catch (NumberFormatException e) {
      throw new UsageException(flag + " must be a number, not '" + value + "'");
    }
  }

  private static URI parseUrl(String flag, String value) throws UsageException {
    try {
      URI uri = URI.create(value);
      if (!"http".equals(uri.getScheme()) && !"https".equals(uri.getScheme())) {
        throw new UsageException(flag + " must be an http(s) URL, not '" + value + "'");
      }
      return uri;
    } catch (IllegalArgumentException e) {
      throw new UsageException(flag + " is not a URL: '" + value + "'");
    }
  }

  public Path traceJsonl() {
    return traceJsonl;
  }

  public Path liveJsonl() {
    return liveJsonl;
  }

  public String service() {
    return service;
  }

  public String runId() {
    return runId;
  }

  public String host() {
    return host;
  }

  public int port() {
    return port;
  }

  public URI jaegerUrl() {
    return jaegerUrl;
  }

  public URI zipkinUrl() {
    return zipkinUrl;
  }

  public Duration pollInterval() {
    return pollInterval;
  }

  /** Builder; only the trace file is required. */
  public static final class Builder {
    private Path traceJsonl;
    private Path liveJsonl;
    private String service;
    private String runId;
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private URI jaegerUrl;
    private URI zipkinUrl;
    private Duration pollInterval = Duration.ofMillis(500);

    public Builder traceJsonl(Path path) {
      this.traceJsonl = path;
      return this;
    }

    public Builder liveJsonl(Path path) {
      this.liveJsonl = path;
      return this;
    }

    public Builder service(String service) {
      this.service = service;
      return this;
    }

    public Builder runId(String runId) {
      this.runId = runId;
      return this;
    }

    public Builder host(String host) {
      this.host = host;
      return this;
    }

    public Builder port(int port) {
      this.port = port;
      return this;
    }

    public Builder jaegerUrl(URI url) {
      this.jaegerUrl = url;
      return this;
    }

    public Builder zipkinUrl(URI url) {
      this.zipkinUrl = url;
      return this;
    }

    public Builder pollInterval(Duration interval) {
      this.pollInterval = interval;
      return this;
    }

    public ViewerOptions build() {
      return new ViewerOptions(this);
    }
  }
}
