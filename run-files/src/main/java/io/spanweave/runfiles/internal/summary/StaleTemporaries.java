package io.spanweave.runfiles.internal.summary;

import java.io.IOException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.NotDirectoryException;
import java.nio.file.Path;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Deletes the temporary files that processes which died left in a summary directory: a summary's
 * ({@code part-<fingerprint>-<segment size>.summary.tmp-<pid>-<thread>}, {@link PartSummaryFile}),
 * a run summary's or its log of sealed steps ({@code run-<segment
 * size>.summary[.log].tmp-<pid>-<thread>}, {@link RunSummaryBuilder}) or the run manifest's ({@code
 * run-manifest.json.tmp-<pid>}, {@link RunManifest}). A process killed (or a close that ran out of
 * time) between creating one and renaming it leaves it behind; nobody reads it, but it takes space
 * and would pile up. A temporary file of this process, or of any process still alive (a runtime or
 * viewer writing the same run), is never touched: its writer renames it in a moment. A pid of a
 * process that died and was reused by a live one keeps its file until that process ends too, which
 * costs only the space.
 */
public final class StaleTemporaries {
  private static final Pattern TEMPORARY =
      Pattern.compile(
          "(?:part-[0-9a-f]+-[0-9a-f]+\\.summary|run-[0-9a-f]+\\.summary(?:\\.log)?|"
              + Pattern.quote(RunManifest.FILE_NAME)
              + ")\\.tmp-(\\d+)(?:-\\d+)?");

  private StaleTemporaries() {}

  /**
   * Deletes the temporary files in {@code dir} whose writing process is no longer alive.
   *
   * @return how many were deleted; 0 when there is no such directory
   */
  public static int delete(Path dir) throws IOException {
    long self = ProcessHandle.current().pid();
    int deleted = 0;
    try (DirectoryStream<Path> files = Files.newDirectoryStream(dir, "*.tmp-*")) {
      for (Path file : files) {
        Matcher m = TEMPORARY.matcher(file.getFileName().toString());
        if (!m.matches()) {
          continue;
        }
        long pid;
        try {
          pid = Long.parseLong(m.group(1));
        } catch (NumberFormatException notAPid) {
          continue;
        }
        if (pid != self
            && !ProcessHandle.of(pid).map(ProcessHandle::isAlive).orElse(false)
            && Files.deleteIfExists(file)) {
          deleted++;
        }
      }
    } catch (NoSuchFileException | NotDirectoryException none) {
      return 0;
    }
    return deleted;
  }
}
