package io.spanweave.viewer.ingest;

import java.net.URI;

/** Spans read from a tracing backend's query API rather than from files the run wrote. */
public interface BackendSource extends AutoCloseable {
  /** The backend's base URL. */
  URI api();

  /** Spans fetched so far. */
  long spans();

  /** Polls made so far. */
  long polls();

  /** Why the last query failed, or null when it succeeded. */
  String lastError();

  void start();

  @Override
  void close();
}
