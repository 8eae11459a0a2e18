package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import org.junit.jupiter.api.Test;

class SpanNameCardinalityRuleTest {

  private static final String ID = "[spanweave:span-name-cardinality]";

  @Test
  void namesBuiltFromRunTimeValuesFail() {
    Source loop =
        source(
            "com.acme.Loop",
            "package com.acme;",
            "import io.spanweave.api.StageSpan;",
            "import io.spanweave.api.Trace;",
            "class Loop {",
            "  void run(int step, String sampleId, StageSpan span) {",
            "    try (Trace.Scope s = Trace.span(\"step-\" + step)) {}",
            "    Trace.run(String.format(\"sample %s\", sampleId), () -> {});",
            "    Trace.call(\"judge.\".concat(sampleId), () -> 1);",
            "    span.event(\"retry \" + step);",
            "  }",
            "}");
    Compilation compilation = lint(loop.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " the span name passed to Trace.span is built by concatenating a run-time value (\"step-\" + step)")
        .inFile(loop.file)
        .onLine(loop.line("step-"));
    assertThat(compilation)
        .hadErrorContaining(ID + " the span name passed to Trace.run is built with format()")
        .inFile(loop.file)
        .onLine(loop.line("String.format"));
    assertThat(compilation)
        .hadErrorContaining(ID + " the span name passed to Trace.call is built with concat()")
        .inFile(loop.file)
        .onLine(loop.line("concat"));
    assertThat(compilation)
        .hadErrorContaining(
            ID + " the event name passed to StageSpan.event is built by concatenating")
        .inFile(loop.file)
        .onLine(loop.line("retry"));
    assertThat(compilation)
        .hadErrorContaining("Use a constant span name and record the varying part as an attribute");
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void constantsAndPassedThroughNamesPass() {
    Source loop =
        source(
            "com.acme.Loop",
            "package com.acme;",
            "import io.spanweave.annotations.Kind;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "class Loop {",
            "  static final String PREFIX = \"rollout.\";",
            "  void run(int step, String stageName, Kind kind) {",
            "    try (Trace.Scope s = Trace.span(PREFIX + \"step\", Map.of(\"step\", step))) {}",
            "    Trace.run(stageName, () -> {});",
            "    Trace.run(kind.toString(), () -> {});",
            "    Trace.run(step > 0 ? \"warm\" : \"cold\", () -> {});",
            "  }",
            "}");
    assertThat(lint(loop.file)).succeededWithoutWarnings();
  }
}
