package io.spanweave.runtime.internal.parts;

import io.spanweave.runfiles.internal.parts.PartNames;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.IOException;
import java.nio.file.Path;

/**
 * Closes {@code traces.jsonl} as {@code traces-NNNNNN.jsonl} at a size, and hands each closed part
 * to the compressor (which has it summarised once compressed), or, without compression, to the
 * summaries.
 */
public final class PartRotation implements JsonLinesFile.Rotation {

  private final PartNames names;
  private final long maxBytes;
  private final PartCompressor compressor;
  private final PartSummaries summaries;

  /**
   * @param compressor {@code null} to leave closed parts plain
   */
  public PartRotation(PartNames names, long maxBytes, PartCompressor compressor) {
    this(names, maxBytes, compressor, null);
  }

  /**
   * @param compressor {@code null} to leave closed parts plain
   * @param summaries summarises a closed part left plain (the compressor hands it the parts it
   *     compresses); null for none
   */
  public PartRotation(
      PartNames names, long maxBytes, PartCompressor compressor, PartSummaries summaries) {
    this.names = names;
    this.maxBytes = maxBytes;
    this.compressor = compressor;
    this.summaries = summaries;
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
    } else if (summaries != null) {
      summaries.summarise(part, PlainCodec.INSTANCE, false);
    }
  }
}
