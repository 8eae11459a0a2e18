package io.spanweave.viewer.ingest;

import io.spanweave.viewer.json.BackendStatus;
import java.io.IOException;
import java.net.URI;
import java.time.Duration;
import java.util.concurrent.atomic.AtomicLong;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Spans read from a tracing backend's query API rather than from files the run wrote: a daemon
 * thread that polls it, and the last failure, logged once while it lasts.
 */
public abstract class BackendSource implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(BackendSource.class.getName());

  private final Thread thread;
  private final Duration interval;
  private final AtomicLong polls = new AtomicLong();
  private volatile boolean running = true;
  private volatile String lastError;
  private String lastLoggedError;

  /**
   * @param interval the wait between polls that leave nothing to fetch at once
   */
  protected BackendSource(String threadName, Duration interval) {
    this.interval = interval;
    this.thread = new Thread(this::poll, threadName);
    this.thread.setDaemon(true);
  }

  /** The backend's base URL. */
  public abstract URI api();

  /** Spans fetched so far. */
  public abstract long spans();

  /** Polls made so far. */
  public long polls() {
    return polls.get();
  }

  /**
   * One poll of the backend.
   *
   * @return true to poll again at once (more to fetch), false to wait the interval first
   */
  protected abstract boolean pollOnce() throws IOException, InterruptedException;

  /**
   * The polling loop, until {@link #close}: a failed poll is said in the status and logged once
   * while it lasts, and polling goes on.
   */
  private void poll() {
    while (running) {
      boolean more = false;
      try {
        more = pollOnce();
        succeeded();
      } catch (IOException | RuntimeException e) {
        failed(e.getMessage() == null ? e.toString() : e.getMessage());
      } catch (InterruptedException e) {
        return;
      }
      polls.incrementAndGet();
      if (!more) {
        try {
          Thread.sleep(interval.toMillis());
        } catch (InterruptedException e) {
          return;
        }
      }
    }
  }

  /** Why the last query failed, or null when it succeeded. */
  public String lastError() {
    return lastError;
  }

  public void start() {
    thread.start();
  }

  /**
   * What the status says of the backend: its URL, spans fetched, queries made and the last failure.
   */
  public BackendStatus status() {
    return new BackendStatus("zipkin", api().toString(), spans(), polls(), lastError());
  }

  /** The last query succeeded. */
  private void succeeded() {
    lastError = null;
  }

  /**
   * A query failed: said in the status, logged when it first happens, not at every poll while it
   * lasts.
   */
  private void failed(String message) {
    lastError = "Zipkin at " + api() + ": " + message;
    if (!lastError.equals(lastLoggedError)) {
      LOG.log(Level.WARNING, "spanweave viewer: " + lastError);
      lastLoggedError = lastError;
    }
  }

  @Override
  public void close() {
    running = false;
    thread.interrupt();
    try {
      thread.join(2_000);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
  }
}
