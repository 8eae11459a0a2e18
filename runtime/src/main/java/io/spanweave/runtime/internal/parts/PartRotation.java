package io.spanweave.runtime.internal.parts;

import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.nio.file.Path;

/** Closes {@code traces.jsonl} as {@code traces-NNNNNN.jsonl} at a size, and hands each closed part to the compressor. */
public final class PartRotation implements JsonLinesFile.Rotation {

  private final PartNames names;
  private final long maxBytes;
  private final PartCompressor compressor;

  /** @param compressor {@code null} to leave closed parts plain */
  public PartRotation(PartNames names, long maxBytes, PartCompressor compressor) {
    this.names = names;
    this.maxBytes = maxBytes;
    this.compressor = compressor;
  }

  @Override
  public long maxBytes() {
    return maxBytes;
  }

  @Override
  public Path nameForClosedPart() throws IOException {
    return names.closed(names.nextSequence());
  }

  @Override
  public void closed(Path part) {
    if (compressor != null) {
      compressor.compressLater(part);
    }
  }
}
