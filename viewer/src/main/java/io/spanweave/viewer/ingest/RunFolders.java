package io.spanweave.viewer.ingest;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

/**
 * What a path given to the viewer names: a trace file (the part being written, or any JSONL file),
 * a run folder ({@code <runId>/} holding {@code traces/}) or its {@code traces/} folder (both read
 * as {@code traces/traces.jsonl} and its closed parts), or an output directory holding run folders
 * ({@code <outputDir>/<runId>/traces/...}), each read as its own run, including run folders that
 * appear while the viewer runs.
 */
final class RunFolders {
  private static final String TRACES = "traces";
  private static final String TRACE_FILE = "traces.jsonl";

  private RunFolders() {}

  /**
   * Whether {@code path} is an output directory: a folder holding run folders and no trace file of
   * its own.
   */
  static boolean isOutputDir(Path path) throws IOException {
    if (!Files.isDirectory(path) || Files.isDirectory(path.resolve(TRACES)) || holdsParts(path)) {
      return false;
    }
    return !runFolders(path).isEmpty();
  }

  /** The trace file {@code path} stands for when it is not an output directory. */
  static Path traceFileOf(Path path) {
    if (!Files.isDirectory(path)) {
      return path;
    }
    Path traces = path.resolve(TRACES);
    return Files.isDirectory(traces) ? traces.resolve(TRACE_FILE) : path.resolve(TRACE_FILE);
  }

  /** The trace files of the run folders in an output directory, by folder name. */
  static List<Path> runFolders(Path outputDir) throws IOException {
    List<Path> out = new ArrayList<>();
    try (Stream<Path> entries = Files.list(outputDir)) {
      entries
          .filter(p -> Files.isDirectory(p.resolve(TRACES)))
          .sorted()
          .forEach(p -> out.add(p.resolve(TRACES).resolve(TRACE_FILE)));
    } catch (NoSuchFileException gone) {
      return List.of();
    }
    return out;
  }

  private static boolean holdsParts(Path dir) throws IOException {
    try (Stream<Path> entries = Files.list(dir)) {
      return entries
          .map(p -> p.getFileName().toString())
          .anyMatch(n -> n.startsWith("traces") && n.contains(".jsonl"));
    }
  }
}
