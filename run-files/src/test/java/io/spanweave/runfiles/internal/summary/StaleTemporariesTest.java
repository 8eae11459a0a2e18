package io.spanweave.runfiles.internal.summary;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Temporary files of processes that died are deleted from a summary directory; those of this
 * process and of any live one, and files of other names, are left alone. The pids are of real
 * processes: one that has exited, one still running.
 */
class StaleTemporariesTest {
  @TempDir Path dir;

  @Test
  void onlyTheTemporaryFilesOfProcessesNoLongerAliveAreDeleted() throws Exception {
    Process exited = new ProcessBuilder("true").start();
    assertThat(exited.waitFor(30, TimeUnit.SECONDS)).isTrue();
    Process running = new ProcessBuilder("sleep", "60").start();
    try {
      long self = ProcessHandle.current().pid();
      String summary = "part-8badf00d12345678-800000.summary";
      Path deadSummary =
          Files.writeString(dir.resolve(summary + ".tmp-" + exited.pid() + "-1"), "");
      Path deadManifest =
          Files.writeString(dir.resolve(RunManifest.FILE_NAME + ".tmp-" + exited.pid()), "");
      Path liveSummary =
          Files.writeString(dir.resolve(summary + ".tmp-" + running.pid() + "-7"), "");
      Path liveManifest =
          Files.writeString(dir.resolve(RunManifest.FILE_NAME + ".tmp-" + running.pid()), "");
      Path own = Files.writeString(dir.resolve(summary + ".tmp-" + self + "-3"), "");
      Path other = Files.writeString(dir.resolve("notes.txt.tmp-" + exited.pid()), "");
      Path whole = Files.writeString(dir.resolve(summary), "");
      String run = RunSummaryFile.fileName(PartSummaryFile.DEFAULT_SEGMENT_BYTES);
      Path deadRunSummary = Files.writeString(dir.resolve(run + ".tmp-" + exited.pid() + "-4"), "");
      Path deadLog = Files.writeString(dir.resolve(run + ".log.tmp-" + exited.pid() + "-4"), "");
      Path liveLog = Files.writeString(dir.resolve(run + ".log.tmp-" + running.pid() + "-4"), "");

      assertThat(StaleTemporaries.delete(dir)).isEqualTo(4);

      assertThat(deadSummary).doesNotExist();
      assertThat(deadManifest).doesNotExist();
      assertThat(liveSummary).exists();
      assertThat(liveManifest).exists();
      assertThat(own).exists();
      assertThat(other).exists();
      assertThat(whole).exists();
      assertThat(deadRunSummary).doesNotExist();
      assertThat(deadLog).doesNotExist();
      assertThat(liveLog).exists();
      assertThat(StaleTemporaries.delete(dir.resolve("absent"))).isZero();
    } finally {
      running.destroyForcibly();
    }
  }
}
