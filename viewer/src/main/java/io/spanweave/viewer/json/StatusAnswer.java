package io.spanweave.viewer.json;

import com.fasterxml.jackson.annotation.JsonUnwrapped;

/**
 * {@code /api/status}: what has been read, how far, and the viewer's settings. One flat object:
 * each part below is written as its fields (in this order), the way the API has always had them, so
 * that each part is filled by what knows it (the index, the reading of the files, the live file,
 * the command line, the backend).
 *
 * @param lastError why the last reading of the trace files failed, null when it succeeded
 * @param version the index's version: it changes whenever spans are added
 * @param reading how far the run's parts are read, and what could not be
 * @param guardrails what the runtime's guardrails took out of the run's spans; null when the run's
 *     folder has no report of them (a run of an older runtime, or spans from elsewhere)
 */
public record StatusAnswer(
    @JsonUnwrapped IndexCounts index,
    @JsonUnwrapped FilesRead files,
    @JsonUnwrapped LoadStatus load,
    @JsonUnwrapped LineCounts lines,
    @JsonUnwrapped LiveStatus live,
    String lastError,
    @JsonUnwrapped ViewedRun run,
    long version,
    @JsonUnwrapped BackendStatus backend,
    ReadingStatus reading,
    GuardrailStatus guardrails) {}
