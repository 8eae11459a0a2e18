package io.spanweave.bench.viewer;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * What Linux says of a process the benchmarks started (or of themselves): its peak resident memory
 * and its CPU time, every thread's, native ones included.
 */
final class ProcessFigures {
  private ProcessFigures() {}

  /** The process's peak resident memory ({@code VmHWM}) in KB, or 0 once it has ended. */
  static long peakRssKb(long pid) {
    try {
      for (String line : Files.readAllLines(Path.of("/proc/" + pid + "/status"))) {
        if (line.startsWith("VmHWM:")) {
          return Long.parseLong(line.replaceAll("\\D", ""));
        }
      }
    } catch (IOException | RuntimeException gone) {
      // The process ended.
    }
    return 0;
  }

  /** The process's user and system CPU seconds, or -1 once it has ended. */
  static double cpuSeconds(long pid) {
    try {
      String stat = Files.readString(Path.of("/proc/" + pid + "/stat"));
      String[] f = stat.substring(stat.lastIndexOf(')') + 2).split(" ");
      return (Long.parseLong(f[11]) + Long.parseLong(f[12])) / 100.0;
    } catch (IOException | RuntimeException gone) {
      return -1;
    }
  }
}
