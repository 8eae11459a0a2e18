package io.spanweave.viewer.ingest;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.runfiles.internal.parts.Part;
import io.spanweave.runfiles.internal.parts.PlainCodec;
import io.spanweave.viewer.index.SpanIndex;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A step asked before the first pass read its part is loaded from the chunks of the part that may
 * hold it: the same spans of that step as loading the whole part, the rest left unparsed.
 */
class StepProbeTest {

  @Test
  void aChunkWhoseSpansAllNameOtherStepsCannotHoldTheStep() {
    byte[] line = line(List.of(span("a1", 5, null), span("a2", 5, null), span("b1", 6, null)));
    assertThat(StepProbe.mayHoldStep(line, line.length, 5)).isTrue();
    assertThat(StepProbe.mayHoldStep(line, line.length, 6)).isTrue();
    assertThat(StepProbe.mayHoldStep(line, line.length, 7)).isFalse();
    assertThat(StepProbe.mayHoldStep(line, line.length, 0)).isFalse();
  }

  @Test
  void anythingItCannotTellKeepsTheChunk() {
    // A span naming no step (a worker's: it takes its trace's step) keeps the chunk for any step.
    byte[] worker = line(List.of(span("a1", 5, null), span("w1", null, "a1")));
    assertThat(StepProbe.mayHoldStep(worker, worker.length, 7)).isTrue();
    // A step as a numeric string is read; a double is not told, so kept.
    byte[] asString = line(List.of(span("a1", 5, null))).clone();
    String text =
        new String(asString, StandardCharsets.UTF_8)
            .replace("{\"intValue\":\"5\"}", "{\"stringValue\":\"5\"}");
    assertThat(StepProbe.mayHoldStep(bytes(text), bytes(text).length, 7)).isFalse();
    assertThat(StepProbe.mayHoldStep(bytes(text), bytes(text).length, 5)).isTrue();
    String asDouble = text.replace("{\"stringValue\":\"5\"}", "{\"doubleValue\":5.0}");
    assertThat(StepProbe.mayHoldStep(bytes(asDouble), bytes(asDouble).length, 7)).isTrue();
    // A span naming its step twice (XTuner's and ours) is not counted as one.
    String twice =
        new String(line(List.of(span("a1", 5, null))), StandardCharsets.UTF_8)
            .replace(
                "\"attributes\":[",
                "\"attributes\":[{\"key\":\"xtuner.train_step\",\"value\":{\"intValue\":\"4\"}},");
    assertThat(StepProbe.mayHoldStep(bytes(twice), bytes(twice).length, 7)).isTrue();
    // Another shape (snake_case keys, Zipkin, a blank chunk): no span seen, kept.
    String snake =
        new String(line(List.of(span("a1", 5, null))), StandardCharsets.UTF_8)
            .replace("startTimeUnixNano", "start_time_unix_nano");
    assertThat(StepProbe.mayHoldStep(bytes(snake), bytes(snake).length, 7)).isTrue();
    assertThat(StepProbe.mayHoldStep(new byte[0], 0, 7)).isTrue();
    // A value cut by the chunk's end is not told.
    byte[] cut = line(List.of(span("a1", 5, null)));
    int end =
        new String(cut, StandardCharsets.UTF_8).indexOf("\"intValue\":\"5")
            + "\"intValue\":\"5".length();
    assertThat(StepProbe.mayHoldStep(cut, end, 7)).isTrue();
  }

  @Test
  void aWholePartLoadedForOneStepHoldsThatStepsSpansAsTheWholePartDoes(@TempDir Path dir)
      throws Exception {
    // Lines of more than half a chunk, so each is read as a chunk of its own: step 1, step 2,
    // step 3 with the worker spans of step 2's traces (no step of their own), step 4.
    Path file = dir.resolve("traces-000001.jsonl");
    StringBuilder part = new StringBuilder();
    part.append(new String(line(spans("s1-", 1, 600)), StandardCharsets.UTF_8)).append('\n');
    part.append(new String(line(spans("s2-", 2, 600)), StandardCharsets.UTF_8)).append('\n');
    List<String> mixed = new java.util.ArrayList<>(spans("s3-", 3, 590));
    for (int k = 0; k < 10; k++) {
      mixed.add(span("w2-" + k, null, "s2-" + k));
    }
    part.append(new String(line(mixed), StandardCharsets.UTF_8)).append('\n');
    part.append(new String(line(spans("s4-", 4, 600)), StandardCharsets.UTF_8)).append('\n');
    Files.writeString(file, part);
    assertThat(
            java.util.Arrays.stream(part.toString().split("\n")).mapToInt(String::length).boxed())
        .allSatisfy(
            length -> assertThat(length).isBetween(PartReading.CHUNK / 2 + 1, PartReading.CHUNK));
    Part plain = new Part(file, 1, PlainCodec.INSTANCE, "", null);

    ExecutorService parsers = Executors.newFixedThreadPool(2);
    try {
      SegmentLoader loader = new SegmentLoader(parsers);
      SpanIndex whole = loader.load(List.of(), List.of(plain), null).index();
      SpanIndex forStep = loader.load(List.of(), List.of(plain), 2).index();

      assertThat(whole.spanCount()).isEqualTo(2400);
      assertThat(whole.spansOfStep(2)).hasSize(610);
      assertThat(forStep.spansOfStep(2))
          .as("step 2's spans and its traces' worker spans")
          .hasSize(610);
      assertThat(forStep.spanCount())
          .as("steps 1 and 4 left unparsed; step 3 kept beside the workers")
          .isEqualTo(1200);
    } finally {
      parsers.shutdownNow();
    }
  }

  private static List<String> spans(String prefix, int step, int count) {
    List<String> out = new java.util.ArrayList<>();
    for (int k = 0; k < count; k++) {
      out.add(span(prefix + k, step, null));
    }
    return out;
  }

  /**
   * One span, its trace and span ids derived from {@code name}; a parent's name makes it a child in
   * that trace.
   */
  private static String span(String name, Integer step, String parent) {
    String trace = hex(parent != null ? parent : name, 32);
    StringBuilder s = new StringBuilder();
    s.append("{\"traceId\":\"")
        .append(trace)
        .append("\",\"spanId\":\"")
        .append(hex(name, 16))
        .append('"');
    if (parent != null) {
      s.append(",\"parentSpanId\":\"").append(hex(parent, 16)).append('"');
    }
    s.append(",\"name\":\"stage ")
        .append(name)
        .append("\",\"kind\":1")
        .append(
            ",\"startTimeUnixNano\":\"1700000000000000000\",\"endTimeUnixNano\":\"1700000000500000000\"")
        .append(",\"attributes\":[");
    if (step != null) {
      s.append("{\"key\":\"rollout.step\",\"value\":{\"intValue\":\"")
          .append(step)
          .append("\"}},")
          .append("{\"key\":\"rollout.id\",\"value\":{\"stringValue\":\"")
          .append(name)
          .append("\"}},");
    }
    s.append("{\"key\":\"spanweave.stage\",\"value\":{\"stringValue\":\"generate\"}}")
        .append(",{\"key\":\"padding\",\"value\":{\"stringValue\":\"")
        .append("x".repeat(180))
        .append("\"}}")
        .append("],\"status\":{}}");
    return s.toString();
  }

  private static byte[] line(List<String> spans) {
    return bytes(
        "{\"resourceSpans\":[{\"resource\":{\"attributes\":[{\"key\":\"service.name\",\"value\":"
            + "{\"stringValue\":\"driver\"}}]},\"scopeSpans\":[{\"scope\":{\"name\":\"spanweave\"},\"spans\":["
            + String.join(",", spans)
            + "]}]}]}");
  }

  private static String hex(String name, int digits) {
    String h = String.format("%0" + digits + "x", new java.math.BigInteger(1, bytes(name)));
    return h.substring(h.length() - digits);
  }

  private static byte[] bytes(String s) {
    return s.getBytes(StandardCharsets.UTF_8);
  }
}
