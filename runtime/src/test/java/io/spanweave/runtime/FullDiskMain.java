package io.spanweave.runtime;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Map;
import java.util.stream.Stream;

/**
 * A child JVM for {@link RunPartsFaultsTest}, run inside its own mount namespace over a small
 * tmpfs: records a run of small parts, fills the disk while the part being written is about to be
 * closed (so that both the write and the compression of the closed part fail), records on, frees
 * the disk, records more, closes and copies the run out of the tmpfs. Prints what it counted as
 * {@code key=value} lines. {@code args}: the tmpfs directory, the directory to copy the run to.
 */
public final class FullDiskMain {

  static final long PART_BYTES = 64 * 1024;

  private FullDiskMain() {}

  public static void main(String[] args) throws Exception {
    Path disk = Path.of(args[0]);
    Path copy = Path.of(args[1]);
    TraceRuntime runtime =
        Tracing.configure(
            TestRuns.config(disk.resolve("runs"))
                .runId("full")
                .runFiles(files -> files.withPartMaxBytes(PART_BYTES))
                .build());
    long recorded = 0;
    int thrown = 0;
    // 1. Parts written and compressed while there is room. Their plain size (about 1.8 MB) is more
    //    than the tmpfs holds, so each batch waits until the parts it closed are compressed: the
    //    compressor is a background thread that a busy machine schedules late, and a disk filled
    //    by parts still plain would make this phase, not step 3, the full-disk one.
    Path active = runtime.traceFile();
    for (int i = 0; i < 3000; i++) {
      thrown += record("before-" + i);
      recorded++;
      if (i % 100 == 99) {
        runtime.flush();
        awaitClosedPartsCompressed(active.getParent());
      }
    }
    runtime.flush();
    // 2. Write one span at a time until the part being written is about to be closed.
    while (Files.size(active) < PART_BYTES - 2048) {
      thrown += record("fill-" + recorded);
      recorded++;
      runtime.flush();
    }
    // 3. The disk fills up: the next spans close the part (a rename needs no room), and neither
    //    they nor the compressed part fit.
    Path filler = disk.resolve("filler");
    try (OutputStream out = Files.newOutputStream(filler)) {
      byte[] block = new byte[4096];
      while (true) {
        out.write(block);
      }
    } catch (IOException full) {
      System.out.println("disk.full=" + full.getMessage());
    }
    for (int i = 0; i < 400; i++) {
      thrown += record("while-full-" + i);
      recorded++;
      if (i % 50 == 0) {
        runtime.flush();
      }
    }
    runtime.flush();
    // The compressor (a background thread, slow to be scheduled on a busy machine) tries the part
    // closed while the disk is full, and fails.
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (TracingFaults.count("compress") == 0 && System.nanoTime() < deadline) {
      Thread.sleep(20);
    }
    long droppedWhileFull = runtime.droppedSpans();
    // 4. Room again: recording goes on, into the part being written.
    Files.delete(filler);
    for (int i = 0; i < 200; i++) {
      thrown += record("after-" + i);
      recorded++;
    }
    runtime.close();
    try (Stream<Path> files = Files.list(active.getParent())) {
      Files.createDirectories(copy);
      for (Path file : files.toList()) {
        Files.copy(file, copy.resolve(file.getFileName()), StandardCopyOption.COPY_ATTRIBUTES);
      }
    }
    System.out.println("recorded=" + recorded);
    System.out.println("exported=" + runtime.exportedSpans());
    System.out.println("dropped=" + runtime.droppedSpans());
    System.out.println("dropped.while.full=" + droppedWhileFull);
    System.out.println("thrown=" + thrown);
    System.out.println("faults.export=" + TracingFaults.count("export"));
    System.out.println("faults.compress=" + TracingFaults.count("compress"));
    System.out.println("done");
  }

  /** Waits (at most 60 s) until no closed part in {@code traces} is left plain. */
  private static void awaitClosedPartsCompressed(Path traces) throws Exception {
    long deadline = System.nanoTime() + 60_000_000_000L;
    while (System.nanoTime() < deadline) {
      try (Stream<Path> files = Files.list(traces)) {
        if (files.noneMatch(f -> f.getFileName().toString().matches("traces-\\d+\\.jsonl"))) {
          return;
        }
      }
      Thread.sleep(10);
    }
  }

  /** One span; returns 1 if tracing threw into the traced code (it must not). */
  private static int record(String name) {
    try (TraceScope span = Trace.span(name, Map.of("padding", "q".repeat(400)))) {
      return 0;
    } catch (RuntimeException e) {
      e.printStackTrace();
      return 1;
    }
  }
}
