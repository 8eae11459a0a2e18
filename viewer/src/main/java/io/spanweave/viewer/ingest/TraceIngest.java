package io.spanweave.viewer.ingest;

import io.spanweave.viewer.formats.FormatException;
import io.spanweave.viewer.formats.SpanLineParser;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanIndex;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicLong;

/**
 * Turns chunks of {@code traces.jsonl} into index rows. Parsing is the expensive part, so chunks
 * are parsed on a small pool while this thread appends the results to the index in file order
 * (order matters: the trace and sample linked lists are built in append order).
 */
public final class TraceIngest implements LineChunkSink {
  /** Parsed chunks waiting to be indexed; bounded so a big file never piles up in memory. */
  private static final int MAX_IN_FLIGHT = 8;
  /**
   * Chunks indexed before the full pass waits for the first view: the file is read newest first
   * in chunks of 128 KB, then 256 KB, so these hold the newest 384 KB, the latest step.
   */
  private static final int CHUNKS_BEFORE_HOLD = 2;

  private final SpanIndex index;
  private final ExecutorService parsers;
  private final OtlpLineParser parser = new OtlpLineParser();
  /** Lines the fast OTLP path refused, in whichever format each is (OTLP, Zipkin, Jaeger). */
  private final SpanLineParser lineParser = new SpanLineParser(parser);
  private final ArrayDeque<Future<Parsed>> pending = new ArrayDeque<>();
  private final FirstViewHold firstView;
  private int chunks;

  /**
   * A parsed chunk and its line counts, which are counted when the chunk is indexed: the status
   * then never reports lines whose spans are not in the index yet.
   */
  private record Parsed(List<ParsedSpan> spans, int lines, int malformed) {}
  private final AtomicLong malformedLines = new AtomicLong();
  private final AtomicLong lines = new AtomicLong();

  public TraceIngest(SpanIndex index, ExecutorService parsers, FirstViewHold firstView) {
    this.index = index;
    this.parsers = parsers;
    this.firstView = firstView;
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
    // Chunks already parsed are indexed now, not when the queue is full: the first (newest)
    // chunks of a big file then show while the reader is still ahead of the parsers.
    while (pending.size() >= MAX_IN_FLIGHT || (!pending.isEmpty() && pending.peekFirst().isDone())) {
      indexOldest();
    }
    pending.add(parsers.submit(() -> parseChunk(data, length, fileOffset, source.id())));
  }

  /** Indexes everything submitted so far; call after each poll so readers see whole chunks. */
  public void flush() {
    while (!pending.isEmpty()) {
      indexOldest();
    }
  }

  public long malformedLines() {
    return malformedLines.get();
  }

  /** Spans left out because their trace or span id is missing or not an id. */
  public long invalidSpans() {
    return lineParser.invalidSpans();
  }

  public long lines() {
    return lines.get();
  }

  private void indexOldest() {
    try {
      Parsed parsed = pending.removeFirst().get();
      index.addAll(parsed.spans());
      lines.addAndGet(parsed.lines());
      malformedLines.addAndGet(parsed.malformed());
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IllegalStateException("interrupted while indexing", e);
    } catch (ExecutionException e) {
      throw new IllegalStateException("parser failed", e.getCause());
    }
  }

  private Parsed parseChunk(byte[] data, int length, long fileOffset, int sourceId) {
    try {
      int[] lineCount = new int[1];
      List<ParsedSpan> spans = parser.parseBlock(data, length, sourceId, fileOffset, lineCount);
      return new Parsed(spans, lineCount[0], 0);
    } catch (OtlpLineParser.MalformedLineException somewhereABadLine) {
      return parseLineByLine(data, length, fileOffset, sourceId);
    }
  }

  /** The slow path: each line on its own, so a bad line is skipped and counted. */
  private Parsed parseLineByLine(byte[] data, int length, long fileOffset, int sourceId) {
    List<ParsedSpan> out = new ArrayList<>();
    int lineCount = 0;
    int malformed = 0;
    int lineStart = 0;
    while (lineStart < length) {
      int lineEnd = lineStart;
      while (lineEnd < length && data[lineEnd] != '\n') {
        lineEnd++;
      }
      int contentEnd = lineEnd;
      while (contentEnd > lineStart && (data[contentEnd - 1] == '\r' || data[contentEnd - 1] == ' ')) {
        contentEnd--;
      }
      if (contentEnd > lineStart) {
        lineCount++;
        try {
          out.addAll(lineParser.parse(data, lineStart, contentEnd - lineStart, sourceId, fileOffset + lineStart));
        } catch (FormatException e) {
          malformed++;
        }
      }
      lineStart = lineEnd + 1;
    }
    return new Parsed(out, lineCount, malformed);
  }
}
