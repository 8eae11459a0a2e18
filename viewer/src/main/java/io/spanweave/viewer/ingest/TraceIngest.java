package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.summary.RunSummary;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanSummaries;
import io.spanweave.viewer.json.LineCounts;
import java.util.ArrayDeque;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns chunks of a run's parts into index rows and summaries. Parsing is the expensive part, so
 * chunks are parsed (and summarised per segment) on a small pool while this thread appends the
 * results in file order (order matters: the trace and sample linked lists are built in append
 * order). The in-memory index takes the newest spans, read first, until it holds {@code
 * maxSpansInMemory}; every span, in memory or not, goes into the summaries.
 *
 * <p>A chunk read for its summaries only (the index is full) is merged into its segments and the
 * run's summary by the parse thread that summarised it, in reading order ({@link InOrderMerges}):
 * this thread then only cuts chunks and counts their lines. The arrays of a plain file's chunks are
 * reused once parsed ({@link ChunkBuffers}).
 */
public final class TraceIngest implements LineChunkSink {
  /** Parsed chunks waiting to be indexed; bounded so a big file never piles up in memory. */
  private static final int MAX_IN_FLIGHT = 8;

  /**
   * Chunks indexed before the full pass waits for the first view: the file is read newest first in
   * chunks of 128 KB, then 256 KB, so these hold the newest 384 KB, the latest step.
   */
  private static final int CHUNKS_BEFORE_HOLD = 2;

  private final SpanIndex index;
  private final ExecutorService parsers;
  private final ChunkParser parser = new ChunkParser();
  private final ArrayDeque<Future<Parsed>> pending = new ArrayDeque<>();
  private final InOrderMerges merges = new InOrderMerges();

  /** Enough for the chunks in flight, the one being read and one per parse thread. */
  private final ChunkBuffers buffers = new ChunkBuffers(PartReading.CHUNK, MAX_IN_FLIGHT + 4);

  /** Chunks submitted: the number of the next one, in reading order. */
  private long submitted;

  private final FirstViewHold firstView;
  private final RunSummary summary;
  private final long segmentBytes;
  private final long maxSpansInMemory;
  private volatile boolean memoryFull;

  /**
   * Asked once, when the in-memory index is half full: whether the rest of the run is likely to fit
   * too. When it is not, the index stops there: holding a run's newest half-budget of spans serves
   * as well as the full budget, and a heap kept half empty costs the collector far less while the
   * rest of a long run is summarised.
   */
  private java.util.function.LongSupplier unreadSpansEstimate = () -> 0;

  private Boolean restFits;

  /** The first pass is over: what is read now is appended to the run. */
  private volatile boolean following;

  /** While it says so, reading waits: a step, trace or sample being loaded on demand goes first. */
  private java.util.function.BooleanSupplier yieldTo = () -> false;

  private long pass;
  private int chunks;

  /**
   * A parsed chunk, its segments' summaries and its line counts, which are counted when the chunk
   * is indexed: the status then never reports lines whose spans are not in the index yet.
   */
  private record Parsed(
      long number,
      List<ParsedSpan> spans,
      Map<Integer, SegmentSummary> segments,
      int lines,
      int malformed,
      SourceFile source,
      long offset,
      int length,
      long pass,
      boolean summariesOnly,
      boolean indexOnly) {}

  private final AtomicLong malformedLines = new AtomicLong();
  private final AtomicLong lines = new AtomicLong();
  private final AtomicLong bytes = new AtomicLong();

  /** Of {@link #bytes}, those of parts read for the index only (their summaries were in files). */
  private final AtomicLong indexOnlyBytes = new AtomicLong();

  public TraceIngest(SpanIndex index, ExecutorService parsers, FirstViewHold firstView) {
    this(
        index,
        parsers,
        firstView,
        new RunSummary(),
        ReadSettings.DEFAULT.segmentBytes(),
        Long.MAX_VALUE);
  }

  TraceIngest(
      SpanIndex index,
      ExecutorService parsers,
      FirstViewHold firstView,
      RunSummary summary,
      long segmentBytes,
      long maxSpansInMemory) {
    this.index = index;
    this.parsers = parsers;
    this.firstView = firstView;
    this.summary = summary;
    this.segmentBytes = segmentBytes;
    this.maxSpansInMemory = maxSpansInMemory;
  }

  @Override
  public void accept(byte[] data, int length, long fileOffset, SourceFile source) {
    if (chunks++ == CHUNKS_BEFORE_HOLD) {
      flush();
      try {
        firstView.await();
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while waiting for the first view", e);
      }
    }
    yieldToOnDemandLoads();
    // Chunks already parsed are indexed now, not when the queue is full: the first (newest)
    // chunks of a big file then show while the reader is still ahead of the parsers.
    while (pending.size() >= MAX_IN_FLIGHT
        || (!pending.isEmpty() && pending.peekFirst().isDone())) {
      indexOldest();
    }
    long chunkPass =
        source == null || source.part() == null || !source.part().part().live()
            ? pass
            : RunSummary.LIVE_PASS;
    long number = submitted++;
    pending.add(
        parsers.submit(
            () -> {
              Parsed parsed;
              try {
                parsed = parseChunk(number, data, length, fileOffset, source, chunkPass);
              } catch (RuntimeException | Error e) {
                merges.offer(number, () -> {}); // the merges after it must not wait for it
                throw e;
              } finally {
                buffers.giveBack(data);
              }
              if (mergedWhenParsed(parsed)) {
                // Never indexed: its summaries need not wait for this thread.
                merges.offer(number, () -> addSummaries(parsed, false));
              }
              return parsed;
            }));
  }

  /** The array a plain file's next chunk is read into: one of a chunk parsed already. */
  @Override
  public byte[] buffer(int minLength) {
    return buffers.take(minLength);
  }

  void estimateUnreadSpansWith(java.util.function.LongSupplier estimate) {
    this.unreadSpansEstimate = estimate;
  }

  void yieldTo(java.util.function.BooleanSupplier loading) {
    this.yieldTo = loading;
  }

  /**
   * Waits (at most 2 s at a time) while a load on demand runs: the user is waiting for that one.
   */
  private void yieldToOnDemandLoads() {
    long deadline = System.nanoTime() + 2_000_000_000L;
    while (yieldTo.getAsBoolean() && System.nanoTime() < deadline) {
      try {
        Thread.sleep(2);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        return;
      }
    }
  }

  /** Indexes everything submitted so far; call after each poll so readers see whole chunks. */
  public void flush() {
    while (!pending.isEmpty()) {
      indexOldest();
    }
  }

  /** The reader moves on to another part (steps the parts since touched none are sealed later). */
  long nextPart() {
    return ++pass;
  }

  /** The first pass is over; new spans may use the room it left in memory. */
  void following() {
    following = true;
  }

  /** Whether the in-memory index stopped taking spans: older spans are in the summaries only. */
  public boolean memoryFull() {
    return memoryFull;
  }

  public long malformedLines() {
    return malformedLines.get();
  }

  /** Spans left out because their trace or span id is missing or not an id. */
  public long invalidSpans() {
    return parser.invalidSpans();
  }

  public long lines() {
    return lines.get();
  }

  /** What the status says of the trace lines: read, malformed, and spans left out as invalid. */
  public LineCounts lineCounts() {
    return new LineCounts(lines(), malformedLines(), invalidSpans());
  }

  /** Decompressed bytes of lines parsed so far. */
  public long bytes() {
    return bytes.get();
  }

  /** Of {@link #bytes}, those of parts whose summaries came from files, read for the index only. */
  long indexOnlyBytes() {
    return indexOnlyBytes.get();
  }

  private void indexOldest() {
    Parsed parsed;
    try {
      parsed = pending.removeFirst().get();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while indexing", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("parser failed", e.getCause());
    }
    long count = index.spanCount();
    if (restFits == null && count >= maxSpansInMemory / 2) {
      restFits = count + unreadSpansEstimate.getAsLong() <= maxSpansInMemory;
    }
    boolean fits = count + parsed.spans().size() <= maxSpansInMemory;
    // While following, new spans take the room the first pass left (up to the budget itself), so
    // the steps a live run adds stay in memory for a while.
    boolean indexed =
        !parsed.summariesOnly()
            && (following ? fits : !memoryFull && fits && (restFits == null || restFits));
    if (indexed) {
      index.addAll(parsed.spans());
    } else {
      memoryFull = true;
    }
    PartState part = parsed.source().part();
    if (!mergedWhenParsed(parsed)) {
      merges.offer(
          parsed.number(), parsed.indexOnly() ? () -> {} : () -> addSummaries(parsed, indexed));
    }
    try {
      merges.awaitThrough(parsed.number());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while merging summaries", e);
    }
    if (parsed.indexOnly()) {
      // The part's summaries came from its file: they hold these lines already.
      for (int s = firstSegment(parsed); s <= lastSegment(parsed); s++) {
        part.markInMemory(s, indexed);
      }
      if (indexed) {
        lines.addAndGet(parsed.lines());
        indexOnlyBytes.addAndGet(parsed.length());
        bytes.addAndGet(parsed.length());
      }
      return;
    }
    lines.addAndGet(parsed.lines());
    malformedLines.addAndGet(parsed.malformed());
    bytes.addAndGet(parsed.length());
  }

  /** Whether the parse thread merged the chunk's summaries: a chunk no index takes. */
  private static boolean mergedWhenParsed(Parsed chunk) {
    return chunk.summariesOnly() && !chunk.indexOnly();
  }

  /**
   * Merges a chunk's summaries into its part's segments and the run's summary (in reading order:
   * {@link InOrderMerges}); {@code indexed}: its spans went into the in-memory index.
   */
  private void addSummaries(Parsed parsed, boolean indexed) {
    PartState part = parsed.source().part();
    if (part == null) {
      return;
    }
    if (parsed.malformed() > 0) {
      part.segment((int) (parsed.offset() / segmentBytes)).malformed(parsed.malformed());
    }
    for (Map.Entry<Integer, SegmentSummary> e : parsed.segments().entrySet()) {
      part.segment(e.getKey()).merge(e.getValue());
      part.markInMemory(e.getKey(), indexed);
      summary.add(e.getValue(), parsed.pass());
    }
    part.decoded(parsed.length());
  }

  private int firstSegment(Parsed chunk) {
    return (int) (chunk.offset() / segmentBytes);
  }

  private int lastSegment(Parsed chunk) {
    return (int) ((chunk.offset() + Math.max(chunk.length(), 1) - 1) / segmentBytes);
  }

  private Parsed parseChunk(
      long number, byte[] data, int length, long fileOffset, SourceFile source, long chunkPass) {
    if (source.part() != null && source.part().summarisedOnly()) {
      // Read for the index only: once it is full, the rest is not even parsed.
      boolean skipped = memoryFull && !following;
      ChunkParser.Result r =
          skipped
              ? new ChunkParser.Result(List.of(), 0, 0)
              : parser.parse(data, length, fileOffset, source.id());
      return new Parsed(
          number,
          r.spans(),
          Map.of(),
          r.lines(),
          0,
          source,
          fileOffset,
          length,
          chunkPass,
          skipped,
          true);
    }
    if (memoryFull && !following && source.part() != null) {
      // The index takes no more of the first pass: only the summaries are wanted, and the facts
      // of the lines give them at a fraction of the cost of parsing the spans.
      ChunkParser.Summarised s =
          parser.summarise(data, length, fileOffset, source.id(), segmentBytes);
      return new Parsed(
          number,
          List.of(),
          s.segments(),
          s.lines(),
          s.malformed(),
          source,
          fileOffset,
          length,
          chunkPass,
          true,
          false);
    }
    ChunkParser.Result r = parser.parse(data, length, fileOffset, source.id());
    Map<Integer, SegmentSummary> segments =
        source.part() == null ? Map.of() : SpanSummaries.of(r.spans(), segmentBytes);
    return new Parsed(
        number,
        r.spans(),
        segments,
        r.lines(),
        r.malformed(),
        source,
        fileOffset,
        length,
        chunkPass,
        false,
        false);
  }
}
