package io.spanweave.runtime.internal.parts;

import io.spanweave.api.TracingFaults;
import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.spi.RunPartCodec;
import io.spanweave.runtime.internal.export.ExportPressure;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.InterruptedIOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.locks.LockSupport;

/**
 * Compresses a run's closed parts on a thread of its own (a daemon, started at the first part),
 * never on a traced thread or the export worker. Each part is compressed, in segments of about 8
 * MiB of whole lines ({@link SegmentedOutputStream}), into a temporary name ({@link PartNames}),
 * synced to disk, renamed into place atomically, and only then is the plain part deleted: a process
 * killed at any moment leaves the plain part, a complete compressed one, or both (both hold the
 * same lines; readers take the plain one), never a half part under a name readers read. {@link
 * #recoverLater()} finishes what a killed process left: it deletes its temporary files and
 * compresses (or, when the compressed part is complete, deletes) the plain parts.
 *
 * <p><b>A whole core while the export keeps up, a quarter while it has a backlog, none while it is
 * pressed.</b> Compressing costs more CPU a span than writing it (gzip level 1 takes about 2 µs for
 * a span of 700 bytes, the export worker about 1 µs to encode and write it), and on a small machine
 * every core the compressor takes is one the traced threads and the export worker lack: at a high
 * span rate an unpaced compressor made the export queue overflow. So the thread looks at the export
 * after each chunk ({@link ExportPressure}): while every export worker keeps its queue short it
 * compresses at the speed of its core (one core of gzip -1 outruns a burst of 200,000 spans/s, so
 * parts do not pile up plain); while a worker finds more than an eighth of its queue waiting it
 * rests three times the CPU the chunk took ({@link #SHARE}); while a worker finds its queue half
 * full it does not compress at all. When spans come faster than that, closed parts wait plain (and
 * readable) for their turn.
 *
 * <p><b>Close.</b> {@link #close} compresses what is queued with every core of the machine (a
 * thread a core, nothing paced: the run is over) until its deadline; what it does not reach stays
 * plain, is counted and logged, and the next runtime of the run (or {@code RunParts compress})
 * finishes it.
 *
 * <p>A part that cannot be compressed (a full disk) stays plain and readable: the temporary file is
 * deleted, the first failure is logged once ({@code TracingFaults} kind {@code compress}) and every
 * one is counted ({@link #leftPlain()}).
 */
public final class PartCompressor {

  private static final long PID = ProcessHandle.current().pid();
  private static final Path RECOVER = Path.of(".recover"); // a marker in the queue, never a file

  /** The compressor uses at most one {@code SHARE}th of a core while the export has a backlog. */
  static final int SHARE = 4;

  private static final ThreadMXBean THREADS = ManagementFactory.getThreadMXBean();

  /** How long the compressor waits before it looks again whether the export is still pressed. */
  private static final long PRESSED_PAUSE_NANOS = 20_000_000;

  private final PartNames names;
  private final RunPartCodec codec;
  private final PartSummaries summaries;
  private final ArrayDeque<Path> queue = new ArrayDeque<>(); // guarded by this
  private final AtomicLong compressed = new AtomicLong();
  private final AtomicLong leftPlain = new AtomicLong();
  private final AtomicLong plainBytes = new AtomicLong();
  private final AtomicLong compressedBytes = new AtomicLong();
  private Thread thread; // guarded by this
  private int active; // guarded by this: parts being compressed now, by any of the threads
  private final Set<Path> inProgress = new HashSet<>(); // guarded by this
  private volatile boolean abandon; // set by close when its wait ran out: stop at the next chunk
  private volatile boolean closing; // set when close starts waiting: compress at full speed

  public PartCompressor(PartNames names, RunPartCodec codec) {
    this(names, codec, null);
  }

  /**
   * @param summaries summarises each part once compressed (or once it stays plain); null for none
   */
  public PartCompressor(PartNames names, RunPartCodec codec, PartSummaries summaries) {
    this.names = names;
    this.codec = codec;
    this.summaries = summaries;
  }

  /** Queues a closed part; returns at once. */
  public void compressLater(Path part) {
    enqueue(part);
  }

  /** Queues a look at the directory for what a killed process left behind; returns at once. */
  public void recoverLater() {
    enqueue(RECOVER);
  }

  private synchronized void enqueue(Path item) {
    if (abandon) {
      return;
    }
    queue.add(item);
    if (thread == null) {
      thread = new Thread(this::run, "spanweave-compress");
      thread.setDaemon(true);
      thread.setPriority(Thread.MIN_PRIORITY);
      thread.start();
    }
    notifyAll();
  }

  /** Parts compressed so far. */
  public long compressed() {
    return compressed.get();
  }

  /**
   * Parts that could not be compressed and stay plain (a full disk, an unreadable part, close ran
   * out of time).
   */
  public long leftPlain() {
    return leftPlain.get();
  }

  /** Bytes of the plain parts compressed so far, and what they became. */
  public long plainBytes() {
    return plainBytes.get();
  }

  /** Bytes of the compressed parts written so far. */
  public long compressedBytes() {
    return compressedBytes.get();
  }

  /**
   * Compresses the queued parts with a thread for each core of the machine for at most {@code
   * timeout}, then stops: a part still being compressed is given up (its temporary file deleted)
   * and it and the parts behind it stay plain. Returns the number of parts left plain by this
   * close.
   */
  public long close(Duration timeout) {
    long deadline = System.nanoTime() + timeout.toNanos();
    List<Thread> workers = new ArrayList<>();
    long left;
    closing = true;
    synchronized (this) {
      if (!queue.isEmpty() && timeout.toNanos() > 0) {
        int helpers =
            Math.min(queue.size(), Runtime.getRuntime().availableProcessors())
                - (thread == null ? 0 : 1);
        for (int k = 1; k <= helpers; k++) {
          Thread helper = new Thread(this::help, "spanweave-compress-close-" + k);
          helper.setDaemon(true);
          helper.start();
          workers.add(helper);
        }
      }
      try {
        for (long rest = timeout.toNanos();
            (active > 0 || !queue.isEmpty()) && rest > 0;
            rest = deadline - System.nanoTime()) {
          wait(Math.max(1, rest / 1_000_000));
        }
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
      abandon = true;
      left = queue.stream().filter(p -> p != RECOVER).count();
      queue.clear();
      if (thread != null) {
        workers.add(thread);
      }
      notifyAll();
    }
    long joinUntil =
        System.nanoTime() + 1_000_000_000L; // a chunk takes a millisecond: they stop at once
    for (Thread worker : workers) {
      try {
        worker.join(Math.max(1, (joinUntil - System.nanoTime()) / 1_000_000));
      } catch (InterruptedException e) {
        Thread.currentThread().interrupt();
      }
    }
    leftPlain.addAndGet(left);
    return left;
  }

  /** A thread of {@link #close}: takes queued parts until none is left or close gives up. */
  private void help() {
    while (true) {
      Path next;
      synchronized (this) {
        if (abandon || queue.isEmpty()) {
          return;
        }
        next = queue.poll();
        active++;
      }
      try {
        process(next);
      } finally {
        synchronized (this) {
          active--;
          notifyAll();
        }
      }
    }
  }

  private void run() {
    while (true) {
      Path next;
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
        active++;
      }
      try {
        process(next);
      } finally {
        synchronized (this) {
          active--;
          notifyAll();
        }
      }
    }
  }

  private void process(Path next) {
    if (next == RECOVER) {
      recover();
    } else {
      compress(next);
    }
  }

  /**
   * Compresses one closed part: temporary name, sync, atomic rename, then the plain part is
   * deleted.
   */
  void compress(Path part) {
    PartNames.Entry entry = names.parse(part);
    if (entry == null || entry.compressed()) {
      return;
    }
    synchronized (this) {
      if (!inProgress.add(part)) {
        return; // another thread of this process has it (a recovery found a part also queued)
      }
    }
    try {
      compressOne(entry, part);
    } finally {
      synchronized (this) {
        inProgress.remove(part);
      }
    }
  }

  private void compressOne(PartNames.Entry entry, Path part) {
    Path target = names.compressed(entry.sequence(), codec.fileExtension());
    Path temporary = names.temporary(entry.sequence(), codec.fileExtension(), PID);
    try {
      long size = Files.size(part);
      writeCompressed(part, temporary);
      Files.move(temporary, target, StandardCopyOption.ATOMIC_MOVE);
      compressedBytes.addAndGet(Files.size(target));
      plainBytes.addAndGet(size);
      Files.deleteIfExists(part);
      compressed.incrementAndGet();
      if (summaries != null) {
        summaries.summarise(target, codec, true);
      }
    } catch (NoSuchFileException e) {
      deleteQuietly(temporary); // another process of the run compressed it first
    } catch (InterruptedIOException e) {
      deleteQuietly(temporary); // close gave up waiting: the part stays plain
      leftPlain.incrementAndGet();
    } catch (IOException | RuntimeException | LinkageError e) {
      // LinkageError: a codec module missing a class; the thread must live on for the next parts.
      deleteQuietly(temporary);
      leftPlain.incrementAndGet();
      TracingFaults.report(
          "compress",
          "could not compress "
              + part
              + " with "
              + codec.name()
              + ", so it stays plain "
              + "(its spans are all there). Check that the disk is not full; later parts are tried again",
          e);
      if (summaries != null) {
        summaries.summarise(part, PlainCodec.INSTANCE, false);
      }
    }
  }

  private void writeCompressed(Path part, Path temporary) throws IOException {
    try (InputStream in = Files.newInputStream(part);
        FileOutputStream file = new FileOutputStream(temporary.toFile())) {
      try (OutputStream out =
          new SegmentedOutputStream(file, codec, SegmentedOutputStream.SEGMENT_BYTES)) {
        byte[] chunk = new byte[256 * 1024];
        boolean timed = THREADS.isCurrentThreadCpuTimeSupported();
        for (int n; (n = in.read(chunk)) != -1; ) {
          if (abandon) {
            throw new InterruptedIOException(
                "the runtime closed before " + part + " was compressed");
          }
          long cpu = timed ? THREADS.getCurrentThreadCpuTime() : 0;
          out.write(chunk, 0, n);
          if (timed && !closing && !ExportPressure.idle()) {
            LockSupport.parkNanos(this, (THREADS.getCurrentThreadCpuTime() - cpu) * (SHARE - 1));
          }
          while (!closing && !abandon && ExportPressure.now()) {
            LockSupport.parkNanos(this, PRESSED_PAUSE_NANOS);
          }
        }
      }
      file.getFD().sync(); // on disk before the rename makes it the part readers read
    }
  }

  /**
   * Compresses every closed part left plain in the directory on the calling thread (and deletes
   * temporary files of dead processes); returns how many parts it compressed. What a run's runtime
   * closed before it reached them, or what a killed process left, for {@code RunParts compress}.
   */
  public long recoverNow() {
    long before = compressed.get();
    recover();
    return compressed.get() - before;
  }

  /**
   * Deletes temporary files of dead processes, and compresses or removes the plain parts they left.
   */
  private void recover() {
    try {
      for (PartNames.Temporary temporary : names.listTemporary()) {
        if (temporary.pid() == PID
            || ProcessHandle.of(temporary.pid()).map(ProcessHandle::isAlive).orElse(false)) {
          continue; // ours, or a compression under way in another process of the run
        }
        deleteQuietly(temporary.path());
      }
      for (PartNames.Entry entry : names.listClosed()) {
        if (entry.compressed() || abandon) {
          continue;
        }
        if (Files.exists(names.compressed(entry.sequence(), codec.fileExtension()))) {
          deleteQuietly(
              entry.path()); // killed between the rename and the delete: the compressed part is
          // complete
        } else {
          compress(entry.path());
        }
      }
    } catch (IOException e) {
      TracingFaults.report("compress", "could not look for parts left plain in " + names.dir(), e);
    }
  }

  private static void deleteQuietly(Path file) {
    try {
      Files.deleteIfExists(file);
    } catch (IOException e) {
      // a temporary file left behind is deleted by the next recovery; readers never read it
    }
  }
}
