package io.spanweave.rollout;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.annotations.Kind;
import io.spanweave.api.SpanStatus;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.api.TracingFaults;
import io.spanweave.processor.TracedProcessor;
import io.spanweave.testing.RecordedEvent;
import io.spanweave.testing.RecordedSpan;
import io.spanweave.testing.SpanRecorder;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Modifier;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The table of every public API of spanweave's API and of the preset that puts attribute keys, an
 * event's attributes or a span name into a trace, each with its compile-time case and, where the
 * key can also be known only at run time, its run-time case:
 *
 * <ul>
 *   <li>compile time: a bad statement that the lint rules stop (on its line, with the rule's id)
 *       and a good one that compiles, run by the processor users put on their processor path,
 *       against the real API and preset classes;
 *   <li>run time: the same API called with a key that names a secret records its text as {@code
 *       [REDACTED]}, with a key that names a payload records nothing under it, each counted as a
 *       fault, and an ordinary key passes, recorded with spanweave-testing as users' tests do.
 * </ul>
 */
class AttributeApiTableTest {

  /**
   * Writes {@code key = value} through one API; returns the name of the span or event that carries
   * it.
   */
  @FunctionalInterface
  interface Probe {
    String write(String key, String value) throws Exception;
  }

  /**
   * One API: its bad statement and the error it gets, a good statement, and its run-time probe
   * ({@code null} where the API takes no attribute key at run time: span names, designated text).
   */
  record Case(String api, String bad, String error, String good, Probe probe) {
    Case(String api, String bad, String error, String good) {
      this(api, bad, error, good, null);
    }

    @Override
    public String toString() {
      return api;
    }
  }

  private static final Stage PROBED = Stage.define("Worker.run", "run", Kind.CUSTOM);

  private static String stage(java.util.function.Consumer<StageSpan> write) {
    StageSpan span = PROBED.start();
    write.accept(span);
    span.end();
    return "Worker.run";
  }

  static List<Case> cases() {
    return List.of(
        new Case(
            "Trace.span(name, attributes)",
            "try (TraceScope s = Trace.span(\"judge\", Map.of(\"judge.prompt\", prompt))) { }",
            "[spanweave:attribute-payload] attribute 'judge.prompt' in Trace.span names a payload",
            "try (TraceScope s = Trace.span(\"judge\", Map.of(\"judge.model\", \"qwen3-8b\"))) { }",
            (k, v) -> {
              try (TraceScope s = Trace.span("probe", Map.of(k, v))) {
                return "probe";
              }
            }),
        new Case(
            "Trace.span(kind, name, attributes)",
            "try (TraceScope s = Trace.span(Kind.TOOL, \"search\", Map.of(\"api_key\", apiKey))) { }",
            "[spanweave:attribute-secret] attribute 'api_key' in Trace.span names a secret",
            "try (TraceScope s = Trace.span(Kind.TOOL, \"search\", Map.of(\"tool\", \"web\"))) { }",
            (k, v) -> {
              try (TraceScope s = Trace.span(Kind.TOOL, "probe", Map.of(k, v))) {
                return "probe";
              }
            }),
        new Case(
            "Trace.call(name, attributes, body)",
            "Trace.call(\"judge\", Map.of(\"response\", prompt), () -> 1);",
            "[spanweave:attribute-payload] attribute 'response' in Trace.call names a payload",
            "Trace.call(\"judge\", Map.of(\"judge.kind\", \"rule\"), () -> 1);",
            (k, v) -> Trace.call("probe", Map.of(k, v), () -> "probe")),
        new Case(
            "Trace.event(name, attributes)",
            "Trace.event(\"infer.finished\", Map.of(\"completion\", prompt));",
            "[spanweave:attribute-payload] attribute 'completion' in Trace.event names a payload",
            "Trace.event(\"infer.finished\", Map.of(\"num_tokens\", 12));",
            (k, v) -> {
              try (TraceScope s = Trace.span("outer")) {
                Trace.event("probe", Map.of(k, v));
              }
              return "probe";
            }),
        new Case(
            "Trace.setAttribute(key, value)",
            "Trace.setAttribute(\"password\", apiKey);",
            "[spanweave:attribute-secret] attribute 'password' in Trace.setAttribute names a secret",
            "Trace.setAttribute(\"password.set\", true);",
            (k, v) -> {
              try (TraceScope s = Trace.span("probe")) {
                Trace.setAttribute(k, v);
              }
              return "probe";
            }),
        new Case(
            "Trace.setAttributes(map)",
            "Trace.setAttributes(Map.of(\"messages\", prompt));",
            "[spanweave:attribute-payload] attribute 'messages' in Trace.setAttributes names a payload",
            "Trace.setAttributes(Map.of(\"num_messages\", 3));",
            (k, v) -> {
              try (TraceScope s = Trace.span("probe")) {
                Trace.setAttributes(Map.of(k, v));
              }
              return "probe";
            }),
        new Case(
            "Trace.recordSyntheticSpan(..., attributes, ...)",
            "Trace.recordSyntheticSpan(\"engine.step\", 1L, 2L, Map.of(\"session_token\", apiKey), null, SpanStatus.OK);",
            "[spanweave:attribute-secret] attribute 'session_token' in Trace.recordSyntheticSpan names a secret",
            "Trace.recordSyntheticSpan(\"engine.step\", 1L, 2L, Map.of(\"engine\", \"vllm\"), null, SpanStatus.OK);",
            (k, v) -> {
              Trace.recordSyntheticSpan("probe", 1_000L, 2_000L, Map.of(k, v), null, SpanStatus.OK);
              return "probe";
            }),
        new Case(
            "StageSpan.attribute(key, value)",
            "stageSpan.attribute(\"user_pin\", apiKey);",
            "[spanweave:attribute-secret] attribute 'user_pin' in StageSpan.attribute names a secret",
            "stageSpan.attribute(\"user.id\", \"u-1\");",
            (k, v) -> stage(span -> span.attribute(k, v))),
        new Case(
            "StageSpan.attribute(key, list)",
            "stageSpan.attribute(\"prompts\", List.of(prompt));",
            "[spanweave:attribute-payload] attribute 'prompts' in StageSpan.attribute names a payload",
            "stageSpan.attribute(\"tools\", List.of(\"search\"));",
            (k, v) -> stage(span -> span.attribute(k, List.of(v)))),
        new Case(
            "RolloutEmitter.annotation",
            "emit.annotation(Map.of(\"judge.prompt\", prompt));",
            "[spanweave:attribute-payload] attribute 'judge.prompt' in RolloutEmitter.annotation names a payload",
            "emit.annotation(Map.of(\"judge.model\", \"qwen3-8b\", \"split\", \"train\"));",
            (k, v) -> {
              RolloutEmitter.live().annotation(Map.of(k, v));
              return RolloutEmitter.ANNOTATION;
            }),
        new Case(
            "RolloutEmitter.annotation (secret)",
            "emit.annotation(Map.of(\"judge.api_key\", apiKey));",
            "[spanweave:attribute-secret] attribute 'judge.api_key' in RolloutEmitter.annotation names a secret",
            "emit.annotation(Map.of(\"judge.api_key.present\", !apiKey.isEmpty()));"),
        new Case(
            "RolloutEmitter.reward(values, primaryKey)",
            "emit.reward(Map.of(\"accuracy\", 1.0, \"response\", prompt), \"accuracy\");",
            "[spanweave:attribute-payload] attribute 'response' in RolloutEmitter.reward names a payload",
            "emit.reward(Map.of(\"accuracy\", 1.0, \"format\", 0.5), \"accuracy\");"),
        new Case(
            "RolloutEmitter.message",
            "emit.message(e.getMessage());",
            "[spanweave:exception-detail] this attribute in RolloutEmitter.message records the exception's message",
            "emit.message(\"retrying the tool call\");"),
        new Case(
            "RolloutEmitter.message (payload)",
            "emit.message(request.prompt());",
            "[spanweave:attribute-payload] this attribute in RolloutEmitter.message records the value 'request.prompt'",
            "emit.message(\"prompt truncated to \" + request.prompt().length() + \" chars\");"),
        new Case(
            "RolloutEmitter.object (map)",
            "emit.object(Map.of(\"tool\", \"search\", \"tool.input\", prompt));",
            "[spanweave:attribute-payload] attribute 'tool.input' in RolloutEmitter.object names a payload",
            "emit.object(Map.of(\"tool\", \"search\", \"steps\", List.of(1, 2)));"),
        new Case(
            "RolloutEmitter.object (value)",
            "emit.object(apiKey);",
            "[spanweave:attribute-secret] this attribute in RolloutEmitter.object records the value 'apiKey'",
            "emit.object(42);"),
        new Case(
            "new LlmRequest",
            "new LlmRequest(0, 1, Map.of(\"gen_ai.request.model\", \"qwen3-8b\", \"api_key\", apiKey));",
            "[spanweave:attribute-secret] attribute 'api_key' in new LlmRequest names a secret",
            "new LlmRequest(0, 1, Map.of(\"gen_ai.request.model\", \"qwen3-8b\", \"gen_ai.usage.output_tokens\", 120));",
            (k, v) -> {
              AgentTraceReconstructor.reconstruct(
                  List.of(new LlmRequest(1_000L, 2_000L, Map.of(k, v))), List.of(), Map.of(), null);
              return "reconstructed_llm_call.0";
            }),
        new Case(
            "new LlmRequest (type)",
            "new LlmRequest(0, 1, Map.of(\"request\", request));",
            "[spanweave:attribute-type] attribute 'request' in new LlmRequest gets 'request' of type com.acme.Request",
            "new LlmRequest(0, 1, Map.of(\"request.id\", request.id()));"),
        new Case(
            "new ToolCall",
            "new ToolCall(\"python\", Map.of(\"tool.output\", prompt));",
            "[spanweave:attribute-payload] attribute 'tool.output' in new ToolCall names a payload",
            "new ToolCall(\"python\", Map.of(\"tool.exit_code\", 0, \"tool.output.bytes\", 512));",
            (k, v) -> {
              AgentTraceReconstructor.reconstruct(
                  List.of(new LlmRequest(1_000L, 2_000L), new LlmRequest(3_000L, 4_000L)),
                  List.of(new ToolCall("search", Map.of(k, v))),
                  Map.of(),
                  null);
              return "reconstructed_tool_call.0";
            }),
        new Case(
            "AgentTraceReconstructor.reconstruct(runAttributes)",
            "AgentTraceReconstructor.reconstruct(requests, List.of(), Map.of(\"session.token\", apiKey), null);",
            "[spanweave:attribute-secret] attribute 'session.token' in AgentTraceReconstructor.reconstruct names a secret",
            "AgentTraceReconstructor.reconstruct(requests, List.of(), Map.of(\"rollout.session.id\", \"s-1\"), null);",
            (k, v) -> {
              AgentTraceReconstructor.reconstruct(
                  List.of(new LlmRequest(1_000L, 2_000L)), List.of(), Map.of(k, v), null);
              return "reconstructed_agent_run";
            }),
        new Case(
            "RolloutTrace.endpoint",
            "RolloutTrace.endpoint(\"rollout.worker.\" + state.rolloutId(), state, () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.endpoint(\"rollout.worker.generate\", state, () -> null);"),
        new Case(
            "RolloutTrace.endpointBatch",
            "RolloutTrace.endpointBatch(\"rollout.batch.\" + state.step(), List.of(state), () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.endpointBatch(\"rollout.controller.generate_batch\", List.of(state), () -> null);"),
        new Case(
            "RolloutTrace.remote",
            "RolloutTrace.remote(\"rollout.remote.\" + state.sessionId(), state, () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.remote(\"rollout.worker.remote\", state, () -> null);"),
        new Case(
            "RolloutTrace.remoteBatch",
            "RolloutTrace.remoteBatch(\"rollout.remote.\" + state.taskName(), List.of(state), () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.remoteBatch(\"rollout.worker.remote_batch\", List.of(state), () -> null);"));
  }

  /**
   * Public preset methods and constructors that take a map which is not put into a trace, by {@code
   * Type.method}: a state read back, and records of what was read from a trace file.
   */
  private static final Set<String> MAPS_THAT_ARE_NOT_ATTRIBUTES =
      Set.of(
          "SimpleRolloutState.fromMap", // a sample's state, restored from its serialized form
          "Reward.<init>", // a reward read back from a span (Rewards.rewardOf)
          "RolloutSpan.<init>"); // a span read back from a trace file

  private static final JavaFileObject REQUEST =
      JavaFileObjects.forSourceLines(
          "com.acme.Request",
          "package com.acme;",
          "public record Request(String id, String prompt) {}");

  /** The statement under test is on line 13. */
  private static JavaFileObject usage(String statement) {
    return JavaFileObjects.forSourceLines(
        "com.acme.Usage",
        "package com.acme;",
        "import io.spanweave.annotations.*;",
        "import io.spanweave.api.*;",
        "import io.spanweave.rollout.*;",
        "import java.util.List;",
        "import java.util.Map;",
        "class Usage {",
        "  void use(RolloutEmitter emit, RolloutState state, List<LlmRequest> requests, Request request,",
        "      String prompt, String apiKey, StageSpan stageSpan) throws Exception {",
        "    try {",
        "      prompt.length();",
        "    } catch (RuntimeException e) {",
        "      " + statement,
        "    }",
        "  }",
        "}");
  }

  private static Compilation compile(JavaFileObject source) {
    return Compiler.javac().withProcessors(new TracedProcessor()).compile(REQUEST, source);
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("cases")
  void theBadCaseFailsOnItsLineAndTheGoodCaseCompiles(Case c) {
    JavaFileObject bad = usage(c.bad());
    Compilation failing = compile(bad);
    assertThat(failing).hadErrorContaining(c.error()).inFile(bad).onLine(13);
    assertThat(failing).hadErrorCount(1);

    assertThat(compile(usage(c.good()))).succeededWithoutWarnings();
  }

  static Stream<Case> runTimeCases() {
    return cases().stream().filter(c -> c.probe() != null);
  }

  /**
   * The attributes of the span, or of the event, named {@code name}, as spanweave-testing recorded
   * them.
   */
  private static Map<String, Object> written(SpanRecorder spans, String name) {
    for (RecordedSpan span : spans.spans()) {
      if (span.name().equals(name)) {
        return span.attributes();
      }
      for (RecordedEvent event : span.events()) {
        if (event.name().equals(name)) {
          return event.attributes();
        }
      }
    }
    throw new AssertionError("nothing named " + name + " among:\n" + spans.tree());
  }

  @ParameterizedTest(name = "{0}")
  @MethodSource("runTimeCases")
  void atRunTimeSecretTextIsRedactedPayloadTextDroppedAndOrdinaryKeysPass(Case c) throws Exception {
    long secrets = TracingFaults.count("attribute-secret");
    try (SpanRecorder spans =
        SpanRecorder.start(config -> config.enableExtension(RolloutTrace.EXTENSION))) {
      String name = c.probe().write("user_api_key", "sk-live-1234567890abcdef");
      assertThat(written(spans, name).get("user_api_key"))
          .as(c.api())
          .isIn("[REDACTED]", List.of("[REDACTED]"));
    }
    assertThat(TracingFaults.count("attribute-secret")).as(c.api()).isGreaterThan(secrets);

    long payloads = TracingFaults.count("attribute-payload");
    try (SpanRecorder spans =
        SpanRecorder.start(config -> config.enableExtension(RolloutTrace.EXTENSION))) {
      String name = c.probe().write("llm.response", "the whole answer");
      assertThat(written(spans, name)).as(c.api()).doesNotContainKey("llm.response");
    }
    assertThat(TracingFaults.count("attribute-payload")).as(c.api()).isGreaterThan(payloads);

    try (SpanRecorder spans =
        SpanRecorder.start(config -> config.enableExtension(RolloutTrace.EXTENSION))) {
      String name = c.probe().write("llm.model", "qwen3-8b");
      assertThat(written(spans, name).get("llm.model"))
          .as(c.api())
          .isIn("qwen3-8b", List.of("qwen3-8b"));
    }
  }

  @Test
  void everyPublicPresetApiThatTakesAMapIsInTheTableOrKnownNotToTrace() throws Exception {
    Set<String> inTable = new TreeSet<>();
    for (Case c : cases()) {
      if (c.api().startsWith("Trace.") || c.api().startsWith("StageSpan.")) {
        continue; // the API's, not the preset's
      }
      String api =
          c.api()
              .replaceAll(
                  " ?\\(.*$",
                  ""); // "RolloutEmitter.annotation (secret)" -> "RolloutEmitter.annotation"
      inTable.add(api.startsWith("new ") ? api.substring(4) + ".<init>" : api);
    }
    Set<String> takingMaps = new TreeSet<>();
    for (Class<?> type : publicPresetClasses()) {
      List<Executable> members = new ArrayList<>(List.of(type.getDeclaredConstructors()));
      members.addAll(List.of(type.getDeclaredMethods()));
      for (Executable member : members) {
        if (Modifier.isPublic(member.getModifiers())
            && !member.isSynthetic()
            && Stream.of(member.getParameterTypes()).anyMatch(Map.class::isAssignableFrom)) {
          takingMaps.add(
              type.getSimpleName()
                  + "."
                  + (member instanceof Constructor<?> ? "<init>" : member.getName()));
        }
      }
    }
    Set<String> unaccounted = new TreeSet<>(takingMaps);
    unaccounted.removeAll(inTable);
    unaccounted.removeAll(MAPS_THAT_ARE_NOT_ATTRIBUTES);
    assertThat(unaccounted)
        .as(
            "public preset APIs that take a map: add each to the table above (and to the lint"
                + " rules' RolloutPresetApis) or, if the map never reaches a trace, to MAPS_THAT_ARE_NOT_ATTRIBUTES")
        .isEmpty();
    assertThat(takingMaps).containsAll(MAPS_THAT_ARE_NOT_ATTRIBUTES); // no stale entries
  }

  private static List<Class<?>> publicPresetClasses()
      throws IOException, URISyntaxException, ClassNotFoundException {
    Path root =
        Path.of(RolloutEmitter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path dir = root.resolve("io/spanweave/rollout");
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (name.endsWith(".class")) {
          Class<?> type =
              Class.forName(
                  "io.spanweave.rollout." + name.substring(0, name.length() - ".class".length()));
          if (Modifier.isPublic(type.getModifiers())) {
            classes.add(type);
          }
        }
      }
    }
    assertThat(classes).contains(RolloutEmitter.class, LlmRequest.class, ToolCall.class);
    return classes;
  }
}
