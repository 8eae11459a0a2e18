package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import java.nio.file.Path;

/**
 * What {@link TraceConfig.Builder#build()} checks about the run's own settings and how the parts go
 * together; each part checks its own values when it is made.
 */
final class RunSettingsChecks {

  private RunSettingsChecks() {}

  /**
   * @throws IllegalArgumentException naming the setting that is wrong and what to do instead
   */
  static void checkRun(
      String serviceName,
      Path outputDir,
      String runId,
      Integer rank,
      Integer localRank,
      Long resumeStep) {
    require(
        serviceName != null && !serviceName.isBlank(),
        "serviceName is blank; set it to the name of the program, e.g. serviceName(\"rollout\") or OTEL_SERVICE_NAME");
    require(
        outputDir != null,
        "outputDir is null; set it to the directory that holds the runs, e.g. Path.of(\"work_dirs/trace\")");
    require(
        runId == null || RunIds.isValid(runId),
        "runId '"
            + runId
            + "' cannot name a directory; use letters, digits, '.', '_' and '-' (at most 128), "
            + "or leave it unset to generate one");
    require(
        rank == null || rank >= 0,
        "rank " + rank + " is negative; use the process's RANK (0 or more), or leave it unset");
    require(
        localRank == null || localRank >= 0,
        "localRank "
            + localRank
            + " is negative; use LOCAL_RANK (0 or more), "
            + "or leave it unset");
    require(
        resumeStep == null || resumeStep >= 0,
        "resumeStep "
            + resumeStep
            + " is negative; give the first step "
            + "the trainer records again after loading its checkpoint (0 or more), or leave it unset");
  }

  /** Every propagator named is one this class path provides. */
  static void checkPropagators(PropagationSettings propagation) {
    for (String name : propagation.propagators()) {
      require(
          TracePropagators.isKnown(name),
          "propagator '"
              + name
              + "' is unknown; use tracecontext, baggage or "
              + "none, or add the artifact that provides it (e.g. io.opentelemetry:opentelemetry-extension-trace-propagators "
              + "for b3, b3multi, jaeger, ottrace) to the class path");
    }
  }

  /** The external collector's file serves the viewer when the run writes no file of its own. */
  static void checkExternalFile(
      Path externalTraceJsonlPath, ExportTarget export, ViewerSettings viewer) {
    if (externalTraceJsonlPath != null) {
      require(
          export.isExternal(),
          "externalTraceJsonlPath is set but the export ("
              + export.exporterName()
              + ") has no external collector; it names the file an external collector writes, so export to one too "
              + "(an OTLP or Zipkin target), or remove externalTraceJsonlPath to keep traces in this run's own traces.jsonl");
    }
    require(
        !(viewer.enabled()
            && !export.includesLocalFile()
            && !(export instanceof ExportTarget.None)
            && externalTraceJsonlPath == null),
        "viewer.enabled with an export that writes no local traces file ("
            + export.exporterName()
            + ") needs "
            + "externalTraceJsonlPath: spans go to the external collector, so the viewer can only read the JSON lines "
            + "that collector's file exporter writes; set externalTraceJsonlPath to that file, add the local file "
            + "(ExportTarget.localFile() in an ExportTarget.Composite, OTEL_TRACES_EXPORTER=spanweave,...), or turn the "
            + "viewer off");
  }
}
