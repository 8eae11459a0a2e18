package io.spanweave.runtime.internal.parts;

import io.spanweave.api.TracingFaults;
import io.spanweave.runfiles.internal.facts.PartSummariser;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import io.spanweave.runfiles.internal.summary.StaleTemporaries;
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
import java.util.Set;
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
 * <p><b>Parts of earlier processes.</b> A runtime that opens a run with closed parts (a resumed
 * run) {@linkplain #catchUpLater catches up} on its thread: it deletes the temporary files that
 * dead processes left in the summary directory ({@link StaleTemporaries}), takes each closed part's
 * existing summary when it still matches the part, and summarises the closed parts that have none
 * (a part left plain is summarised once the compressor has compressed it). Close catches up again,
 * plain parts too, for what is left of its wait. {@code RunParts compress} does all of it on the
 * calling thread ({@link #onCallingThread}, {@link #completeNow}).
 *
 * <p><b>The run summary</b> ({@link RunSummaryFeed}): each part's summary is also merged, in the
 * order of the parts, into one summary of the run's steps, which close writes before the manifest:
 * a viewer opens a long run from it (a few kilobytes a step) before it reads the parts' summaries.
 *
 * <p><b>The manifest</b> names, for each closed part, a summary file that matched the part when it
 * was looked at. A part's entry is {@code null} when close's wait ran out before the part was
 * reached (a run closed right after a burst, or with many parts of earlier processes still to look
 * at), when the facts summariser does not read one of its lines (the viewer parses it), when its
 * summary could not be written (a full disk), and for {@code traces.jsonl}, the part still being
 * written.
 *
 * <p>A summary that cannot be written (a full disk) is counted and the first failure logged ({@code
 * TracingFaults} kind {@code summary}); it never reaches the traced program, and the part is not
 * tried again by this process.
 */
public final class PartSummaries {
  private static final long PRESSED_PAUSE_NANOS = 20_000_000;

  private final PartNames names;
  private final long segmentBytes;
  private final boolean onCallingThread;
  private final PartSummariser summariser = new PartSummariser(); // one thread at a time
  private final ArrayDeque<Runnable> queue = new ArrayDeque<>(); // guarded by this
  private final Map<String, String> summaryOfPart = new ConcurrentHashMap<>();
  private final RunSummaryFeed runSummary;
  private final Set<String> givenUp = ConcurrentHashMap.newKeySet(); // unreadable, or not written
  private final AtomicLong written = new AtomicLong();
  private Thread thread; // guarded by this
  private boolean busy; // guarded by this
  private volatile boolean closing;
  private volatile boolean abandon;

  public PartSummaries(PartNames names) {
    this(names, PartSummaryFile.DEFAULT_SEGMENT_BYTES, false);
  }

  PartSummaries(PartNames names, long segmentBytes, boolean onCallingThread) {
    this.names = names;
    this.segmentBytes = segmentBytes;
    this.onCallingThread = onCallingThread;
    this.runSummary = new RunSummaryFeed(names, dir(), segmentBytes);
  }

  /**
   * Summaries made on the thread that hands over the parts, at once, with no thread of their own
   * and no deadline: for {@code RunParts compress}, which has no traced program to spare.
   */
  public static PartSummaries onCallingThread(PartNames names) {
    return new PartSummaries(names, PartSummaryFile.DEFAULT_SEGMENT_BYTES, true);
  }

  /** The directory the summaries and the manifest are written to. */
  public Path dir() {
    return PartSummaryFile.directoryOf(names.dir());
  }

  /** Summaries written so far. */
  public long written() {
    return written.get();
  }

  /**
   * Summarises the closed part at {@code part} (stored with {@code codec}): queued for the
   * summaries' thread, returning at once, or at once on this thread for {@link #onCallingThread}.
   */
  public void summarise(Path part, RunPartCodec codec, boolean compressed) {
    if (onCallingThread) {
      summariseNow(part, codec, compressed);
    } else {
      enqueue(() -> summariseNow(part, codec, compressed));
    }
  }

  /**
   * Queues a catch-up on the parts earlier processes of the run closed: see the class comment.
   *
   * @param plainToo whether to summarise closed parts that are plain; false while a compressor will
   *     compress them (and have them summarised then)
   */
  public void catchUpLater(boolean plainToo) {
    enqueue(() -> catchUp(plainToo));
  }

  private synchronized void enqueue(Runnable job) {
    if (abandon) {
      return;
    }
    queue.add(job);
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
      Runnable next;
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
        awaitExportRoom();
        next.run();
      } finally {
        synchronized (this) {
          busy = false;
          notifyAll();
        }
      }
    }
  }

  /** Waits while the export is pressed, unless the run closes (or on the calling thread). */
  private void awaitExportRoom() {
    while (!onCallingThread && !closing && !abandon && ExportPressure.now()) {
      LockSupport.parkNanos(this, PRESSED_PAUSE_NANOS);
    }
  }

  private void summariseNow(Path part, RunPartCodec codec, boolean compressed) {
    String name = part.getFileName().toString();
    if (summaryOfPart.containsKey(name) || givenUp.contains(name)) {
      return; // a catch-up got to it first
    }
    try {
      PartSummariser.Summary s = summariser.summarise(part, codec, compressed, segmentBytes);
      if (s == null) {
        givenUp.add(name); // a line the facts summariser does not read: the viewer parses it
        return;
      }
      Path file = PartSummaryFile.write(dir(), s.fingerprint(), segmentBytes, s.contents());
      summaryOfPart.put(name, file.getFileName().toString());
      written.incrementAndGet();
      PartNames.Entry entry = names.parse(part);
      if (entry != null) {
        runSummary.summarised(
            new RunSummaryFeed.Summarised(
                entry.sequence(),
                name,
                file.getFileName().toString(),
                s.fingerprint(),
                s.contents().check()),
            s.contents().segments());
      }
    } catch (NoSuchFileException gone) {
      // Compressed (and summarised in its new form) or deleted meanwhile.
    } catch (IOException | RuntimeException e) {
      givenUp.add(name);
      TracingFaults.report(
          "summary",
          "the summary of "
              + part
              + " was not written into "
              + dir()
              + "; a viewer summarises the part itself when it opens the run. Check that the disk is not full",
          e);
    }
  }

  /**
   * Deletes what dead processes left in the summary directory, takes the matching summaries of the
   * closed parts not summarised here, then summarises those that have none; stops at {@link
   * #abandon}.
   */
  private void catchUp(boolean plainToo) {
    try {
      StaleTemporaries.delete(dir());
    } catch (IOException | RuntimeException e) {
      // A temporary file left is read by nobody; the next catch-up tries again.
    }
    List<PartNames.Entry> missing = new ArrayList<>();
    for (PartNames.Entry e : closedInOrder()) {
      if (abandon) {
        return;
      }
      awaitExportRoom(); // a run of thousands of parts: a look at each costs a read of 64 KiB
      String name = e.path().getFileName().toString();
      RunPartCodec codec = codecOf(e);
      if (summaryOfPart.containsKey(name) || givenUp.contains(name) || codec == null) {
        continue; // a part of a codec not on the class path is the viewer's to read
      }
      try {
        PartSummaryFile.Match match =
            PartSummaryFile.matching(dir(), e.path(), codec, segmentBytes);
        if (match != null) {
          String file = match.file().getFileName().toString();
          summaryOfPart.put(name, file);
          runSummary.summarised(
              new RunSummaryFeed.Summarised(
                  e.sequence(), name, file, match.fingerprint(), match.check()),
              null);
        } else if (plainToo || e.compressed()) {
          missing.add(e);
        }
      } catch (IOException | RuntimeException gone) {
        // Compressed or deleted meanwhile: its new form is another entry.
      }
    }
    for (PartNames.Entry e : missing) {
      if (abandon) {
        return;
      }
      awaitExportRoom();
      summariseNow(e.path(), codecOf(e), e.compressed());
    }
  }

  private static RunPartCodec codecOf(PartNames.Entry e) {
    return e.compressed() ? PartCodecs.forExtension(e.extension()) : PlainCodec.INSTANCE;
  }

  private List<PartNames.Entry> closedInOrder() {
    try {
      List<PartNames.Entry> closed = new ArrayList<>(names.listClosed());
      closed.sort(
          Comparator.comparingLong(PartNames.Entry::sequence)
              .thenComparing(e -> e.extension() == null ? "" : e.extension()));
      return closed;
    } catch (IOException e) {
      return List.of();
    }
  }

  /**
   * For {@link #onCallingThread}: deletes what dead processes left in the summary directory,
   * summarises every closed part that has no matching summary, and writes the run manifest anew
   * when there is one (there is none while no runtime of the run has closed: a manifest means the
   * run was closed).
   */
  public void completeNow() {
    catchUp(true);
    if (Files.exists(dir().resolve(RunManifest.FILE_NAME))) {
      runSummary.write();
      writeManifest();
    }
  }

  /**
   * Catches up on the closed parts without a summary (plain ones too: the compressor has closed)
   * and summarises the queued parts for at most {@code timeout}, then stops (a part not reached has
   * no summary, and the viewer makes it), and writes the run manifest, listing every part of the
   * run in order with its stored size and summary file.
   */
  public void close(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    closing = true;
    catchUpLater(true);
    Thread worker;
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
      worker = thread;
    }
    // The part being summarised is finished (a catch-up stops between parts), so that a runtime
    // that closed, or failed to start, leaves no thread behind: at most a second.
    if (worker != null && worker != Thread.currentThread()) {
      try {
        worker.join(1_000);
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    runSummary.write();
    writeManifest();
  }

  private void writeManifest() {
    try {
      List<RunManifest.Entry> parts = new ArrayList<>();
      for (PartNames.Entry e : closedInOrder()) {
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
