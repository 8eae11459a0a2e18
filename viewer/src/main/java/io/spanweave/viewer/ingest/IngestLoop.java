package io.spanweave.viewer.ingest;

import io.spanweave.viewer.index.SpanIndex;
import java.io.IOException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The single background thread that keeps the index current: it polls the trace file and the
 * live file, and sleeps between polls. The first poll reads the whole existing file, so the
 * viewer answers (with a "loading" status) while a big file is still being indexed.
 */
public final class IngestLoop implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(IngestLoop.class.getName());

  private final JsonlFollower traces;
  private final JsonlFollower live;
  private final TraceIngest traceIngest;
  private final LiveSpans liveSpans;
  private final SourceFiles sources;
  private final SourceFiles liveSources;
  private final Duration interval;
  private final ExecutorService parsers;
  private final Thread thread;
  private volatile boolean running = true;
  private volatile boolean initialLoadDone;
  private volatile long initialLoadMillis = -1;
  private volatile String lastError;
  private final Object wakeUp = new Object();
  private final FirstViewHold firstView = new FirstViewHold();

  public IngestLoop(SpanIndex index, Path traceFile, Path liveFile, Duration interval) {
    this.sources = new SourceFiles();
    this.liveSources = new SourceFiles();
    this.traces = new JsonlFollower(traceFile, sources);
    this.live = liveFile == null ? null : new JsonlFollower(liveFile, liveSources);
    AtomicInteger n = new AtomicInteger();
    this.parsers = Executors.newFixedThreadPool(
        Math.max(1, Runtime.getRuntime().availableProcessors()),
        r -> {
          Thread t = new Thread(r, "spanweave-viewer-parse-" + n.incrementAndGet());
          t.setDaemon(true);
          return t;
        });
    this.traceIngest = new TraceIngest(index, parsers, firstView);
    this.liveSpans = new LiveSpans();
    this.interval = interval;
    this.thread = new Thread(this::run, "spanweave-viewer-ingest");
    this.thread.setDaemon(true);
  }

  public void start() {
    thread.start();
  }

  /** Polls now instead of at the next interval (tests and the "refresh" button use it). */
  public void wakeUp() {
    synchronized (wakeUp) {
      wakeUp.notifyAll();
    }
  }

  private void run() {
    long started = System.nanoTime();
    while (running) {
      try {
        // The live file is small and says what is stuck now: read it before a big trace file.
        if (live != null) {
          live.poll(liveSpans);
        }
        traces.poll(traceIngest);
        traceIngest.flush();
        if (!initialLoadDone) {
          initialLoadDone = true;
          initialLoadMillis = (System.nanoTime() - started) / 1_000_000;
        }
        lastError = null;
      } catch (IOException | RuntimeException e) {
        if (!running) {
          return;
        }
        if (lastError == null) {
          LOG.log(Level.WARNING, "spanweave viewer: reading trace files failed; will retry", e);
        }
        lastError = String.valueOf(e.getMessage());
      }
      synchronized (wakeUp) {
        if (!running) {
          return;
        }
        try {
          wakeUp.wait(interval.toMillis());
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  public boolean initialLoadDone() {
    return initialLoadDone;
  }

  public long initialLoadMillis() {
    return initialLoadMillis;
  }

  /** Bytes of trace files indexed so far, over the current file and rotated ones. */
  public long bytesRead() {
    return traces.bytesDelivered();
  }

  public String lastError() {
    return lastError;
  }

  public TraceIngest traceIngest() {
    return traceIngest;
  }

  /** What the HTTP threads tell about requests, so the full pass can wait for the first view. */
  public FirstViewHold firstView() {
    return firstView;
  }

  public LiveSpans liveSpans() {
    return liveSpans;
  }

  public SourceFiles sources() {
    return sources;
  }

  public Path traceFile() {
    return traces.path();
  }

  public Path liveFile() {
    return live == null ? null : live.path();
  }

  @Override
  public void close() {
    // No interrupt: an interrupt closes the FileChannels the thread is reading (and that span
    // details are read from); waking it and letting it see the flag is enough.
    running = false;
    firstView.release();
    wakeUp();
    try {
      thread.join(2000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    parsers.shutdownNow();
    sources.close();
    liveSources.close();
  }
}
