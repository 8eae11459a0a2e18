package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import org.junit.jupiter.api.Test;

class AttributeTypeRuleTest {

  private static final String ID = "[spanweave:attribute-type]";

  @Test
  void objectValuesFail() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.api.Trace;",
            "import java.util.List;",
            "import java.util.Map;",
            "interface Worker {",
            "  record Sample(String id, int size) {}",
            "  void judge(@TraceAttribute(\"sample\") Sample sample);",
            "  default void record(Sample sample, Map<String, Integer> scores, List<Sample> batch) {",
            "    Trace.setAttribute(\"sample\", sample);",
            "    Trace.event(\"scored\", Map.of(\"scores\", scores));",
            "    Trace.setAttributes(Map.of(\"batch\", batch));",
            "  }",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'sample' in @TraceAttribute gets 'sample' of type com.acme.Worker.Sample, which a span"
                + " cannot hold")
        .inFile(worker.file)
        .onLine(worker.line("@TraceAttribute(\"sample\")"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'sample' in Trace.setAttribute gets 'sample'")
        .inFile(worker.file)
        .onLine(worker.line("(\"sample\", sample)"));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'scores' in Trace.event gets 'scores' of type java.util.Map<java.lang.String,java.lang.Integer>")
        .inFile(worker.file)
        .onLine(worker.line("\"scored\""));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'batch' in Trace.setAttributes gets 'batch' of type"
                + " java.util.List<com.acme.Worker.Sample>")
        .inFile(worker.file)
        .onLine(worker.line("\"batch\""));
    assertThat(compilation).hadErrorContaining("Record a number about it instead");
    assertThat(compilation).hadErrorCount(4);
  }

  @Test
  void scalarsEnumsArraysAndListsPass() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.annotations.Kind;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.api.Trace;",
            "import java.util.List;",
            "import java.util.Map;",
            "interface Worker {",
            "  void judge(@TraceAttribute int attempt, @TraceAttribute Kind kind, @TraceAttribute List<String> tags,",
            "             @TraceAttribute long[] ids, @TraceAttribute Double score);",
            "  default void record(String id, Integer n, List<Long> steps, String[] names, boolean ok) {",
            "    Trace.setAttributes(Map.of(\"id\", id, \"n\", n, \"steps\", steps, \"names\", names, \"ok\", ok,",
            "        \"kind\", Kind.MODEL, \"score\", 0.5, \"c\", 'x'));",
            "  }",
            "}");
    assertThat(lint(worker.file)).succeededWithoutWarnings();
  }
}
