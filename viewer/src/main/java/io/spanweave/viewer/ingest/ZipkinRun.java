package io.spanweave.viewer.ingest;

import io.spanweave.conventions.ViewerKeys;
import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.viewer.formats.FormatException;
import io.spanweave.viewer.formats.SpanLineParser;
import io.spanweave.viewer.index.Attribute;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanSummaries;
import java.io.IOException;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentSkipListSet;
import java.util.concurrent.atomic.AtomicLong;

/**
 * A run that lives in a Zipkin server, read on demand rather than copied: Zipkin's tag search
 * ({@code annotationQuery}) finds a step's traces ({@code rollout.step=N}, or whichever step key
 * the spans carry) and a sample's ({@code rollout.id=...}); {@code /api/v2/trace/{id}} one trace.
 *
 * <p>One background thread polls the recent traces (the newest spans, into the in-memory index
 * while it has room) and fetches the run's steps one query each, newest first, into the run's
 * summaries, so the step timeline covers every step without holding the run; a step that gains
 * spans is fetched again. A step, sample or trace not in memory is fetched when asked for ({@link
 * #step}, {@link #sample}, {@link #trace}) into a window of its own. Nothing is written to disk,
 * and memory holds the in-memory index, the windows and the summaries only.
 */
public final class ZipkinRun extends BackendSource {
  /**
   * Steps below the lowest one seen that come back empty in a row before the run is taken to start
   * there.
   */
  private static final int EMPTY_STEPS_BEFORE_START = 5;

  /** A step with new spans is fetched again at most this often. */
  private static final long REFRESH_NANOS = 2_000_000_000L;

  private final ZipkinApi api;
  private final SpanIndex head;
  private final RunSummary summary;
  private final long maxSpansInMemory;
  private final int limit;
  private final Duration lookback;
  private final Runnable onNewSpans;
  private final SourceFile source;
  private final SpanLineParser parser = new SpanLineParser(new OtlpLineParser());
  private volatile boolean memoryFull;
  private volatile boolean firstPassDone;
  private volatile String stepKey;
  private final AtomicLong spansFetched = new AtomicLong();

  /** Steps whose every trace is in the in-memory index (fetched whole while it had room). */
  private final Set<Integer> stepsInMemory = new ConcurrentSkipListSet<>();

  /** Steps summarised from a whole-step query, and when. */
  private final Map<Integer, Long> fetched = new ConcurrentHashMap<>();

  /** Steps the recent traces touched since they were last fetched. */
  private final Set<Integer> touched = new HashSet<>();

  private final List<String> truncated = new java.util.concurrent.CopyOnWriteArrayList<>();
  private Integer latest;
  private Integer next;
  private int emptyInARow;
  private long lastPollMillis;

  /**
   * @param serviceName only this service's traces, or null
   * @param lookback how far back the recent traces are asked for
   * @param limit traces per query (a step with more is shown cut, and the status says so)
   * @param sources where the in-memory index's spans say they came from
   */
  public ZipkinRun(
      URI api,
      String serviceName,
      Duration lookback,
      int limit,
      Duration interval,
      SpanIndex head,
      RunSummary summary,
      long maxSpansInMemory,
      SourceFiles sources,
      Runnable onNewSpans) {
    super("spanweave-viewer-zipkin", interval);
    this.api = new ZipkinApi(api, serviceName);
    this.head = head;
    this.summary = summary;
    this.maxSpansInMemory = maxSpansInMemory;
    this.limit = limit;
    this.lookback = lookback;
    this.onNewSpans = onNewSpans;
    this.source = sources.backend(Path.of(this.api.base().toString()), this::fetchTrace);
  }

  private byte[] fetchTrace(String traceHex) throws IOException {
    try {
      return api.trace(traceHex);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted", e);
    }
  }

  @Override
  protected boolean pollOnce() throws IOException, InterruptedException {
    pollRecent();
    boolean more = !firstPassDone && fetchNextOlderStep();
    refreshTouchedSteps();
    return more;
  }

  /**
   * The traces that ended since the last poll: into memory while there is room; their steps marked
   * touched.
   */
  private void pollRecent() throws IOException, InterruptedException {
    long now = System.currentTimeMillis();
    Duration window =
        lastPollMillis == 0
            ? lookback
            : Duration.ofMillis(Math.min(lookback.toMillis(), now - lastPollMillis + 60_000));
    byte[] answer = api.traces(null, null, window, limit);
    lastPollMillis = now;
    List<ParsedSpan> spans = parse(answer, source.id());
    if (stepKey == null) {
      stepKey = stepKeyOf(spans);
    }
    Set<Integer> steps = stepsOf(spans);
    if (!steps.isEmpty()) {
      int newest = steps.stream().max(Integer::compare).orElseThrow();
      if (latest == null || newest > latest) {
        latest = newest;
        if (next == null) {
          next = newest;
        }
      }
    }
    synchronized (touched) {
      touched.addAll(steps);
    }
    // Until the first pass has fetched the steps newest first, memory is theirs; then new spans go
    // in
    // as they come.
    if (firstPassDone && !addToMemory(spans, null)) {
      stepsInMemory.removeAll(steps); // some of their new spans did not fit
    }
  }

  /**
   * The first pass: the next older step, one query. Returns whether there is more to fetch (the
   * loop then goes on without sleeping).
   */
  private boolean fetchNextOlderStep() throws IOException, InterruptedException {
    if (next == null) {
      return false; // no step seen yet
    }
    if (next < 0 || emptyInARow >= EMPTY_STEPS_BEFORE_START) {
      firstPassDone = true;
      return false;
    }
    int step = next;
    next = step - 1;
    List<ParsedSpan> spans = fetchStep(step);
    emptyInARow = spans.isEmpty() ? emptyInARow + 1 : 0;
    return true;
  }

  /**
   * Steps the recent traces touched are fetched again (their summaries replaced), at most every 2 s
   * each.
   */
  private void refreshTouchedSteps() throws IOException, InterruptedException {
    List<Integer> due = new ArrayList<>();
    synchronized (touched) {
      long now = System.nanoTime();
      for (int step : touched) {
        Long at = fetched.get(step);
        if (at == null ? firstPassDone : now - at > REFRESH_NANOS) {
          due.add(step);
        }
      }
      touched.removeAll(due);
    }
    for (int step : due) {
      fetchStep(step);
    }
  }

  /**
   * One step's traces, summarised (replacing the step's summary) and kept in memory while there is
   * room.
   */
  private List<ParsedSpan> fetchStep(int step) throws IOException, InterruptedException {
    List<ParsedSpan> spans = stepSpans(step, source.id());
    fetched.put(step, System.nanoTime());
    if (!spans.isEmpty()) {
      SegmentSummary s = SpanSummaries.of(spans, Long.MAX_VALUE).get(0);
      s.forEachCell(
          (run, cellStep, stats) -> {
            if (cellStep == step) {
              stats.seal();
              summary.replace(run, step, stats);
            }
          });
      summary.addKinds(s.kinds());
      if (addToMemory(spans, step)) {
        stepsInMemory.add(step);
      } else {
        stepsInMemory.remove(step);
      }
    }
    return spans;
  }

  /** The spans of one step's traces, by tag search; empty when no key finds them. */
  private List<ParsedSpan> stepSpans(int step, int sourceId)
      throws IOException, InterruptedException {
    List<String> keys =
        stepKey != null ? List.of(stepKey) : ViewerKeys.keysOf(ViewerKeys.Fact.STEP);
    for (String key : keys) {
      byte[] answer = api.traces(key, Integer.toString(step), ZipkinApi.SEARCH_LOOKBACK, limit);
      List<ParsedSpan> spans = parse(answer, sourceId);
      if (!spans.isEmpty()) {
        noteIfCut(answer, "step " + step);
        return spans;
      }
    }
    return List.of();
  }

  /**
   * Adds spans to the in-memory index while it has room (spans it has already are left out).
   * Returns whether all of them are in memory.
   */
  private boolean addToMemory(List<ParsedSpan> spans, Integer step) {
    List<ParsedSpan> fresh = new ArrayList<>(spans.size());
    for (ParsedSpan s : spans) {
      if (!head.contains(s.traceId, s.spanId)) {
        fresh.add(s);
      }
    }
    if (fresh.isEmpty()) {
      return true;
    }
    if (memoryFull || head.spanCount() + (long) fresh.size() > maxSpansInMemory) {
      memoryFull = true;
      return false;
    }
    head.addAll(fresh);
    spansFetched.addAndGet(fresh.size());
    onNewSpans.run();
    return true;
  }

  // ------------------------------------------------------------------ asked for

  /** Spans of one step, fetched now. */
  public SegmentLoader.Loaded step(int step) {
    return window(sourceId -> stepSpans(step, sourceId), "step " + step);
  }

  /**
   * Spans of the traces with a span naming the sample (in run {@code runId} when its spans name
   * it).
   */
  public SegmentLoader.Loaded sample(String runId, String sampleId) {
    return window(
        sourceId -> {
          for (String key : ViewerKeys.keysOf(ViewerKeys.Fact.SAMPLE)) {
            byte[] answer = api.traces(key, sampleId, ZipkinApi.SEARCH_LOOKBACK, limit);
            List<ParsedSpan> spans = parse(answer, sourceId);
            if (!spans.isEmpty()) {
              return spans;
            }
          }
          return List.of();
        },
        "sample " + sampleId);
  }

  /** Spans of one trace, fetched now. */
  public SegmentLoader.Loaded trace(String traceHex) {
    return window(
        sourceId -> {
          byte[] answer = api.trace(traceHex);
          return answer == null ? List.of() : parse(answer, sourceId);
        },
        "trace " + traceHex);
  }

  @FunctionalInterface
  private interface Fetch {
    List<ParsedSpan> spans(int sourceId) throws IOException, InterruptedException;
  }

  private SegmentLoader.Loaded window(Fetch fetch, String what) {
    SpanIndex index = new SpanIndex();
    SourceFiles sources = new SourceFiles();
    SourceFile window = sources.backend(Path.of(api.base().toString()), this::fetchTrace);
    List<String> problems = new ArrayList<>();
    try {
      index.addAll(fetch.spans(window.id()));
    } catch (IOException e) {
      problems.add(
          "Zipkin at " + api.base() + " could not answer for " + what + ": " + e.getMessage());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      problems.add("interrupted while asking Zipkin for " + what);
    }
    return new SegmentLoader.Loaded(index, sources, List.of(), List.copyOf(problems), 0);
  }

  // ------------------------------------------------------------------ reading answers

  private List<ParsedSpan> parse(byte[] answer, int sourceId) throws IOException {
    if (answer == null || answer.length == 0) {
      return List.of();
    }
    try {
      return parser.parse(answer, 0, answer.length, sourceId, 0);
    } catch (FormatException e) {
      throw new IOException("Zipkin answered something that is not its JSON: " + e.getMessage());
    }
  }

  /** A query that came back with {@code limit} traces may have been cut: the status says so. */
  private void noteIfCut(byte[] answer, String what) {
    int depth = 0;
    int traces = 0;
    boolean inString = false;
    for (int i = 0; i < answer.length; i++) {
      byte c = answer[i];
      if (inString) {
        if (c == '\\') {
          i++;
        } else if (c == '"') {
          inString = false;
        }
      } else if (c == '"') {
        inString = true;
      } else if (c == '[') {
        if (++depth == 2) {
          traces++;
        }
      } else if (c == ']') {
        depth--;
      }
    }
    if (traces >= limit) {
      String note =
          what
              + ": Zipkin answered the most traces a query asks for ("
              + limit
              + "); raise --backend-limit to see all of them";
      if (!truncated.contains(note)) {
        truncated.add(note);
      }
    }
  }

  private static Set<Integer> stepsOf(List<ParsedSpan> spans) {
    Set<Integer> steps = new HashSet<>();
    for (ParsedSpan s : spans) {
      int step = SpanSummaries.stepOf(s);
      if (step != SpanIndex.NO_STEP) {
        steps.add(step);
      }
    }
    return steps;
  }

  /** The step key the spans carry (the best ranked one), or null when none names a step. */
  private static String stepKeyOf(List<ParsedSpan> spans) {
    List<String> keys = ViewerKeys.keysOf(ViewerKeys.Fact.STEP);
    int best = Integer.MAX_VALUE;
    for (ParsedSpan s : spans) {
      for (Attribute a : s.attributes) {
        int rank = keys.indexOf(a.key());
        if (rank >= 0 && rank < best && !Double.isNaN(ViewerKeys.number(a.value()))) {
          best = rank;
        }
      }
    }
    return best == Integer.MAX_VALUE ? null : keys.get(best);
  }

  // ------------------------------------------------------------------ state

  @Override
  public URI api() {
    return api.base();
  }

  /**
   * Whether every span fetched is in the in-memory index (steps not fetched yet are fetched when
   * asked for, see {@link #stepInMemory}).
   */
  public boolean everythingInMemory() {
    return !memoryFull;
  }

  /** Whether a step's traces are all in the in-memory index. */
  public boolean stepInMemory(int step) {
    return stepsInMemory.contains(step);
  }

  public boolean firstPassDone() {
    return firstPassDone;
  }

  /** Steps summarised from Zipkin so far, and the newest step seen. */
  public int stepsFetched() {
    return fetched.size();
  }

  public Integer latestStep() {
    return latest;
  }

  @Override
  public long spans() {
    return spansFetched.get();
  }

  public long queries() {
    return api.queries();
  }

  /** Queries whose answer may have been cut at the limit. */
  public List<String> truncated() {
    return List.copyOf(truncated);
  }
}
