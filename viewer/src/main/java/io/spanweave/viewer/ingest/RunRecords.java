package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.summary.RunSummary;
import java.util.List;

/**
 * What the views read about the runs besides the spans in memory: the summaries of every span, the
 * open spans of live.jsonl, the attempt records, where spans' details are read from, and how many
 * spans memory holds. Handed out by the ingest loop, which keeps them current.
 */
public final class RunRecords {
  private final RunSummary summary;
  private final RunLiveness liveness;
  private final SourceFiles sources;
  private final long maxSpansInMemory;

  RunRecords(RunSummary summary, RunLiveness liveness, SourceFiles sources, long maxSpansInMemory) {
    this.summary = summary;
    this.liveness = liveness;
    this.sources = sources;
    this.maxSpansInMemory = maxSpansInMemory;
  }

  /** Every step of the runs, summarised. */
  public RunSummary summary() {
    return summary;
  }

  /** The spans live.jsonl says are open, and the attempts it tells about. */
  public LiveSpans liveSpans() {
    return liveness.liveSpans();
  }

  /** The attempt records of the run folders read (none for a file outside a run folder). */
  public List<AttemptRecords.Attempt> attempts() {
    return liveness.attemptRecords().all();
  }

  /** The files the in-memory index's spans were read from (their details are read there). */
  public SourceFiles sources() {
    return sources;
  }

  /** How many spans the in-memory index keeps at most. */
  public long maxSpansInMemory() {
    return maxSpansInMemory;
  }
}
