package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.summary.SegmentSummary;
import io.spanweave.runfiles.spi.DamagedPartException;
import io.spanweave.runfiles.spi.PartInput;
import io.spanweave.runfiles.spi.SeekPoint;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanIndex;
import java.io.IOException;
import java.nio.file.NoSuchFileException;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * Loads the spans of some segments into an index of their own, on demand: the spans of one step,
 * trace or sample that the in-memory index of the newest spans does not hold. A plain part is read
 * at the segment's offsets; a compressed one from the nearest place its codec can start. Parsing
 * runs on the ingest's parse threads, and the first pass waits while a load runs ({@link #busy}),
 * so a step asked for is not slowed by the summaries of older parts.
 */
public final class SegmentLoader {
  private static final int MAX_IN_FLIGHT = 8;

  private final ExecutorService parsers;
  private final ChunkParser parser = new ChunkParser();
  private final AtomicInteger running = new AtomicInteger();

  /** Segments loaded: their index and files, and what could not be read. */
  public record Loaded(
      SpanIndex index,
      SourceFiles sources,
      List<SegmentRef> segments,
      List<String> problems,
      long bytes) {}

  SegmentLoader(ExecutorService parsers) {
    this.parsers = parsers;
  }

  /** Whether a load is running (the first pass yields to it). */
  boolean busy() {
    return running.get() > 0;
  }

  /**
   * Loads some segments and some whole parts (parts the first pass has not summarised yet, so their
   * segments are not known); of the whole parts, only the chunks that may hold spans of {@code
   * step} ({@link StepProbe}; null: every chunk).
   */
  public Loaded load(List<SegmentRef> segments, List<Part> wholeParts, Integer step) {
    running.incrementAndGet();
    try {
      return loadAll(segments, wholeParts, step);
    } finally {
      running.decrementAndGet();
    }
  }

  private Loaded loadAll(List<SegmentRef> segments, List<Part> wholeParts, Integer step) {
    SpanIndex index = new SpanIndex();
    SourceFiles sources = new SourceFiles();
    List<String> problems = new ArrayList<>();
    Indexer whole = new Indexer(index);
    LineChunkSink wholeSink =
        step == null
            ? whole
            : (data, length, fileOffset, source) -> {
              if (StepProbe.mayHoldStep(data, length, step)) {
                whole.accept(data, length, fileOffset, source);
              }
            };
    for (Part part : wholeParts) {
      try {
        SourceFile source = sources.open(part.path(), part.codec(), null);
        if (!part.compressed()) {
          PartReading.forward(source, 0, Long.MAX_VALUE, wholeSink, true);
        } else {
          try (PartInput in = part.codec().open(source.channel(), SeekPoint.START)) {
            PartReading.decompressed(source, in, Long.MAX_VALUE, wholeSink);
          }
        }
      } catch (NoSuchFileException gone) {
        problems.add(part.name() + " is gone: its spans could not be loaded");
      } catch (DamagedPartException damaged) {
        problems.add(
            part.name()
                + " is damaged ("
                + damaged.getMessage()
                + "): spans after decompressed byte "
                + damaged.offset()
                + " could not be loaded");
      } catch (IOException failed) {
        problems.add(part.name() + " could not be read: " + failed.getMessage());
      }
      whole.flush();
    }
    Map<PartState, List<SegmentSummary>> byPart = new LinkedHashMap<>();
    for (SegmentRef ref : segments) {
      byPart.computeIfAbsent(ref.part(), k -> new ArrayList<>()).add(ref.segment());
    }
    Indexer indexer = new Indexer(index);
    for (Map.Entry<PartState, List<SegmentSummary>> e : byPart.entrySet()) {
      PartState state = e.getKey();
      Part part = state.part();
      List<SegmentSummary> wanted = new ArrayList<>(e.getValue());
      wanted.sort(Comparator.comparingLong(SegmentSummary::start));
      try {
        SourceFile source = sources.open(part.path(), part.codec(), state);
        if (!part.compressed()) {
          for (SegmentSummary s : wanted) {
            PartReading.forward(source, s.start(), s.end(), indexer, true);
          }
        } else {
          readCompressed(source, state, wanted, indexer);
        }
      } catch (NoSuchFileException gone) {
        problems.add(
            part.name() + " is gone: " + wanted.size() + " of its segments could not be loaded");
      } catch (DamagedPartException damaged) {
        problems.add(
            part.name()
                + " is damaged ("
                + damaged.getMessage()
                + "): spans after decompressed byte "
                + damaged.offset()
                + " could not be loaded");
      } catch (IOException failed) {
        problems.add(part.name() + " could not be read: " + failed.getMessage());
      }
      indexer.flush();
    }
    indexer.flush();
    return new Loaded(index, sources, List.copyOf(segments), List.copyOf(problems), indexer.bytes);
  }

  private static void readCompressed(
      SourceFile source, PartState state, List<SegmentSummary> wanted, Indexer indexer)
      throws IOException {
    PartInput in = null;
    try {
      byte[] skip = new byte[1 << 16];
      for (SegmentSummary s : wanted) {
        SeekPoint point = state.seekPointBefore(s.start());
        if (in == null || in.position() > s.start() || point.offset() > in.position()) {
          if (in != null) {
            in.close();
          }
          in = source.codec().open(source.channel(), point);
        }
        while (in.position() < s.start()) {
          if (in.read(skip, 0, (int) Math.min(skip.length, s.start() - in.position())) < 0) {
            return;
          }
        }
        PartReading.decompressed(source, in, s.end(), indexer);
      }
    } finally {
      if (in != null) {
        in.close();
      }
    }
  }

  /** Parses chunks on the pool and indexes them in order. */
  private final class Indexer implements LineChunkSink {
    private final SpanIndex index;
    private final ArrayDeque<Future<List<ParsedSpan>>> pending = new ArrayDeque<>();
    private long bytes;

    Indexer(SpanIndex index) {
      this.index = index;
    }

    @Override
    public void accept(byte[] data, int length, long fileOffset, SourceFile source) {
      while (pending.size() >= MAX_IN_FLIGHT
          || (!pending.isEmpty() && pending.peekFirst().isDone())) {
        indexOldest();
      }
      bytes += length;
      pending.add(
          parsers.submit(() -> parser.parse(data, length, fileOffset, source.id()).spans()));
    }

    void flush() {
      while (!pending.isEmpty()) {
        indexOldest();
      }
    }

    private void indexOldest() {
      try {
        index.addAll(pending.removeFirst().get());
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
        throw new IllegalStateException("interrupted while loading segments", e);
      } catch (ExecutionException e) {
        throw new IllegalStateException("parser failed", e.getCause());
      }
    }
  }
}
