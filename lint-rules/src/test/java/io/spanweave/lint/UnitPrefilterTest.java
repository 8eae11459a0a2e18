package io.spanweave.lint;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/** The prefilter may walk a unit for nothing, but must never skip one that holds a position. */
class UnitPrefilterTest {

  @ParameterizedTest
  @ValueSource(
      strings = {
        "class A { void f(StageSpan s) { s.attribute(\"k\", 1); } }",
        "class A { void f() { run(() -> {}); } }",
        "class A { Object f() { return run(); } }",
        "class A { void f() { if (x) g(); else run(); } }",
        "class A { void f() { list.forEach(x -> run(x)); } }",
        "class A { boolean f() { return a > run(); } }",
        "class A { void f() { x = (String) call(); } }",
        "class A { void f() { helper.\n    define(\"name\"); } }",
        "class A { void f() { this.<T>call(); } }",
        "class A { @Traced void f() { } }",
        "class A { Object c = Capture.PREVIEW; }",
        "class A { void f() { s.\\u0061ttribute(\"k\", 1); } }",
        "class A { Runnable r = this::run; }",
        "class A { void f(Holder h) { h.emitter().message(\"retrying\"); } }",
        "class A { void f(Holder h) { h.emitter().object (42); } }",
        "class A { Object r = new LlmRequest(0, 1, attributes); }",
        "class A { void f() { x(endpoint(\"a.b\", state, body)); } }",
      })
  void walksUnitsThatMayHoldAPosition(String source) {
    assertThat(UnitPrefilter.mayHoldPositions(source)).isTrue();
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "record Usage(long inputTokens) {}",
        "class Pipeline { public Map<String, Double> run(List<String> ids) { return Map.of(); } }",
        "class Pipeline { int[] call(int n) { return new int[n]; } }",
        "class Pipeline { void run() { } String spanish() { return \"attributes\"; } }",
        "class Settings { private final int spans; Builder events(int n) { return this; } }",
        "class Mail { /** the object of the message, a reward */ String message; String object; }",
        "class Mail { String message(int n) { return \"\"; } }",
      })
  void skipsUnitsThatCannot(String source) {
    assertThat(UnitPrefilter.mayHoldPositions(source)).isFalse();
  }
}
