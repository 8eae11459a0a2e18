package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import com.google.protobuf.util.JsonFormat;
import io.opentelemetry.proto.collector.trace.v1.ExportTraceServiceRequest;
import io.opentelemetry.proto.trace.v1.Span;
import io.spanweave.runfiles.internal.parts.PartCodecs;
import io.spanweave.runtime.internal.parts.TraceParts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Faults of a real run written as parts, in real child JVMs: killed while compressing a part, and a
 * disk that fills up (a 1 MiB tmpfs mounted in the child's own user and mount namespace with {@code
 * unshare -r -m}, so no root and no mount outside the child).
 */
class RunPartsFaultsTest {

  @TempDir Path dir;

  private static List<String> names(Path folder) throws IOException {
    try (Stream<Path> files = Files.list(folder)) {
      return files.map(p -> p.getFileName().toString()).sorted().toList();
    }
  }

  /** Every span of the run, parsed strictly from every part; nothing may be skipped. */
  private static List<Span> spans(Path traceFile) throws IOException {
    List<Span> spans = new ArrayList<>();
    RunParts.Outcome outcome =
        RunParts.forEachLine(
            traceFile,
            (part, number, line) -> {
              ExportTraceServiceRequest.Builder request = ExportTraceServiceRequest.newBuilder();
              JsonFormat.parser().merge(line, request);
              spans.addAll(TestRuns.spans(List.of(request.build())));
            });
    assertThat(outcome.skipped()).as("parts that could not be read").isEmpty();
    return spans;
  }

  private static List<String> spanIds(List<Span> spans) {
    return spans.stream()
        .map(span -> span.getSpanId().toStringUtf8() + "/" + span.getName())
        .toList();
  }

  @Test
  void killedWhileCompressingThenRecoveredByTheNextWriterWithNoSpanLostOrRepeated()
      throws Exception {
    Path output = dir.resolve("out");
    Path traces = output.resolve("killed").resolve("traces");
    Process child =
        new ProcessBuilder(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp",
                System.getProperty("java.class.path"),
                PartsWriterMain.class.getName(),
                output.toString(),
                "killed",
                Long.toString(8L << 20))
            .redirectErrorStream(true)
            .redirectOutput(dir.resolve("child.log").toFile())
            .start();
    boolean compressing = false;
    try {
      long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(90);
      while (!compressing && System.nanoTime() < deadline && child.isAlive()) {
        compressing =
            Files.isDirectory(traces)
                && names(traces).stream().anyMatch(name -> name.endsWith(".tmp"));
        if (!compressing) {
          Thread.sleep(1);
        }
      }
    } finally {
      child.destroyForcibly(); // SIGKILL: no shutdown hook, no close
      child.waitFor(30, TimeUnit.SECONDS);
    }
    assertThat(compressing)
        .as(
            "the child was compressing a part when it was killed; its log:%n%s",
            Files.exists(dir.resolve("child.log"))
                ? Files.readString(dir.resolve("child.log"))
                : "")
        .isTrue();

    List<String> left = names(traces);
    List<Span> before = spans(traces.resolve("traces.jsonl"));
    assertThat(before).hasSizeGreaterThan(1000);
    assertThat(spanIds(before)).doesNotHaveDuplicates();

    // The next writer of the run (a runtime that resumes it) finishes what the killed one left.
    TraceParts resumed =
        TraceParts.open(
            traces.resolve("traces.jsonl"), 8L << 20, PartCodecs.find("gzip").orElseThrow());
    resumed.close(Duration.ofSeconds(60));
    List<String> after = names(traces);
    assertThat(after)
        .as("left by the kill: %s", left)
        .noneMatch(name -> name.endsWith(".tmp"))
        .noneMatch(name -> name.matches("traces-\\d+\\.jsonl"))
        .contains("traces-000001.jsonl.gz");
    assertThat(spanIds(spans(traces.resolve("traces.jsonl")))).isEqualTo(spanIds(before));
  }

  @Test
  void aDiskThatFillsUpCostsTheSpansThatDidNotFitCountedAndLoggedOnceAndNothingElse()
      throws Exception {
    Path mount = Files.createDirectories(dir.resolve("tmpfs"));
    Path copy = dir.resolve("copy");
    String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
    String mountCommand = "mount -t tmpfs -o size=1m tmpfs '" + mount + "'";
    assumeTrue(
        new ProcessBuilder("unshare", "-r", "-m", "sh", "-c", mountCommand).start().waitFor() == 0,
        "unshare -r -m cannot mount a tmpfs here (no user namespaces); the full-disk test needs one");
    Process child =
        new ProcessBuilder(
                "unshare",
                "-r",
                "-m",
                "sh",
                "-c",
                mountCommand + " && exec \"$0\" \"$@\"",
                java,
                "-cp",
                System.getProperty("java.class.path"),
                FullDiskMain.class.getName(),
                mount.toString(),
                copy.toString())
            .redirectError(dir.resolve("child.stderr").toFile())
            .start();
    String output = new String(child.getInputStream().readAllBytes());
    assertThat(child.waitFor(120, TimeUnit.SECONDS)).isTrue();
    String stderr = Files.readString(dir.resolve("child.stderr"));
    assertThat(output).as("the child's stderr:%n%s", stderr).contains("done");
    Map<String, Long> counted = new HashMap<>();
    for (String line : output.split("\n")) {
      String[] kv = line.split("=", 2);
      if (kv.length == 2 && kv[1].matches("\\d+")) {
        counted.put(kv[0], Long.parseLong(kv[1]));
      }
    }
    assertThat(output).contains("disk.full=No space left on device");

    // Nothing was thrown into the traced code; what did not fit was counted, and logged once.
    assertThat(counted.get("thrown")).isZero();
    assertThat(counted.get("dropped.while.full")).isPositive();
    assertThat(counted.get("exported") + counted.get("dropped")).isEqualTo(counted.get("recorded"));
    assertThat(counted.get("faults.export")).isPositive();
    assertThat(stderr.split("could not write ", -1))
        .as("the write fault logged once:%n%s", stderr)
        .hasSize(2);
    assertThat(stderr).contains("disk is not full");

    // The closed part whose compression did not fit stays plain; every part reads; each span once.
    List<String> files = names(copy);
    assertThat(counted.get("faults.compress")).as("files: %s", files).isPositive();
    assertThat(files)
        .noneMatch(name -> name.endsWith(".tmp"))
        .anyMatch(name -> name.matches("traces-\\d+\\.jsonl"))
        .anyMatch(name -> name.endsWith(".jsonl.gz"));
    for (RunParts.Part part : RunParts.list(copy)) {
      try (java.io.InputStream in = RunParts.open(part)) {
        byte[] content = in.readAllBytes();
        assertThat(content.length == 0 || content[content.length - 1] == '\n')
            .as(
                "%s ends with a whole line: a write cut short by the full disk was taken back",
                part.path())
            .isTrue();
      }
    }
    List<Span> spans = spans(copy.resolve("traces.jsonl"));
    assertThat((long) spans.size()).isEqualTo(counted.get("exported"));
    Set<String> names = new HashSet<>();
    spans.forEach(span -> names.add(span.getName()));
    assertThat(names)
        .hasSize(spans.size())
        .contains("before-0", "before-2999", "after-0", "after-199");
  }
}
