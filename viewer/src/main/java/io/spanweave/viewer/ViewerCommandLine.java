package io.spanweave.viewer;

import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Properties;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;

/**
 * The viewer's command line, parsed by picocli: the options, {@code --help} with every one of them,
 * {@code --version}, and errors that say what is wrong ("unknown option --colour", "--port needs a
 * value"). The flags are the ones XTuner's viewer restart command uses, plus our own.
 */
final class ViewerCommandLine {
  static final String NAME = "spanweave-viewer";

  /** What the command line asks for. */
  sealed interface Request permits Help, Version, Start, Compare {}

  record Help(String text) implements Request {}

  record Version(String text) implements Request {}

  record Start(ViewerOptions options) implements Request {}

  /** {@code --compare RUN_A RUN_B}: print the comparison and exit. */
  record Compare(CompareCommand.Request request) implements Request {}

  @Command(
      name = NAME,
      customSynopsis = {
        "java -jar spanweave-viewer.jar --trace-jsonl PATH [options]",
        "       java -jar spanweave-viewer.jar --zipkin-api URL [options]",
        "       java -jar spanweave-viewer.jar --compare RUN_A RUN_B [--trace-jsonl PATH] [--json] [--fail-above RATIO]"
      },
      description = {
        "",
        "Serves a rollout-oriented view of an OTLP JSON trace file (one ExportTraceServiceRequest per line,",
        "as written by spanweave, XTuner's trace layer or the OpenTelemetry Collector's file exporter),",
        "Jaeger's JSON ({\"data\": [...]} lines) or Zipkin's JSON v2 lines, or of the spans in a Zipkin server.",
        "Options also take the --name=value form.",
        ""
      },
      optionListHeading = "Options:%n",
      sortOptions = false,
      usageHelpWidth = 110)
  static final class Flags {
    @Option(
        names = "--trace-jsonl",
        paramLabel = "PATH",
        order = 1,
        description = {
          "trace file to read (a run's traces/traces.jsonl, its traces/ folder or the run folder:",
          "every part of the run is read), or an output directory of run folders; it may not exist yet",
          "(required unless --zipkin-api); give it again to read more runs (to compare them);",
          "with --zipkin-api, the file the fetched spans are written to"
        })
    List<String> traceJsonl;

    @Option(
        names = "--live-jsonl",
        paramLabel = "PATH",
        order = 2,
        description =
            "start/end records of in-flight spans (default: live.jsonl next to the trace file)")
    String liveJsonl;

    @Option(
        names = "--service",
        paramLabel = "NAME",
        order = 3,
        description =
            "show only traces with a span whose resource service.name is NAME (all their spans)")
    String service;

    @Option(
        names = "--run-id",
        paramLabel = "ID",
        order = 4,
        description =
            "show only traces with a span of this run (resource spanweave.run.id or run.id; all their spans)")
    String runId;

    @Option(
        names = "--host",
        paramLabel = "HOST",
        order = 5,
        description =
            "address to bind (default "
                + ViewerOptions.DEFAULT_HOST
                + "; use 0.0.0.0 to expose it)")
    String host;

    @Option(
        names = "--port",
        paramLabel = "PORT",
        order = 6,
        description =
            "port to listen on, 0 for any free port (default " + ViewerOptions.DEFAULT_PORT + ")")
    String port;

    @Option(
        names = {"--jaeger-url", "--jaeger-query-url"},
        paramLabel = "URL",
        order = 7,
        description = "link traces to this Jaeger UI, e.g. http://127.0.0.1:16686")
    String jaegerUrl;

    @Option(
        names = "--zipkin-url",
        paramLabel = "URL",
        order = 8,
        description = "link traces to this Zipkin UI, e.g. http://127.0.0.1:9411")
    String zipkinUrl;

    @Option(
        names = "--zipkin-api",
        paramLabel = "URL",
        order = 9,
        description = {
          "read the spans from this Zipkin server's query API, e.g. http://127.0.0.1:9411;",
          "traces link to its UI unless --jaeger-url or --zipkin-url says otherwise"
        })
    String zipkinApi;

    @Option(
        names = "--backend-lookback-minutes",
        paramLabel = "N",
        order = 10,
        description = "with --zipkin-api: ask for the traces of the last N minutes (default 60)")
    String backendLookbackMinutes;

    @Option(
        names = "--backend-limit",
        paramLabel = "N",
        order = 11,
        description = "with --zipkin-api: at most N traces per query (default 1000)")
    String backendLimit;

    @Option(
        names = "--poll-interval-ms",
        paramLabel = "N",
        order = 12,
        description = "how often to look for new lines (default 500)")
    String pollIntervalMs;

    @Option(
        names = "--max-spans-in-memory",
        paramLabel = "N",
        order = 13,
        description = {
          "keep at most N of the newest spans in memory (default: what half the heap holds);",
          "older steps of a longer run are summarised and loaded when asked for"
        })
    String maxSpansInMemory;

    @Option(
        names = "--cache-dir",
        paramLabel = "DIR",
        order = 14,
        description =
            "cache the run's summaries here (default: .spanweave-viewer beside the trace file)")
    String cacheDir;

    /** Handled before parsing ({@link SmokeCheck}); declared so that {@code --help} lists it. */
    @Option(
        names = SmokeCheck.FLAG,
        order = 15,
        description = {
          "check the installation and exit: serve the trace file (without",
          "--trace-jsonl a bundled example) on a free loopback port, ask the viewer's API what it read;",
          "exit 0 when it served spans, 1 if not"
        })
    boolean smoke;

    @Option(
        names = "--compare",
        arity = "2",
        paramLabel = "RUN",
        order = 14,
        description = {
          "print two runs' stage table (on the steps both have) and exit; a RUN is a trace",
          "file or a folder (run folder, output directory) of one run, PATH#RUN_ID, or a run",
          "id of the --trace-jsonl paths"
        })
    List<String> compare;

    @Option(
        names = "--json",
        order = 15,
        description = "with --compare: print the comparison as JSON (what /api/compare answers)")
    boolean json;

    @Option(
        names = "--metric",
        paramLabel = "KEY",
        order = 16,
        description = "with --compare: the metric compared per step (default: reward)")
    String metric;

    @Option(
        names = "--fail-above",
        paramLabel = "RATIO",
        order = 17,
        description = {
          "with --compare: exit with status 3 when a stage's p50 or p95 in the second run",
          "is more than RATIO times the first's (1.2: more than 20%% slower)"
        })
    String failAbove;

    @Option(
        names = {"-h", "--help"},
        usageHelp = true,
        order = 20,
        description = "print this help and exit")
    boolean help;

    @Option(
        names = {"-V", "--version"},
        versionHelp = true,
        order = 21,
        description = "print the version and exit")
    boolean version;
  }

  private ViewerCommandLine() {}

  static Request parse(String[] args) throws UsageException {
    Flags flags = new Flags();
    CommandLine commandLine =
        new CommandLine(flags)
            .setCaseInsensitiveEnumValuesAllowed(false)
            .setUnmatchedOptionsArePositionalParams(false)
            .setOverwrittenOptionsAllowed(false);
    try {
      commandLine.parseArgs(args);
    } catch (ParameterException e) {
      throw new UsageException(message(e, args));
    }
    if (flags.help) {
      return new Help(usage(commandLine));
    }
    if (flags.version) {
      return new Version(NAME + " " + version());
    }
    if (flags.compare != null) {
      return new Compare(compareRequest(flags));
    }
    for (String[] withCompare :
        new String[][] {
          {"--json", flags.json ? "" : null},
          {"--metric", flags.metric},
          {"--fail-above", flags.failAbove}
        }) {
      if (withCompare[1] != null) {
        throw new UsageException(withCompare[0] + " needs --compare RUN_A RUN_B");
      }
    }
    return new Start(options(flags));
  }

  private static CompareCommand.Request compareRequest(Flags f) throws UsageException {
    if (f.zipkinApi != null) {
      throw new UsageException("--compare reads trace files, not --zipkin-api");
    }
    Double failAbove = null;
    if (f.failAbove != null) {
      try {
        failAbove = Double.parseDouble(f.failAbove);
      } catch (NumberFormatException e) {
        throw new UsageException(
            "--fail-above must be a ratio such as 1.2, not '" + f.failAbove + "'");
      }
      if (!(failAbove > 0) || failAbove.isInfinite()) {
        throw new UsageException("--fail-above must be a ratio above 0, not '" + f.failAbove + "'");
      }
    }
    return new CompareCommand.Request(
        f.compare.get(0),
        f.compare.get(1),
        f.traceJsonl == null ? List.of() : f.traceJsonl.stream().map(Path::of).toList(),
        f.service,
        f.metric,
        f.json,
        failAbove);
  }

  static String usage(CommandLine commandLine) {
    StringWriter out = new StringWriter();
    commandLine.usage(new PrintWriter(out), CommandLine.Help.Ansi.OFF);
    return out.toString();
  }

  /** picocli's errors, said the way this viewer always said them. */
  private static String message(ParameterException e, String[] args) {
    if (e instanceof CommandLine.UnmatchedArgumentException unmatched) {
      List<String> rest = unmatched.getUnmatched();
      String first = rest.isEmpty() ? "?" : rest.get(0);
      if (first.startsWith("-")) {
        String name = first.contains("=") ? first.substring(0, first.indexOf('=')) : first;
        return "unknown option " + name;
      }
      return "unexpected argument '" + first + "'; options start with --";
    }
    if (e instanceof CommandLine.MissingParameterException missing
        && !missing.getMissing().isEmpty()
        && missing.getMissing().get(0) instanceof CommandLine.Model.OptionSpec option) {
      return option.longestName() + " needs a value";
    }
    if (e instanceof CommandLine.OverwrittenOptionException) {
      return e.getMessage()
          .replace("option '", "")
          .replace("' (", " (")
          .replace("should be specified only once", "is given twice");
    }
    return e.getMessage();
  }

  private static ViewerOptions options(Flags f) throws UsageException {
    if (f.traceJsonl == null && f.zipkinApi == null) {
      throw new UsageException(
          "--trace-jsonl PATH is required (or --zipkin-api URL to read a Zipkin server)");
    }
    if (f.zipkinApi == null && (f.backendLookbackMinutes != null || f.backendLimit != null)) {
      throw new UsageException(
          (f.backendLookbackMinutes != null ? "--backend-lookback-minutes" : "--backend-limit")
              + " needs --zipkin-api");
    }
    if (f.zipkinApi != null && f.traceJsonl != null && f.traceJsonl.size() > 1) {
      throw new UsageException(
          "with --zipkin-api, --trace-jsonl names the one file the spans are written to");
    }
    ViewerOptions.Builder b =
        f.zipkinApi != null
            ? ViewerOptions.zipkin(url("--zipkin-api", f.zipkinApi))
            : ViewerOptions.builder(Path.of(f.traceJsonl.get(0)));
    if (f.zipkinApi != null && f.traceJsonl != null) {
      b.traceJsonl(Path.of(f.traceJsonl.get(0)));
    }
    if (f.zipkinApi == null) {
      for (String more : f.traceJsonl.subList(1, f.traceJsonl.size())) {
        b.addTraceJsonl(Path.of(more));
      }
    }
    if (f.backendLookbackMinutes != null) {
      b.backendLookback(
          Duration.ofMinutes(positive("--backend-lookback-minutes", f.backendLookbackMinutes)));
    }
    if (f.backendLimit != null) {
      long limit = positive("--backend-limit", f.backendLimit);
      if (limit > 100_000) {
        throw new UsageException("--backend-limit must be at most 100000");
      }
      b.backendLimit((int) limit);
    }
    if (f.liveJsonl != null) {
      b.liveJsonl(Path.of(f.liveJsonl));
    }
    b.service(f.service).runId(f.runId);
    if (f.host != null) {
      b.host(f.host);
    }
    if (f.port != null) {
      b.port(port(f.port));
    }
    if (f.jaegerUrl != null) {
      b.jaegerUrl(url("--jaeger-url", f.jaegerUrl));
    }
    if (f.zipkinUrl != null) {
      b.zipkinUrl(url("--zipkin-url", f.zipkinUrl));
    }
    if (f.jaegerUrl != null && f.zipkinUrl != null) {
      throw new UsageException("give --jaeger-url or --zipkin-url, not both");
    }
    if (f.maxSpansInMemory != null) {
      b.maxSpansInMemory(positive("--max-spans-in-memory", f.maxSpansInMemory));
    }
    if (f.cacheDir != null) {
      b.cacheDir(Path.of(f.cacheDir));
    }
    if (f.pollIntervalMs != null) {
      b.pollInterval(Duration.ofMillis(positive("--poll-interval-ms", f.pollIntervalMs)));
    }
    return b.build();
  }

  private static int port(String value) throws UsageException {
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

  private static long positive(String flag, String value) throws UsageException {
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

  private static URI url(String flag, String value) throws UsageException {
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

  /** The project version the build wrote into {@code version.properties}. */
  static String version() {
    Properties p = new Properties();
    try (InputStream in = ViewerCommandLine.class.getResourceAsStream("version.properties")) {
      if (in != null) {
        p.load(in);
      }
    } catch (IOException e) {
      // Reported as unknown below.
    }
    return p.getProperty("version", "unknown");
  }
}
