package io.spanweave.runfiles.internal.summary;

import java.io.BufferedOutputStream;
import java.io.Closeable;
import java.io.DataOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Builds a {@link RunSummaryFile} from the summaries of a run's closed parts, handed over in the
 * order of the parts, as a viewer that reads the parts in a row merges them: a step is sealed once
 * two parts in a row left it untouched. Sealed steps go to a temporary log file at once, so that
 * the process holds only the steps still open (those of the last two parts), however long the run.
 * {@link #write} then writes the run summary from the log and the open steps.
 *
 * <p>The log is named like the run summary's temporary file ({@code .tmp-<pid>-<thread>}), so one
 * left by a process that died is deleted as a stale temporary ({@link StaleTemporaries}). Not
 * thread-safe.
 */
public final class RunSummaryBuilder implements Closeable {
  private final Path dir;
  private final long segmentBytes;
  private final RunSummary merged = new RunSummary();
  private final List<RunSummaryFile.CoveredPart> parts = new ArrayList<>();
  private Path log;
  private DataOutputStream logOut;
  private long pass;

  public RunSummaryBuilder(Path dir, long segmentBytes) {
    this.dir = dir;
    this.segmentBytes = segmentBytes;
  }

  /** The parts added so far, in order. */
  public List<RunSummaryFile.CoveredPart> parts() {
    return List.copyOf(parts);
  }

  /**
   * Adds the next part: its sealed segments, whose cells the builder takes over (the caller has
   * written them to the part's summary file already and lets go of them).
   */
  public void add(RunSummaryFile.CoveredPart part, List<SegmentSummary> segments)
      throws IOException {
    pass++;
    for (SegmentSummary s : segments) {
      merged.addTaking(s, pass);
    }
    merged.sealUntouchedSince(pass - 1);
    parts.add(part);
    List<RunSummaryFile.Step> sealed = new ArrayList<>();
    merged.drainSealed((run, step, stats) -> sealed.add(new RunSummaryFile.Step(run, step, stats)));
    if (sealed.isEmpty()) {
      return;
    }
    if (logOut == null) {
      Files.createDirectories(dir);
      log = temporary(".log");
      logOut = new DataOutputStream(new BufferedOutputStream(Files.newOutputStream(log), 1 << 16));
    }
    for (RunSummaryFile.Step s : sealed) {
      RunSummaryFile.writeStep(logOut, s.run(), s.step(), s.stats());
    }
    logOut.flush();
  }

  /**
   * Writes the run summary of the parts added, listed as {@code partsNow} (the same parts in the
   * same order, each as it is stored now: a part compressed since it was added has another name and
   * check), through a temporary file and an atomic rename.
   *
   * @return the file written
   */
  public Path write(List<RunSummaryFile.CoveredPart> partsNow) throws IOException {
    if (partsNow.size() != parts.size()) {
      throw new IllegalArgumentException(
          partsNow.size() + " parts listed for a run summary of " + parts.size());
    }
    Path file = dir.resolve(RunSummaryFile.fileName(segmentBytes));
    Path temporary = temporary("");
    Files.createDirectories(dir);
    try {
      try (OutputStream raw = Files.newOutputStream(temporary);
          DataOutputStream out = new DataOutputStream(new BufferedOutputStream(raw, 1 << 16))) {
        merged.read(
            view -> {
              try {
                RunSummaryFile.writeHead(
                    out,
                    segmentBytes,
                    partsNow,
                    view.spans(),
                    view.lines(),
                    view.malformedLines(),
                    view.kinds());
              } catch (IOException e) {
                throw new UncheckedIOException(e);
              }
              return null;
            });
        if (logOut != null) {
          logOut.flush();
          Files.copy(log, out);
        }
        merged.read(
            view -> {
              view.steps()
                  .forEach(
                      (run, steps) ->
                          steps.forEach(
                              (step, stats) -> {
                                try {
                                  RunSummaryFile.writeStep(out, run, step, stats);
                                } catch (IOException e) {
                                  throw new UncheckedIOException(e);
                                }
                              }));
              return null;
            });
        RunSummaryFile.writeEnd(out);
      } catch (UncheckedIOException e) {
        throw e.getCause();
      }
      TemporaryFiles.moveIntoPlace(temporary, file);
      return file;
    } finally {
      Files.deleteIfExists(temporary);
    }
  }

  /** Deletes the log of sealed steps. */
  @Override
  public void close() throws IOException {
    if (logOut != null) {
      logOut.close();
      logOut = null;
      Files.deleteIfExists(log);
    }
  }

  private Path temporary(String suffix) {
    return dir.resolve(
        RunSummaryFile.fileName(segmentBytes)
            + suffix
            + ".tmp-"
            + ProcessHandle.current().pid()
            + "-"
            + Thread.currentThread().getId());
  }
}
