package io.spanweave.viewer.ingest;

import io.spanweave.runfiles.internal.parts.PartCatalog;
import io.spanweave.runfiles.internal.summary.PartSummaryFile;
import io.spanweave.viewer.json.FilesRead;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * The runs the viewer reads: one per trace file its roots name (trace files, run folders, {@code
 * traces/} folders, or output directories, which gain run folders over time; see {@link
 * RunFolders}), each with its part catalog, its followers and its summary cache.
 *
 * <p>Runs are added by the ingest thread; the list answers any thread.
 */
final class RunSet {
  private final List<Path> roots;

  /** The live file given for every run, or null for each run's own {@code live.jsonl}. */
  private final Path liveFileGiven;

  private final Path cacheDirGiven;
  private final LivePartReader livePart;
  private final RunLiveness liveness;
  private final List<RunSource> runs = new CopyOnWriteArrayList<>();
  private final Set<Path> knownTraceFiles = new HashSet<>();
  private long lastRootScan;

  RunSet(
      List<Path> roots,
      Path liveFileGiven,
      Path cacheDirGiven,
      LivePartReader livePart,
      RunLiveness liveness) {
    this.roots = List.copyOf(roots);
    this.liveFileGiven = liveFileGiven;
    this.cacheDirGiven = cacheDirGiven;
    this.livePart = livePart;
    this.liveness = liveness;
  }

  /** Every run found so far, in the order found. */
  List<RunSource> all() {
    return runs;
  }

  /** Whether the roots were last looked at {@link PartRelisting#RELIST_NANOS} ago or more. */
  boolean rescanDue() {
    return System.nanoTime() - lastRootScan > PartRelisting.RELIST_NANOS;
  }

  /** Adds a run for every trace file the roots name now; returns the runs added. */
  List<RunSource> addRunsOfRoots() throws IOException {
    lastRootScan = System.nanoTime();
    List<RunSource> added = new ArrayList<>();
    for (Path root : roots) {
      List<Path> traceFiles =
          RunFolders.isOutputDir(root)
              ? RunFolders.runFolders(root)
              : List.of(RunFolders.traceFileOf(root));
      for (Path traceFile : traceFiles) {
        RunSource run = addRun(traceFile);
        if (run != null) {
          added.add(run);
        }
      }
    }
    return added;
  }

  private RunSource addRun(Path traceFile) {
    Path normalized = traceFile.toAbsolutePath().normalize();
    if (!knownTraceFiles.add(normalized)) {
      return null;
    }
    PartCatalog catalog = new PartCatalog(normalized);
    RunSource[] self = new RunSource[1];
    JsonlFollower follower = new JsonlFollower(normalized, livePart.openerFor(() -> self[0]));
    Path liveFile =
        liveFileGiven != null
            ? (runs.isEmpty() ? liveFileGiven : null)
            : normalized.resolveSibling("live.jsonl");
    SummaryCache cache =
        new SummaryCache(
            cacheDirGiven != null
                ? cacheDirGiven
                : PartSummaryFile.directoryOf(normalized.getParent()));
    self[0] =
        new RunSource(
            catalog, follower, liveFile == null ? null : liveness.followerOf(liveFile), cache);
    runs.add(self[0]);
    return self[0];
  }

  /** The trace files of the runs (the part being written of each). */
  List<Path> traceFiles() {
    return runs.stream().map(RunSource::traceFile).toList();
  }

  /** The first run's trace file (the first root's, while no run is found). */
  Path traceFile() {
    return runs.isEmpty() ? RunFolders.traceFileOf(roots.get(0)) : runs.get(0).traceFile();
  }

  /** The first run's live file, or null. */
  Path liveFile() {
    return runs.isEmpty() || runs.get(0).live == null ? null : runs.get(0).live.path();
  }

  /** Why summaries are not cached beside a run, or null. */
  String cacheProblem() {
    for (RunSource run : runs) {
      if (run.cache.problem() != null) {
        return run.cache.problem();
      }
    }
    return null;
  }

  /** A count of summary files, over every run's cache. */
  long summaryFiles(java.util.function.ToLongFunction<SummaryCache> count) {
    long n = 0;
    for (RunSource run : runs) {
      n += count.applyAsLong(run.cache);
    }
    return n;
  }

  /** Where the first run's summaries are cached. */
  Path cacheDir() {
    return runs.isEmpty() ? cacheDirGiven : runs.get(0).cache.dir();
  }

  /**
   * The first run's files: its trace file (size -1 when it does not exist or cannot be told) and
   * live file, with {@code bytesRead} of lines read from all parts.
   */
  FilesRead filesRead(long bytesRead) {
    Path traceFile = traceFile();
    long size = -1;
    try {
      size = Files.exists(traceFile) ? Files.size(traceFile) : -1;
    } catch (IOException ignored) {
      // Reported as unknown size.
    }
    Path liveFile = liveFile();
    return new FilesRead(
        traceFile.toString(),
        size >= 0,
        size,
        bytesRead,
        liveFile == null ? null : liveFile.toString());
  }
}
