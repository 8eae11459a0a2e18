package io.spanweave.runtime;

import java.nio.file.Path;

/**
 * Where a run's files are, the one place that knows the layout:
 *
 * <pre>
 * &lt;outputDir&gt;/&lt;runId&gt;/traces/traces.jsonl   one OTLP/JSON ExportTraceServiceRequest per line (the part being written)
 * &lt;outputDir&gt;/&lt;runId&gt;/traces/traces-000001.jsonl.gz   closed parts of it ({@link RunFileSettings}, {@link RunParts})
 * &lt;outputDir&gt;/&lt;runId&gt;/traces/live.jsonl     one record per span start and per span end
 * </pre>
 *
 * Paths are absolute, so that they can be handed to child processes and printed in logs.
 */
public final class RunLayout {

  /** Name of the file of finished spans. */
  public static final String TRACE_FILE_NAME = "traces.jsonl";

  /** Name of the file of span start and end records. */
  public static final String LIVE_FILE_NAME = "live.jsonl";

  private RunLayout() {}

  /** {@code <outputDir>/<runId>}. */
  public static Path runDir(TraceConfig config) {
    return config.outputDir().toAbsolutePath().normalize().resolve(config.runId());
  }

  /** {@code <outputDir>/<runId>/traces/traces.jsonl}. */
  public static Path traceFile(TraceConfig config) {
    return runDir(config).resolve("traces").resolve(TRACE_FILE_NAME);
  }

  /** {@code <outputDir>/<runId>/traces/live.jsonl}. */
  public static Path liveFile(TraceConfig config) {
    return runDir(config).resolve("traces").resolve(LIVE_FILE_NAME);
  }
}
