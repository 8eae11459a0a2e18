package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.api.TracingFaults;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.runfiles.internal.summary.RunManifest;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The runtime summarises each part it closes into the summary directory and writes the run manifest
 * at close; when it cannot, the traced program notices nothing and the fault is counted.
 */
class PartSummariesFaultsTest {
  @TempDir Path dir;

  private static List<Path> closedParts(Path traces) throws Exception {
    try (Stream<Path> files = Files.list(traces)) {
      return files
          .filter(p -> p.getFileName().toString().matches("traces-\\d{6}\\.jsonl\\.gz"))
          .sorted()
          .toList();
    }
  }

  @Test
  void everyCompressedPartIsSummarisedAndTheManifestListsThemInOrder() throws Exception {
    try (TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("summarised")
                .runFiles(files -> files.withPartMaxBytes(64 << 10))
                .build())) {
      TestRuns.recordPaddedSpans(3_000);
    }
    Path traces = dir.resolve("summarised").resolve("traces");
    List<Path> parts = closedParts(traces);
    assertThat(parts).hasSizeGreaterThan(2);
    Path summaries = traces.resolve(PartSummaryFile.DIRECTORY);
    String manifest = Files.readString(summaries.resolve(RunManifest.FILE_NAME));
    int at = 0;
    for (Path part : parts) {
      String entry =
          "{\"name\":\""
              + part.getFileName()
              + "\",\"storedBytes\":"
              + Files.size(part)
              + ",\"summary\":\"part-";
      int found = manifest.indexOf(entry, at);
      assertThat(found).as("%s in order in %s", entry, manifest).isGreaterThanOrEqualTo(at);
      at = found + entry.length();
      String summary = manifest.substring(at - "part-".length(), manifest.indexOf('"', at));
      assertThat(summaries.resolve(summary)).isRegularFile();
    }
    try (Stream<Path> files = Files.list(summaries)) {
      assertThat(files.map(p -> p.getFileName().toString())).noneMatch(n -> n.contains(".tmp"));
    }
  }

  @Test
  void aSummaryDirectoryThatCannotBeWrittenCostsTheSummariesOnlyCountedAndLoggedOnce()
      throws Exception {
    Path traces = dir.resolve("blocked").resolve("traces");
    Files.createDirectories(traces);
    Files.writeString(traces.resolve(PartSummaryFile.DIRECTORY), "not a directory");
    long before = TracingFaults.count("summary");
    try (TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(dir)
                .runId("blocked")
                .runFiles(files -> files.withPartMaxBytes(64 << 10))
                .build())) {
      TestRuns.recordPaddedSpans(3_000);
    }
    assertThat(closedParts(traces))
        .hasSizeGreaterThan(2); // the parts are closed and compressed as ever
    assertThat(TracingFaults.count("summary") - before).isGreaterThan(2);
    assertThat(Files.readString(traces.resolve(PartSummaryFile.DIRECTORY)))
        .isEqualTo("not a directory");
  }
}
