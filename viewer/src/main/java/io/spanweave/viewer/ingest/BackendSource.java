package io.spanweave.viewer.ingest;

import java.net.URI;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Spans read from a tracing backend's query API rather than from files the run wrote: a daemon
 * thread that polls it, and the last failure, logged once while it lasts.
 */
public abstract class BackendSource implements AutoCloseable {
  private static final Logger LOG = Logger.getLogger(BackendSource.class.getName());

  private final Thread thread;
  private volatile boolean running = true;
  private volatile String lastError;
  private String lastLoggedError;

  protected BackendSource(String threadName) {
    this.thread = new Thread(this::poll, threadName);
    this.thread.setDaemon(true);
  }

  /** The backend's base URL. */
  public abstract URI api();

  /** Spans fetched so far. */
  public abstract long spans();

  /** Polls made so far. */
  public abstract long polls();

  /** The polling loop; returns when {@link #running} turns false or the thread is interrupted. */
  protected abstract void poll();

  /** Why the last query failed, or null when it succeeded. */
  public String lastError() {
    return lastError;
  }

  public void start() {
    thread.start();
  }

  protected boolean running() {
    return running;
  }

  /** The last query succeeded. */
  protected void succeeded() {
    lastError = null;
  }

  /** A query failed: said in the status, logged when it first happens, not at every poll while it lasts. */
  protected void failed(String message) {
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
