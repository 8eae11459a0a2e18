package io.spanweave.viewer.bench;

import java.io.BufferedWriter;
import java.io.IOException;
import java.io.Writer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

/**
 * Writes a realistic rollout trace file in the OTLP JSON lines format, for tests, screenshots and
 * the scale benchmark. Each sample of a GRPO-style step is one trace of ten spans: the agent loop,
 * controller and worker generate, the inference engine, two environment steps with a tool call
 * each, the judger and the reward scorer, with the rollout attributes the preset writes. About 2%
 * of samples fail in a tool call; the reward dips where failures rise, as a real run would show.
 *
 * <pre>
 * java -cp viewer/target/spanweave-viewer.jar:viewer/target/test-classes io.spanweave.viewer.bench.SyntheticTraceFile OUT.jsonl SPANS [LIVE.jsonl]
 * </pre>
 */
public final class SyntheticTraceFile {
  public static final int SPANS_PER_SAMPLE = 10;
  public static final int GROUPS_PER_STEP = 16;
  public static final int SAMPLES_PER_GROUP = 8;
  public static final String SERVICE = "xtuner-rollout";
  public static final String RUN_ID = "run-synthetic";
  private static final long BASE_NANOS = 1_767_225_600_000_000_000L; // 2026-01-01T00:00:00Z
  private static final String ROOT = "single_turn_agent_loop.run";

  private final Random random;
  private final String runId;
  private final int groupsPerStep;
  private final int spansPerLine;

  /** Spans of the line being built (batched lines only) and how many it holds. */
  private final StringBuilder batch = new StringBuilder(1 << 16);

  private int batched;

  public SyntheticTraceFile(long seed, String runId) {
    this(seed, runId, GROUPS_PER_STEP * SAMPLES_PER_GROUP, 1);
  }

  /**
   * @param samplesPerStep samples of each step (a multiple of {@value #SAMPLES_PER_GROUP})
   * @param spansPerLine 1 for a line per span with its resource (the default); more to write lines
   *     as spanweave's runtime does, a batch of spans under one resource per line
   */
  public SyntheticTraceFile(long seed, String runId, int samplesPerStep, int spansPerLine) {
    if (samplesPerStep % SAMPLES_PER_GROUP != 0 || samplesPerStep <= 0 || spansPerLine <= 0) {
      throw new IllegalArgumentException(
          "samplesPerStep must be a positive multiple of " + SAMPLES_PER_GROUP);
    }
    this.random = new Random(seed);
    this.runId = runId;
    this.groupsPerStep = samplesPerStep / SAMPLES_PER_GROUP;
    this.spansPerLine = spansPerLine;
  }

  /** Samples per step. */
  public int samplesPerStep() {
    return groupsPerStep * SAMPLES_PER_GROUP;
  }

  public static void main(String[] args) throws IOException {
    if (args.length < 2) {
      System.err.println("usage: SyntheticTraceFile OUT.jsonl SPANS [LIVE.jsonl]");
      System.exit(2);
    }
    Path out = Path.of(args[0]);
    long spans = Long.parseLong(args[1]);
    long t0 = System.nanoTime();
    SyntheticTraceFile generator = new SyntheticTraceFile(42, RUN_ID);
    int samples;
    try (Writer w = Files.newBufferedWriter(out, StandardCharsets.UTF_8)) {
      samples = generator.write(w, spans);
    }
    if (args.length > 2) {
      try (Writer w = Files.newBufferedWriter(Path.of(args[2]), StandardCharsets.UTF_8)) {
        generator.writeLive(w, samples / (GROUPS_PER_STEP * SAMPLES_PER_GROUP), 12);
      }
    }
    System.out.printf(
        "wrote %d spans (%d samples) to %s: %.1f MB in %.1f s%n",
        spans, samples, out, Files.size(out) / 1e6, (System.nanoTime() - t0) / 1e9);
  }

  /**
   * Writes whole samples until at least {@code spans} spans are written; returns the sample count.
   */
  public int write(Writer out, long spans) throws IOException {
    BufferedWriter w = out instanceof BufferedWriter b ? b : new BufferedWriter(out, 1 << 16);
    int sample = 0;
    for (long written = 0; written < spans; written += SPANS_PER_SAMPLE) {
      writeSample(w, sample++);
    }
    endLine(w);
    w.flush();
    return sample;
  }

  /**
   * Writes sample number {@code sample} of the run (step {@code sample / samplesPerStep()}); with
   * batched lines, its spans may end up on the next line ({@link #endLine} writes a batch out).
   */
  public void writeSample(Writer w, long sample) throws IOException {
    int samplesPerStep = samplesPerStep();
    int step = (int) (sample / samplesPerStep);
    int inStep = (int) (sample % samplesPerStep);
    writeSample(w, step, inStep / SAMPLES_PER_GROUP, inStep % SAMPLES_PER_GROUP);
  }

  /** Writes the batch being built as a line (batched lines only; nothing otherwise). */
  public void endLine(Writer w) throws IOException {
    if (batched == 0) {
      return;
    }
    StringBuilder b = new StringBuilder(batch.length() + 512);
    resource(b);
    b.append(batch).append("]}]}]}\n");
    w.write(b.toString());
    batch.setLength(0);
    batched = 0;
  }

  /**
   * Start records (no end) for a few samples of {@code step}: in-flight work for the stuck view.
   */
  public void writeLive(Writer out, int step, int count) throws IOException {
    long now = System.currentTimeMillis() * 1_000_000L;
    String[] stages = {"generate", "judge", "env"};
    String[] names = {"rollout.worker.generate", "judger.run", "env.step"};
    for (int k = 0; k < count; k++) {
      String traceId = hex(32);
      String spanId = hex(16);
      int which = k % 3;
      String sampleId = "s" + step + "-live-" + k;
      long start = now - (long) (5 + k * 7.5) * 1_000_000_000L;
      out.write(
          "{\"event\":\"start\",\"traceId\":\""
              + traceId
              + "\",\"spanId\":\""
              + spanId
              + "\",\"parentSpanId\":\"\",\"name\":\""
              + names[which]
              + "\",\"stage\":\""
              + stages[which]
              + "\",\"startTimeUnixNano\":\""
              + start
              + "\",\"attributes\":{\"rollout.id\":\""
              + sampleId
              + "\",\"rollout.step\":"
              + step
              + ",\"rollout.span_name_path\":\""
              + ROOT
              + " -> "
              + names[which]
              + "\"},\"pid\":"
              + (4000 + which)
              + "}\n");
      if (k % 4 == 3) {
        // A span that started and ended: must not count as stuck.
        out.write(
            "{\"event\":\"end\",\"traceId\":\""
                + traceId
                + "\",\"spanId\":\""
                + spanId
                + "\",\"endTimeUnixNano\":\""
                + now
                + "\",\"pid\":"
                + (4000 + which)
                + "}\n");
      }
    }
    out.flush();
  }

  private record Span(
      String name,
      String spanId,
      String parentId,
      long start,
      long end,
      List<String[]> attributes,
      boolean error,
      String errorType) {}

  private void writeSample(Writer w, int step, int group, int index) throws IOException {
    String traceId = hex(32);
    String sampleId = "s" + step + "-g" + group + "-" + index;
    String groupId = "s" + step + "-g" + group;
    String session = "sess-" + hex(8);
    String task = new String[] {"math", "code", "search-qa", "tool-use"}[group % 4];
    long stepStart = BASE_NANOS + step * 90_000_000_000L;
    long start = stepStart + random.nextInt(2_000) * 1_000_000L;
    // Steps 40-47 of a long run have a flaky tool server: more failures, lower reward.
    boolean flakyStep = step % 64 >= 40 && step % 64 < 48;
    boolean fails = random.nextDouble() < (flakyStep ? 0.15 : 0.02);
    double reward =
        fails
            ? 0.0
            : clamp(
                0.35
                    + 0.4 * (1 - Math.exp(-step / 60.0))
                    + random.nextGaussian() * 0.15
                    - (flakyStep ? 0.2 : 0));
    boolean filtered = !fails && reward < 0.1;

    List<Span> spans = new ArrayList<>();
    String root = hex(16);
    String controller = hex(16);
    String worker = hex(16);
    String judger = hex(16);
    long genMs = 1_500 + (long) Math.abs(random.nextGaussian() * 1_800) + (index == 7 ? 6_000 : 0);
    long t = start + 3_000_000L;
    long genStart = t;
    long genEnd = genStart + genMs * 1_000_000L;
    String path0 = ROOT;
    String path1 = path0 + " -> rollout.controller.generate";
    String path2 = path1 + " -> rollout.worker.generate";
    int tokens = 200 + random.nextInt(1800);
    spans.add(
        new Span(
            "infer.engine.generate",
            hex(16),
            worker,
            genStart + 2_000_000L,
            genEnd - 1_000_000L,
            attrs(
                sampleId,
                groupId,
                session,
                task,
                step,
                "infer",
                "MODEL",
                null,
                "spanweave.metric.num_tokens",
                Integer.toString(tokens)),
            false,
            null));
    spans.add(
        new Span(
            "rollout.worker.generate",
            worker,
            controller,
            genStart + 1_000_000L,
            genEnd,
            attrs(
                sampleId,
                groupId,
                session,
                task,
                step,
                "generate",
                "MODEL",
                path2,
                "spanweave.metric.num_tokens",
                Integer.toString(tokens)),
            false,
            null));
    spans.add(
        new Span(
            "rollout.controller.generate",
            controller,
            root,
            genStart,
            genEnd + 500_000L,
            attrs(sampleId, groupId, session, task, step, "generate", "SYSTEM", path1),
            false,
            null));
    t = genEnd + 2_000_000L;
    for (int k = 0; k < 2; k++) {
      String env = hex(16);
      long toolMs = 80 + random.nextInt(400) + (flakyStep ? random.nextInt(2_000) : 0);
      boolean toolFails = fails && k == 1;
      String errorType =
          toolFails ? (random.nextBoolean() ? "TimeoutError" : "ConnectionResetError") : null;
      long envStart = t;
      long toolEnd = envStart + 1_000_000L + toolMs * 1_000_000L;
      spans.add(
          new Span(
              "tool.call",
              hex(16),
              env,
              envStart + 1_000_000L,
              toolEnd,
              attrs(
                  sampleId,
                  groupId,
                  session,
                  task,
                  step,
                  "tool",
                  "TOOL",
                  null,
                  "tool.name",
                  k == 0 ? "python" : "web_search"),
              toolFails,
              errorType));
      spans.add(
          new Span(
              "env.step",
              env,
              root,
              envStart,
              toolEnd + 2_000_000L,
              attrs(sampleId, groupId, session, task, step, "env", "ENV_STEP", null),
              toolFails,
              errorType));
      t = toolEnd + 3_000_000L;
    }
    long judgeStart = t;
    long judgeMs = 100 + random.nextInt(700);
    long judgeEnd = judgeStart + judgeMs * 1_000_000L;
    if (!fails) {
      spans.add(
          new Span(
              "reward.score",
              hex(16),
              judger,
              judgeStart + 1_000_000L,
              judgeEnd - 1_000_000L,
              attrs(
                  sampleId,
                  groupId,
                  session,
                  task,
                  step,
                  "reward",
                  "REWARD",
                  null,
                  "spanweave.metric.score",
                  Double.toString(round(reward))),
              false,
              null));
    } else {
      spans.add(
          new Span(
              "reward.skip",
              hex(16),
              judger,
              judgeStart + 1_000_000L,
              judgeStart + 2_000_000L,
              attrs(sampleId, groupId, session, task, step, "reward", "REWARD", null),
              false,
              null));
    }
    spans.add(
        new Span(
            "judger.run",
            judger,
            root,
            judgeStart,
            judgeEnd,
            attrs(
                sampleId,
                groupId,
                session,
                task,
                step,
                "judge",
                "REWARD",
                path0 + " -> judger.run",
                "rollout.reward.score",
                Double.toString(round(reward))),
            false,
            null));
    List<String[]> rootAttrs =
        attrs(
            sampleId,
            groupId,
            session,
            task,
            step,
            "agent",
            "ROLLOUT",
            path0,
            "rollout.status",
            fails ? "error" : (filtered ? "filtered" : "completed"),
            "rollout.filtered",
            Boolean.toString(filtered));
    spans.add(
        new Span(
            ROOT,
            root,
            null,
            start,
            judgeEnd + 1_000_000L,
            rootAttrs,
            fails,
            fails ? "ToolCallError" : null));
    // Children end before their parents; the exporter writes spans in end order.
    spans.sort((a, b) -> Long.compare(a.end(), b.end()));
    for (Span s : spans) {
      writeLine(w, traceId, s);
    }
  }

  private List<String[]> attrs(
      String sampleId,
      String groupId,
      String session,
      String task,
      int step,
      String stage,
      String kind,
      String path,
      String... extra) {
    List<String[]> a = new ArrayList<>();
    a.add(new String[] {"rollout.id", sampleId});
    a.add(new String[] {"rollout.group.id", groupId});
    a.add(new String[] {"rollout.session.id", session});
    a.add(new String[] {"rollout.task", task});
    a.add(new String[] {"rollout.step", "#" + step});
    a.add(new String[] {"spanweave.stage", stage});
    a.add(new String[] {"spanweave.kind", kind});
    a.add(new String[] {"code.function.name", "Rollout." + stage});
    if (path != null) {
      a.add(new String[] {"rollout.span_name_path", path});
    }
    for (int k = 0; k + 1 < extra.length; k += 2) {
      a.add(new String[] {extra[k], extra[k + 1]});
    }
    return a;
  }

  private void resource(StringBuilder b) {
    b.append("{\"resourceSpans\":[{\"resource\":{\"attributes\":[");
    b.append("{\"key\":\"service.name\",\"value\":{\"stringValue\":\"")
        .append(SERVICE)
        .append("\"}},");
    b.append("{\"key\":\"spanweave.run.id\",\"value\":{\"stringValue\":\"")
        .append(runId)
        .append("\"}},");
    b.append("{\"key\":\"host.name\",\"value\":{\"stringValue\":\"node-07\"}},");
    b.append("{\"key\":\"process.pid\",\"value\":{\"intValue\":\"41872\"}},");
    b.append("{\"key\":\"telemetry.sdk.language\",\"value\":{\"stringValue\":\"java\"}}]},");
    b.append(
        "\"scopeSpans\":[{\"scope\":{\"name\":\"io.spanweave\",\"version\":\"0.1.0\"},\"spans\":[");
  }

  private void writeLine(Writer w, String traceId, Span s) throws IOException {
    StringBuilder b = new StringBuilder(1024);
    if (spansPerLine == 1) {
      resource(b);
    }
    b.append("{\"traceId\":\"")
        .append(traceId)
        .append("\",\"spanId\":\"")
        .append(s.spanId())
        .append("\",\"parentSpanId\":\"")
        .append(s.parentId() == null ? "" : s.parentId())
        .append("\",\"name\":\"")
        .append(s.name())
        .append("\",\"kind\":1,")
        .append("\"startTimeUnixNano\":\"")
        .append(s.start())
        .append("\",\"endTimeUnixNano\":\"")
        .append(s.end())
        .append("\",\"attributes\":[");
    boolean first = true;
    for (String[] kv : s.attributes()) {
      if (!first) {
        b.append(',');
      }
      first = false;
      b.append("{\"key\":\"").append(kv[0]).append("\",\"value\":{");
      String v = kv[1];
      if (v.startsWith("#")) {
        b.append("\"intValue\":\"").append(v, 1, v.length()).append('"');
      } else if (kv[0].startsWith("spanweave.metric.") || kv[0].equals("rollout.reward.score")) {
        b.append("\"doubleValue\":").append(v);
      } else if (v.equals("true") || v.equals("false")) {
        b.append("\"boolValue\":").append(v);
      } else {
        b.append("\"stringValue\":\"").append(v).append('"');
      }
      b.append("}}");
    }
    if (s.error()) {
      b.append(",{\"key\":\"error.type\",\"value\":{\"stringValue\":\"")
          .append(s.errorType())
          .append("\"}}");
      b.append(",{\"key\":\"spanweave.status\",\"value\":{\"stringValue\":\"error\"}}");
    }
    b.append("],\"events\":[");
    if (s.error()) {
      b.append("{\"timeUnixNano\":\"")
          .append(s.end() - 1000)
          .append("\",\"name\":\"exception\",")
          .append("\"attributes\":[{\"key\":\"exception.type\",\"value\":{\"stringValue\":\"")
          .append(s.errorType())
          .append("\"}}]}");
    }
    b.append("],\"status\":{");
    if (s.error()) {
      b.append("\"code\":2");
    }
    b.append("}}");
    if (spansPerLine == 1) {
      b.append("]}]}]}\n");
      w.write(b.toString());
      return;
    }
    if (batched > 0) {
      batch.append(',');
    }
    batch.append(b);
    if (++batched == spansPerLine) {
      endLine(w);
    }
  }

  private String hex(int chars) {
    StringBuilder b = new StringBuilder(chars);
    for (int k = 0; k < chars; k++) {
      b.append(Character.forDigit(random.nextInt(16), 16));
    }
    return b.toString();
  }

  private static double clamp(double v) {
    return Math.max(0, Math.min(1, v));
  }

  private static double round(double v) {
    return Math.round(v * 1000) / 1000.0;
  }
}
