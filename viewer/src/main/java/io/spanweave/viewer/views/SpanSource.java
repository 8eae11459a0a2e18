package io.spanweave.viewer.views;

import io.spanweave.viewer.ingest.BackendSource;
import io.spanweave.viewer.ingest.SegmentLoader;
import io.spanweave.viewer.ingest.SegmentsRead;
import io.spanweave.viewer.ingest.ZipkinRun;
import io.spanweave.viewer.json.ReadingStatus;
import io.spanweave.viewer.query.RunFilter;
import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * Where the spans of a run come from: the run's files ({@link #files}), a Zipkin server whose spans
 * are copied into a file that is then read like any other ({@link #copiedFrom}), or a Zipkin server
 * asked on demand ({@link #onDemand}). Each question the in-memory index cannot answer gets the
 * spans to load instead ({@link Load}); {@link RunViews} turns them into windows.
 */
public interface SpanSource extends AutoCloseable {
  /**
   * Spans to load on demand because the in-memory index does not hold them all.
   *
   * @param key names the spans, for the cache of windows (equal keys load the same spans)
   * @param load reads or fetches them
   */
  record Load(String key, Supplier<SegmentLoader.Loaded> load) {}

  /** The run's files, whose {@code segments} the ingest loop reads. */
  static SpanSource files(SegmentsRead segments) {
    return new FileSpans(segments);
  }

  /**
   * The run's file, which {@code zipkin} fills with the spans it fetches; its {@code segments} are
   * read by the ingest loop.
   */
  static SpanSource copiedFrom(BackendSource zipkin, SegmentsRead segments) {
    return new CopiedSpans(zipkin, segments);
  }

  /** A Zipkin server asked for the newest spans and, on demand, for a step, trace or sample. */
  static SpanSource onDemand(ZipkinRun zipkin) {
    return new ZipkinSpans(zipkin);
  }

  /** Starts reading (a backend's polling thread); files are read by the ingest loop. */
  void start();

  /** Stops reading. */
  @Override
  void close();

  /** What the status calls the source: "file" or "zipkin". */
  String kind();

  /** The backend's base URL, or null for files. */
  String api();

  /** Spans fetched from the backend so far (0 for files). */
  long spansFetched();

  /** Polls of the backend so far (0 for files). */
  long polls();

  /** Why the backend's last query failed, or null. */
  String lastError();

  /** Whether a backend's first pass is still fetching the newest steps (never for files). */
  boolean fetching();

  /** What reading is doing now, given what the ingest loop says it does. */
  String phase(String ingestPhase);

  /** What the source could not read whole, for the status. */
  List<ReadingStatus.SkippedPart> skipped();

  /** Whether every span read so far is in the in-memory index. */
  boolean everythingInMemory();

  /** Whether a step is not read yet and must be loaded now to be answered. */
  boolean stepUnread(int step);

  /** The spans of {@code step}, when the in-memory index does not hold them all. */
  Optional<Load> step(int step);

  /** The spans of the trace; asked only when the in-memory index does not hold every span. */
  Optional<Load> trace(String traceHex);

  /** The spans naming the sample, in the run asked or any run; asked as {@link #trace} is. */
  Optional<Load> sample(RunFilter runs, String sampleId);

  /**
   * The newest steps all of whose spans are in the in-memory index, ascending and without a gap
   * (what lists over "all steps" cover once the run outgrew memory).
   */
  List<Integer> stepsInMemory();
}
