package io.spanweave.runtime;

import io.spanweave.runfiles.internal.facts.PartSummariser;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * A child JVM for {@link PartsSummarisedLaterTest}: another process writing into a run's summary
 * directory, as a viewer or a second runtime does, through the same writers. It summarises one part
 * and then writes its summary ({@code summary}) or a run manifest ({@code manifest}) over and over
 * until it is stopped or killed, so that at almost any moment it holds a temporary file. {@code
 * args}: summary directory, part, {@code summary} or {@code manifest}.
 */
public final class SummaryWriterMain {

  private SummaryWriterMain() {}

  public static void main(String[] args) throws Exception {
    Path dir = Path.of(args[0]);
    Path part = Path.of(args[1]);
    boolean compressed = part.getFileName().toString().endsWith(".gz");
    long segmentBytes = PartSummaryFile.DEFAULT_SEGMENT_BYTES;
    PartSummariser.Summary summary =
        new PartSummariser()
            .summarise(
                part,
                compressed ? PartCodecs.forExtension("gz") : PlainCodec.INSTANCE,
                compressed,
                segmentBytes);
    if (summary == null) {
      System.err.println("the facts summariser does not read " + part);
      System.exit(1);
    }
    String name = PartSummaryFile.fileName(summary.fingerprint(), segmentBytes);
    List<RunManifest.Entry> entries = new ArrayList<>();
    for (int k = 0; k < 20_000; k++) { // a manifest large enough that writing it takes a while
      entries.add(new RunManifest.Entry(part.getFileName().toString(), k, name));
    }
    System.out.println("writing into " + dir);
    while (true) {
      if (args[2].equals("summary")) {
        PartSummaryFile.write(dir, summary.fingerprint(), segmentBytes, summary.contents());
      } else {
        RunManifest.write(dir, segmentBytes, entries);
      }
    }
  }
}
