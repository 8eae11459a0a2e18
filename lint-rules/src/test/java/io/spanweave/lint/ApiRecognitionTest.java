package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.lint.LintTesting.Source;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** Which calls count as tracing API calls, recognised by the resolved method's owner type. */
class ApiRecognitionTest {

  private static final JavaFileObject OTEL_TRACER =
      JavaFileObjects.forSourceLines(
          "io.opentelemetry.api.trace.Tracer",
          "package io.opentelemetry.api.trace;",
          "public interface Tracer { Object spanBuilder(String name); }");
  private static final JavaFileObject OTEL_SPAN =
      JavaFileObjects.forSourceLines(
          "io.opentelemetry.api.trace.Span",
          "package io.opentelemetry.api.trace;",
          "public interface Span { Span addEvent(String name); Span updateName(String name); }");

  @Test
  void openTelemetryApiNamesAreChecked() {
    Source app =
        source(
            "com.acme.App",
            "package com.acme;",
            "import io.opentelemetry.api.trace.Span;",
            "import io.opentelemetry.api.trace.Tracer;",
            "class App {",
            "  void run(Tracer tracer, Span span, int i) {",
            "    tracer.spanBuilder(\"step \" + i);",
            "    span.addEvent(String.valueOf(i));",
            "    span.updateName(\"fixed\");",
            "  }",
            "}");
    Compilation compilation = lint(app.file, OTEL_TRACER, OTEL_SPAN);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:span-name-cardinality] the span name passed to Tracer.spanBuilder")
        .inFile(app.file)
        .onLine(app.line("spanBuilder"));
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:span-name-cardinality] the event name passed to Span.addEvent")
        .inFile(app.file)
        .onLine(app.line("addEvent"));
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void carriersMetricsAndLookalikesAreNotAttributes() {
    Source app =
        source(
            "com.acme.App",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "import java.util.HashMap;",
            "import java.util.Map;",
            "class App {",
            "  static void setAttribute(String key, Object value) {}", // not Trace's
            "  void run(int i, String prompt) {",
            "    Trace.inject(new HashMap<>(Map.of(\"authorization\", \"x\")));",
            "    Trace.metric(\"step.\" + i, i);",
            "    setAttribute(\"prompt\", prompt);",
            "    Map<String, Object> attributes = Map.of(\"prompt\", prompt);", // not passed to the
            // API here
            "  }",
            "}");
    assertThat(lint(app.file)).succeededWithoutWarnings();
  }

  @Test
  void aStageSpanImplementationForwardingToItsOwnOverloadsIsNotAUserWrite() {
    Source impl =
        source(
            "io.spanweave.api.ListSpan",
            "package io.spanweave.api;",
            "import java.util.Arrays;",
            "import java.util.List;",
            "abstract class ListSpan extends StageSpan {",
            "  @Override public void attribute(String key, Object[] values) { attribute(key, Arrays.asList(values)); }",
            "}");
    assertThat(lint(impl.file)).succeededWithoutWarnings();
  }
}
