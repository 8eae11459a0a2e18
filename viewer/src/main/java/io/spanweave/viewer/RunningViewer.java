package io.spanweave.viewer;

import com.sun.net.httpserver.HttpServer;
import io.spanweave.viewer.http.FrontDoor;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.IngestLoop;
import io.spanweave.viewer.views.SpanSource;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.TimeUnit;

/** A started viewer: its URL, and {@link #close()} to stop serving and reading. */
public final class RunningViewer implements AutoCloseable {
  private final HttpServer server;
  private final ExecutorService httpThreads;
  private final IngestLoop ingest;
  private final SpanIndex index;
  private final String url;
  private final SpanSource source;
  private final FrontDoor door;
  private final Path temporaryTraceFile;

  RunningViewer(
      HttpServer server,
      FrontDoor door,
      ExecutorService httpThreads,
      IngestLoop ingest,
      SpanIndex index,
      String url,
      SpanSource source,
      Path temporaryTraceFile) {
    this.door = door;
    this.source = source;
    this.temporaryTraceFile = temporaryTraceFile;
    this.server = server;
    this.httpThreads = httpThreads;
    this.ingest = ingest;
    this.index = index;
    this.url = url;
  }

  /** The page's address, e.g. {@code http://127.0.0.1:18080/}. */
  public String url() {
    return url;
  }

  public int port() {
    return door.port();
  }

  /** Whether the file as it was at start has been read completely. */
  public boolean initialLoadDone() {
    return ingest.initialLoadDone();
  }

  /** Milliseconds the first full read of the trace file took, or -1 while it runs. */
  public long initialLoadMillis() {
    return ingest.initialLoadMillis();
  }

  /** Asks the ingest thread to look for new lines now rather than at its next poll. */
  public void refresh() {
    ingest.wakeUp();
  }

  public int spanCount() {
    return index.read(index::spanCount);
  }

  @Override
  public void close() {
    source.close();
    door.close();
    server.stop(0);
    httpThreads.shutdownNow();
    try {
      httpThreads.awaitTermination(2, TimeUnit.SECONDS);
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
    }
    ingest.close();
    if (temporaryTraceFile != null) {
      try {
        Files.deleteIfExists(temporaryTraceFile);
      } catch (IOException e) {
        // Left in the temporary directory; nothing else to do on the way out.
      }
    }
  }

  @Override
  public String toString() {
    return url;
  }
}
