package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.spi.RunPartCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The files spans were read from, by the small id the index stores per span (8 bits). Ids wrap
 * after 256 files, skipping the files the in-memory index still holds spans of and the part being
 * written (a long run's first pass opens every part, over a thousand for 100M spans, while the
 * newest spans and the part being followed stay in use); only details of spans from the oldest
 * rotated files are lost then.
 */
public final class SourceFiles implements AutoCloseable {
  private static final int MAX_IDS = 256;
  private final SourceFile[] byId = new SourceFile[MAX_IDS];
  private final List<SourceFile> all = new ArrayList<>();
  private int next;

  synchronized SourceFile open(Path path) throws IOException {
    return open(path, PlainCodec.INSTANCE, null);
  }

  synchronized SourceFile open(Path path, RunPartCodec codec, PartState part) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    int id = freeId();
    if (byId[id] != null) {
      byId[id].close();
      all.remove(byId[id]);
    }
    SourceFile file = new SourceFile(id, path, channel, codec, part);
    byId[id] = file;
    all.add(file);
    return file;
  }

  /** The next id whose file is not in use (or, when all are, simply the next id). */
  private int freeId() {
    for (int tries = 0; tries < MAX_IDS; tries++) {
      int id = next++ % MAX_IDS;
      if (byId[id] == null || !inUse(byId[id])) {
        return id;
      }
    }
    return next++ % MAX_IDS;
  }

  /** The part being written, or a part some of whose spans are in the in-memory index. */
  private static boolean inUse(SourceFile file) {
    PartState state = file.part();
    return state != null && (state.part().live() || state.anyInMemory());
  }

  /**
   * A source of spans fetched from a backend: {@code name} says where, details are fetched again.
   */
  synchronized SourceFile backend(Path name, SourceFile.TraceFetcher fetcher) {
    int id = next++ % MAX_IDS;
    if (byId[id] != null) {
      byId[id].close();
      all.remove(byId[id]);
    }
    SourceFile file = SourceFile.backend(id, name, fetcher);
    byId[id] = file;
    all.add(file);
    return file;
  }

  public synchronized SourceFile get(int id) {
    return id >= 0 && id < MAX_IDS ? byId[id] : null;
  }

  @Override
  public synchronized void close() {
    for (SourceFile f : all) {
      f.close();
    }
    all.clear();
  }
}
