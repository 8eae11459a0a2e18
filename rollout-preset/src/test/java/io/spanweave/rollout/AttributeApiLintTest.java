package io.spanweave.rollout;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.processor.TracedProcessor;
import java.io.IOException;
import java.lang.reflect.Constructor;
import java.lang.reflect.Executable;
import java.lang.reflect.Method;
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
 * Every public API of the preset that puts attributes, an event's attributes or a span name into a
 * trace, with a bad case that the lint rules stop at compile time (on its line, with the rule's id)
 * and a good case that compiles: the same rules as {@code Trace.span/event/setAttributes}, run by
 * the processor users put on their processor path, against the real preset classes.
 */
class AttributeApiLintTest {

  /** One API: its bad statement and the error it gets, and a good statement. */
  record Case(String api, String bad, String error, String good) {
    @Override
    public String toString() {
      return api;
    }
  }

  static List<Case> cases() {
    return List.of(
        new Case("RolloutEmitter.annotation",
            "emit.annotation(Map.of(\"judge.prompt\", prompt));",
            "[spanweave:attribute-payload] attribute 'judge.prompt' in RolloutEmitter.annotation names a payload",
            "emit.annotation(Map.of(\"judge.model\", \"qwen3-8b\", \"split\", \"train\"));"),
        new Case("RolloutEmitter.annotation (secret)",
            "emit.annotation(Map.of(\"judge.api_key\", apiKey));",
            "[spanweave:attribute-secret] attribute 'judge.api_key' in RolloutEmitter.annotation names a secret",
            "emit.annotation(Map.of(\"judge.api_key.present\", !apiKey.isEmpty()));"),
        new Case("RolloutEmitter.reward(values, primaryKey)",
            "emit.reward(Map.of(\"accuracy\", 1.0, \"response\", prompt), \"accuracy\");",
            "[spanweave:attribute-payload] attribute 'response' in RolloutEmitter.reward names a payload",
            "emit.reward(Map.of(\"accuracy\", 1.0, \"format\", 0.5), \"accuracy\");"),
        new Case("RolloutEmitter.message",
            "emit.message(e.getMessage());",
            "[spanweave:exception-detail] this attribute in RolloutEmitter.message records the exception's message",
            "emit.message(\"retrying the tool call\");"),
        new Case("RolloutEmitter.message (payload)",
            "emit.message(request.prompt());",
            "[spanweave:attribute-payload] this attribute in RolloutEmitter.message records the value 'request.prompt'",
            "emit.message(\"prompt truncated to \" + request.prompt().length() + \" chars\");"),
        new Case("RolloutEmitter.object (map)",
            "emit.object(Map.of(\"tool\", \"search\", \"tool.input\", prompt));",
            "[spanweave:attribute-payload] attribute 'tool.input' in RolloutEmitter.object names a payload",
            "emit.object(Map.of(\"tool\", \"search\", \"steps\", List.of(1, 2)));"),
        new Case("RolloutEmitter.object (value)",
            "emit.object(apiKey);",
            "[spanweave:attribute-secret] this attribute in RolloutEmitter.object records the value 'apiKey'",
            "emit.object(42);"),
        new Case("new LlmRequest",
            "new LlmRequest(0, 1, Map.of(\"gen_ai.request.model\", \"qwen3-8b\", \"api_key\", apiKey));",
            "[spanweave:attribute-secret] attribute 'api_key' in new LlmRequest names a secret",
            "new LlmRequest(0, 1, Map.of(\"gen_ai.request.model\", \"qwen3-8b\", \"gen_ai.usage.output_tokens\", 120));"),
        new Case("new LlmRequest (type)",
            "new LlmRequest(0, 1, Map.of(\"request\", request));",
            "[spanweave:attribute-type] attribute 'request' in new LlmRequest gets 'request' of type com.acme.Request",
            "new LlmRequest(0, 1, Map.of(\"request.id\", request.id()));"),
        new Case("new ToolCall",
            "new ToolCall(\"python\", Map.of(\"tool.output\", prompt));",
            "[spanweave:attribute-payload] attribute 'tool.output' in new ToolCall names a payload",
            "new ToolCall(\"python\", Map.of(\"tool.exit_code\", 0, \"tool.output.bytes\", 512));"),
        new Case("AgentTraceReconstructor.reconstruct(runAttributes)",
            "AgentTraceReconstructor.reconstruct(requests, List.of(), Map.of(\"session.token\", apiKey), null);",
            "[spanweave:attribute-secret] attribute 'session.token' in AgentTraceReconstructor.reconstruct names a secret",
            "AgentTraceReconstructor.reconstruct(requests, List.of(), Map.of(\"rollout.session.id\", \"s-1\"), null);"),
        new Case("RolloutTrace.endpoint",
            "RolloutTrace.endpoint(\"rollout.worker.\" + state.rolloutId(), state, () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.endpoint(\"rollout.worker.generate\", state, () -> null);"),
        new Case("RolloutTrace.endpointBatch",
            "RolloutTrace.endpointBatch(\"rollout.batch.\" + state.step(), List.of(state), () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.endpointBatch(\"rollout.controller.generate_batch\", List.of(state), () -> null);"),
        new Case("RolloutTrace.remote",
            "RolloutTrace.remote(\"rollout.remote.\" + state.sessionId(), state, () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.remote(\"rollout.worker.remote\", state, () -> null);"),
        new Case("RolloutTrace.remoteBatch",
            "RolloutTrace.remoteBatch(\"rollout.remote.\" + state.taskName(), List.of(state), () -> null);",
            "[spanweave:span-name-cardinality]",
            "RolloutTrace.remoteBatch(\"rollout.worker.remote_batch\", List.of(state), () -> null);"));
  }

  /**
   * Public preset methods and constructors that take a map which is not put into a trace, by
   * {@code Type.method}: a state read back, and records of what was read from a trace file.
   */
  private static final Set<String> MAPS_THAT_ARE_NOT_ATTRIBUTES = Set.of(
      "SimpleRolloutState.fromMap",  // a sample's state, restored from its serialized form
      "Reward.<init>",               // a reward read back from a span (Rewards.rewardOf)
      "RolloutSpan.<init>");         // a span read back from a trace file

  private static final JavaFileObject REQUEST = JavaFileObjects.forSourceLines("com.acme.Request",
      "package com.acme;",
      "public record Request(String id, String prompt) {}");

  /** The statement under test is on line 11. */
  private static JavaFileObject usage(String statement) {
    return JavaFileObjects.forSourceLines("com.acme.Usage",
        "package com.acme;",
        "import io.spanweave.rollout.*;",
        "import java.util.List;",
        "import java.util.Map;",
        "class Usage {",
        "  void use(RolloutEmitter emit, RolloutState state, List<LlmRequest> requests, Request request,",
        "      String prompt, String apiKey) throws Exception {",
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
    assertThat(failing).hadErrorContaining(c.error()).inFile(bad).onLine(11);
    assertThat(failing).hadErrorCount(1);

    assertThat(compile(usage(c.good()))).succeededWithoutWarnings();
  }

  @Test
  void everyPublicPresetApiThatTakesAMapIsInTheTableOrKnownNotToTrace() throws Exception {
    Set<String> inTable = new TreeSet<>();
    for (Case c : cases()) {
      String api = c.api().replaceAll(" ?\\(.*$", ""); // "RolloutEmitter.annotation (secret)" -> "RolloutEmitter.annotation"
      inTable.add(api.startsWith("new ") ? api.substring(4) + ".<init>" : api);
    }
    Set<String> takingMaps = new TreeSet<>();
    for (Class<?> type : publicPresetClasses()) {
      List<Executable> members = new ArrayList<>(List.of(type.getDeclaredConstructors()));
      members.addAll(List.of(type.getDeclaredMethods()));
      for (Executable member : members) {
        if (Modifier.isPublic(member.getModifiers()) && !member.isSynthetic()
            && Stream.of(member.getParameterTypes()).anyMatch(Map.class::isAssignableFrom)) {
          takingMaps.add(type.getSimpleName() + "." + (member instanceof Constructor<?> ? "<init>" : member.getName()));
        }
      }
    }
    Set<String> unaccounted = new TreeSet<>(takingMaps);
    unaccounted.removeAll(inTable);
    unaccounted.removeAll(MAPS_THAT_ARE_NOT_ATTRIBUTES);
    assertThat(unaccounted).as("public preset APIs that take a map: add each to the table above (and to the lint"
        + " rules' RolloutPresetApis) or, if the map never reaches a trace, to MAPS_THAT_ARE_NOT_ATTRIBUTES").isEmpty();
    assertThat(takingMaps).containsAll(MAPS_THAT_ARE_NOT_ATTRIBUTES); // no stale entries
  }

  private static List<Class<?>> publicPresetClasses() throws IOException, URISyntaxException, ClassNotFoundException {
    Path root = Path.of(RolloutEmitter.class.getProtectionDomain().getCodeSource().getLocation().toURI());
    Path dir = root.resolve("io/spanweave/rollout");
    List<Class<?>> classes = new ArrayList<>();
    try (Stream<Path> files = Files.list(dir)) {
      for (Path file : (Iterable<Path>) files::iterator) {
        String name = file.getFileName().toString();
        if (name.endsWith(".class")) {
          Class<?> type = Class.forName("io.spanweave.rollout." + name.substring(0, name.length() - ".class".length()));
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
