package io.spanweave.viewer.ingest;

import io.spanweave.viewer.parts.PartCodec;
import io.spanweave.viewer.parts.PlainCodec;
import java.io.IOException;
import java.nio.channels.FileChannel;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.util.ArrayList;
import java.util.List;

/**
 * The files spans were read from, by the small id the index stores per span (8 bits). Ids wrap
 * after 256 files; only details of spans from the oldest rotated files are lost then.
 */
public final class SourceFiles implements AutoCloseable {
  private static final int MAX_IDS = 256;
  private final SourceFile[] byId = new SourceFile[MAX_IDS];
  private final List<SourceFile> all = new ArrayList<>();
  private int next;

  synchronized SourceFile open(Path path) throws IOException {
    return open(path, PlainCodec.INSTANCE, null);
  }

  synchronized SourceFile open(Path path, PartCodec codec, PartState part) throws IOException {
    FileChannel channel = FileChannel.open(path, StandardOpenOption.READ);
    int id = next++ % MAX_IDS;
    if (byId[id] != null) {
      byId[id].close();
      all.remove(byId[id]);
    }
    SourceFile file = new SourceFile(id, path, channel, codec, part);
    byId[id] = file;
    all.add(file);
    return file;
  }

  /** A source of spans fetched from a backend: {@code name} says where, details are fetched again. */
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
