package io.spanweave.runtime.internal.parts;

import io.spanweave.api.TracingFaults;
import io.spanweave.runfiles.internal.facts.PartSummariser;
import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.internal.export.ExportPressure;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Writes the summary of each closed part of a run, as the viewer's first pass would build it
 * ({@link PartSummariser}), into the summary directory beside the parts where the viewer looks
 * ({@link PartSummaryFile#DIRECTORY}), and the run manifest last when the run closes. Summaries are
 * made on a thread of their own (a daemon of the lowest priority, started at the first part, never
 * a traced thread), which waits while the export is pressed, as the compressor does. A viewer that
 * finds a part's summary (matching the part's size and tail checksum) reads no line of the part to
 * summarise it; a part without one (the runtime was killed, or a line the facts summariser does not
 * read) is summarised by the viewer as before.
 *
 * <p>A summary that cannot be written (a full disk) is counted and the first failure logged ({@code
 * TracingFaults} kind {@code summary}); it never reaches the traced program.
 */
public final class PartSummaries {
  private static final long PRESSED_PAUSE_NANOS = 20_000_000;

  private record Job(Path part, RunPartCodec codec, boolean compressed) {}

  private final PartNames names;
  private final long segmentBytes;
  private final PartSummariser summariser = new PartSummariser(); // used by the one thread only
  private final ArrayDeque<Job> queue = new ArrayDeque<>(); // guarded by this
  private final Map<String, String> summaryOfPart = new ConcurrentHashMap<>();
  private final AtomicLong written = new AtomicLong();
  private Thread thread; // guarded by this
  private boolean busy; // guarded by this
  private volatile boolean closing;
  private volatile boolean abandon;

  public PartSummaries(PartNames names) {
    this(names, PartSummaryFile.DEFAULT_SEGMENT_BYTES);
  }

  PartSummaries(PartNames names, long segmentBytes) {
    this.names = names;
    this.segmentBytes = segmentBytes;
  }

  /** The directory the summaries and the manifest are written to. */
  public Path dir() {
    return PartSummaryFile.directoryOf(names.dir());
  }

  /** Summaries written so far. */
  public long written() {
    return written.get();
  }

  /** Queues the closed part at {@code part} (stored with {@code codec}); returns at once. */
  public synchronized void summariseLater(Path part, RunPartCodec codec, boolean compressed) {
    if (abandon) {
      return;
    }
    queue.add(new Job(part, codec, compressed));
    if (thread == null) {
      thread = new Thread(this::run, "spanweave-summarise");
      thread.setDaemon(true);
      thread.setPriority(Thread.MIN_PRIORITY);
      thread.start();
    }
    notifyAll();
  }

  private void run() {
    while (true) {
      Job next;
      synchronized (this) {
        while (queue.isEmpty() && !abandon) {
          try {
            wait();
          } catch (InterruptedException e) {
            return;
          }
        }
        if (abandon) {
          thread = null;
          return;
        }
        next = queue.poll();
        busy = true;
      }
      try {
        while (!closing && !abandon && ExportPressure.now()) {
          LockSupport.parkNanos(this, PRESSED_PAUSE_NANOS);
        }
        summarise(next);
      } finally {
        synchronized (this) {
          busy = false;
          notifyAll();
        }
      }
    }
  }

  private void summarise(Job job) {
    try {
      PartSummariser.Summary s =
          summariser.summarise(job.part(), job.codec(), job.compressed(), segmentBytes);
      if (s != null) {
        Path file = PartSummaryFile.write(dir(), s.fingerprint(), segmentBytes, s.contents());
        summaryOfPart.put(job.part().getFileName().toString(), file.getFileName().toString());
        written.incrementAndGet();
      }
    } catch (NoSuchFileException gone) {
      // Compressed (and summarised in its new form) or deleted meanwhile.
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "summary",
          "the summary of "
              + job.part()
              + " was not written into "
              + dir()
              + "; a viewer summarises the part itself when it opens the run. Check that the disk is not full",
          e);
    }
  }

  /**
   * Summarises the queued parts for at most {@code timeout}, then stops (a part not reached has no
   * summary, and the viewer makes it), and writes the run manifest, listing every part of the run
   * in order with its stored size and summary file.
   */
  public void close(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    closing = true;
    synchronized (this) {
      try {
        for (long rest = timeout.toNanos();
            (busy || !queue.isEmpty()) && rest > 0;
            rest = deadline - System.nanoTime()) {
          wait(Math.max(1, rest / 1_000_000));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      abandon = true;
      queue.clear();
      notifyAll();
    }
    writeManifest();
  }

  private void writeManifest() {
    try {
      List<RunManifest.Entry> parts = new ArrayList<>();
      List<PartNames.Entry> closed = new ArrayList<>(names.listClosed());
      closed.sort(
          Comparator.comparingLong(PartNames.Entry::sequence)
              .thenComparing(PartNames.Entry::extension));
      for (PartNames.Entry e : closed) {
        String name = e.path().getFileName().toString();
        parts.add(new RunManifest.Entry(name, sizeOrZero(e.path()), summaryOfPart.get(name)));
      }
      if (Files.exists(names.active())) {
        parts.add(
            new RunManifest.Entry(
                names.active().getFileName().toString(), sizeOrZero(names.active()), null));
      }
      RunManifest.write(dir(), segmentBytes, parts);
    } catch (IOException | RuntimeException e) {
      TracingFaults.report(
          "summary",
          "the run manifest was not written into " + dir() + "; a viewer reads the run without it",
          e);
    }
  }

  private static long sizeOrZero(Path file) {
    try {
      return Files.size(file);
    } catch (IOException gone) {
      return 0;
    }
  }
}
