package io.spanweave.viewer;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/** Immutable settings of one viewer: which files, which run, where to listen, where to link out. */
public final class ViewerOptions {
  public static final String DEFAULT_HOST = "127.0.0.1";
  public static final int DEFAULT_PORT = 18080;

  private final Path traceJsonl;
  private final List<Path> traceJsonls;
  private final Path liveJsonl;
  private final Path liveJsonlGiven;
  private final String service;
  private final String runId;
  private final String host;
  private final int port;
  private final URI jaegerUrl;
  private final URI zipkinUrl;
  private final Duration pollInterval;
  private final URI zipkinApi;
  private final Duration backendLookback;
  private final int backendLimit;
  private final boolean traceJsonlIsTemporary;
  private final long maxSpansInMemory;
  private final long segmentBytes;
  private final Path cacheDir;

  private ViewerOptions(Builder b) {
    this.zipkinApi = b.zipkinApi;
    this.backendLookback = b.backendLookback;
    this.backendLimit = b.backendLimit;
    if (b.traceJsonl == null && zipkinApi == null) {
      throw new NullPointerException("traceJsonl");
    }
    // Spans fetched from a backend go to a file of this viewer's own unless the caller names one.
    this.traceJsonlIsTemporary = b.traceJsonl == null;
    this.traceJsonl =
        b.traceJsonl != null
            ? traceFileOf(b.traceJsonl)
            : Path.of(
                System.getProperty("java.io.tmpdir"),
                "spanweave-viewer-zipkin-"
                    + ProcessHandle.current().pid()
                    + "-"
                    + Long.toHexString(System.nanoTime())
                    + ".jsonl");
    List<Path> all = new java.util.ArrayList<>();
    all.add(b.traceJsonl != null ? b.traceJsonl : traceJsonl);
    all.addAll(b.moreTraceJsonls);
    this.traceJsonls = List.copyOf(all);
    this.liveJsonlGiven = b.liveJsonl;
    // A backend has no live file; one is read only when named.
    this.liveJsonl =
        b.liveJsonl != null
            ? b.liveJsonl
            : zipkinApi != null ? null : traceJsonl.toAbsolutePath().resolveSibling("live.jsonl");
    this.service = b.service;
    this.runId = b.runId;
    this.host = b.host;
    this.port = b.port;
    this.jaegerUrl = b.jaegerUrl;
    // Spans read from a Zipkin server link to that server's UI unless told otherwise.
    this.zipkinUrl = b.zipkinUrl != null ? b.zipkinUrl : b.jaegerUrl == null ? b.zipkinApi : null;
    this.pollInterval = b.pollInterval;
    if (jaegerUrl != null && zipkinUrl != null) {
      throw new IllegalArgumentException("give --jaeger-url or --zipkin-url, not both");
    }
    this.maxSpansInMemory = b.maxSpansInMemory;
    this.segmentBytes = b.segmentBytes;
    this.cacheDir = b.cacheDir;
  }

  /**
   * The file a path names as the run's trace file: a run folder ({@code <runId>/}, holding {@code
   * traces/}) or its {@code traces/} folder stand for {@code traces/traces.jsonl}, whose closed
   * parts lie beside it; anything else is the file itself.
   */
  static Path traceFileOf(Path path) {
    if (!java.nio.file.Files.isDirectory(path)) {
      return path;
    }
    Path traces = path.resolve("traces");
    return java.nio.file.Files.isDirectory(traces)
        ? traces.resolve("traces.jsonl")
        : path.resolve("traces.jsonl");
  }

  public static Builder builder(Path traceJsonl) {
    return new Builder().traceJsonl(traceJsonl);
  }

  /**
   * A viewer of the spans in a Zipkin server: {@code api} is its base URL (the one that serves
   * {@code /api/v2/traces}). Fetched spans go to a temporary file unless {@link Builder#traceJsonl}
   * names one.
   */
  public static Builder zipkin(URI api) {
    return new Builder().zipkinApi(api);
  }

  /**
   * Parses the command line's options (see {@code --help}).
   *
   * @throws UsageException when they are not valid, or ask for help or the version instead
   */
  public static ViewerOptions parse(String[] args) throws UsageException {
    ViewerCommandLine.Request request = ViewerCommandLine.parse(args);
    if (request instanceof ViewerCommandLine.Start start) {
      return start.options();
    }
    throw new UsageException(
        "--help, --version and --compare print and exit; they do not start a viewer");
  }

  public Path traceJsonl() {
    return traceJsonl;
  }

  /**
   * Every path to read, as given: trace files, run folders, {@code traces/} folders or output
   * directories of run folders (each run folder read as its own run). The first is {@link
   * #traceJsonl()}'s.
   */
  public List<Path> traceJsonls() {
    return traceJsonls;
  }

  public Path liveJsonl() {
    return liveJsonl;
  }

  /** The live file named explicitly, or null (each run's own {@code live.jsonl} is read). */
  Path liveJsonlGiven() {
    return liveJsonlGiven;
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

  /** The Zipkin server the spans come from, or null when they come from the trace file alone. */
  public URI zipkinApi() {
    return zipkinApi;
  }

  /** How far back from now the backend is asked for traces, at every poll. */
  public Duration backendLookback() {
    return backendLookback;
  }

  /** At most this many traces per backend query. */
  public int backendLimit() {
    return backendLimit;
  }

  /**
   * Whether the trace file is one this viewer made for a backend's spans (deleted when it stops).
   */
  public boolean traceJsonlIsTemporary() {
    return traceJsonlIsTemporary;
  }

  /** The in-memory index of the newest spans holds at most this many; older ones are summarised. */
  public long maxSpansInMemory() {
    return maxSpansInMemory;
  }

  /** Decompressed bytes per segment, the unit of summaries and of loading older spans on demand. */
  public long segmentBytes() {
    return segmentBytes;
  }

  /** Where summaries are cached; null for {@code .spanweave-viewer} beside the trace file. */
  public Path cacheDir() {
    return cacheDir;
  }

  /** Builder; only the trace file is required. */
  public static final class Builder {
    private Path traceJsonl;
    private final List<Path> moreTraceJsonls = new java.util.ArrayList<>();
    private Path liveJsonl;
    private String service;
    private String runId;
    private String host = DEFAULT_HOST;
    private int port = DEFAULT_PORT;
    private URI jaegerUrl;
    private URI zipkinUrl;
    private Duration pollInterval = Duration.ofMillis(500);
    private URI zipkinApi;
    private Duration backendLookback = Duration.ofHours(1);
    private int backendLimit = 1000;
    private long maxSpansInMemory = io.spanweave.viewer.ingest.ReadSettings.defaultMaxSpans();
    private long segmentBytes = io.spanweave.viewer.ingest.ReadSettings.DEFAULT_SEGMENT_BYTES;
    private Path cacheDir;

    /**
     * How many of the newest spans the in-memory index holds (default: as many as half the heap
     * holds). A run with more is summarised, and its older steps are loaded when asked for.
     */
    public Builder maxSpansInMemory(long spans) {
      if (spans < 1) {
        throw new IllegalArgumentException("maxSpansInMemory must be positive");
      }
      this.maxSpansInMemory = spans;
      return this;
    }

    /**
     * Decompressed bytes per segment (default 8 MiB); smaller segments load faster and summarise
     * finer.
     */
    public Builder segmentBytes(long bytes) {
      if (bytes < 1024) {
        throw new IllegalArgumentException("segments must be at least 1024 bytes");
      }
      this.segmentBytes = bytes;
      return this;
    }

    /** Where to cache summaries (default: {@code .spanweave-viewer} beside the trace file). */
    public Builder cacheDir(Path dir) {
      this.cacheDir = dir;
      return this;
    }

    public Builder zipkinApi(URI api) {
      this.zipkinApi = api;
      return this;
    }

    public Builder backendLookback(Duration lookback) {
      this.backendLookback = lookback;
      return this;
    }

    public Builder backendLimit(int limit) {
      this.backendLimit = limit;
      return this;
    }

    public Builder traceJsonl(Path path) {
      this.traceJsonl = path;
      return this;
    }

    /**
     * Another trace file, run folder or output directory to read beside the first (runs to
     * compare).
     */
    public Builder addTraceJsonl(Path path) {
      this.moreTraceJsonls.add(path);
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
