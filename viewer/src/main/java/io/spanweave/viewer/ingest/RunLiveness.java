package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;

/**
 * What is alive in the runs read: each run's {@code live.jsonl} (spans in flight, heartbeats) read
 * into {@link LiveSpans}, and the run folders' attempt records ({@link AttemptRecords}), which tell
 * it which attempts started. Polled before the trace files at every turn of the loop: the live
 * files are small and say what is stuck now.
 *
 * <p>{@link #poll} is the ingest thread's; what it fills answers any thread.
 */
final class RunLiveness implements AutoCloseable {
  private final LiveSpans liveSpans = new LiveSpans();
  private final AttemptRecords attemptRecords = new AttemptRecords();
  private final SourceFiles liveSources = new SourceFiles();

  /** A follower of a run's live file, read into {@link #liveSpans}. */
  JsonlFollower followerOf(Path liveFile) {
    return new JsonlFollower(liveFile, liveSources);
  }

  /** Reads what was appended to the runs' live files, then their attempt records. */
  void poll(List<RunSource> runs) throws IOException {
    for (RunSource run : runs) {
      if (run.live != null) {
        run.live.poll(liveSpans);
      }
    }
    attemptRecords.poll(runs.stream().map(RunSource::traceFile).toList(), liveSpans);
  }

  LiveSpans liveSpans() {
    return liveSpans;
  }

  AttemptRecords attemptRecords() {
    return attemptRecords;
  }

  @Override
  public void close() {
    liveSources.close();
  }
}
