package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import org.junit.jupiter.api.Test;

class ExceptionDetailRuleTest {

  private static final String ID = "[spanweave:exception-detail]";

  @Test
  void messagesStackTracesAndThrowablesFail() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.StageSpan;",
            "import io.spanweave.api.Trace;",
            "import java.util.Arrays;",
            "import java.util.Map;",
            "class Worker {",
            "  void step(StageSpan span) {",
            "    try {",
            "      run();",
            "    } catch (RuntimeException e) {",
            "      Trace.setAttribute(\"error\", e.getMessage());",
            "      Trace.event(\"failed\", Map.of(\"cause\", e));",
            "      Trace.setAttribute(\"why\", \"failed: \" + e);",
            "      span.attribute(\"where\", Arrays.toString(e.getStackTrace()));",
            "      Trace.setAttribute(\"short\", e.getLocalizedMessage().substring(0, 10));",
            "    }",
            "  }",
            "  void run() {}",
            "}");
    Compilation compilation = lint(worker.file);
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'error' in Trace.setAttribute records the exception's message (e.getMessage())")
        .inFile(worker.file)
        .onLine(worker.line("e.getMessage()"));
    assertThat(compilation)
        .hadErrorContaining(ID + " attribute 'cause' in Trace.event records the exception object e")
        .inFile(worker.file)
        .onLine(worker.line("\"cause\""));
    assertThat(compilation)
        .hadErrorContaining(
            ID + " attribute 'why' in Trace.setAttribute records text made from an" + " exception")
        .inFile(worker.file)
        .onLine(worker.line("\"failed: \""));
    assertThat(compilation)
        .hadErrorContaining(
            ID
                + " attribute 'where' in StageSpan.attribute records the exception's"
                + " stack trace")
        .inFile(worker.file)
        .onLine(worker.line("getStackTrace"));
    assertThat(compilation)
        .hadErrorContaining(
            ID + " attribute 'short' in Trace.setAttribute records the exception's" + " message")
        .inFile(worker.file)
        .onLine(worker.line("getLocalizedMessage"));
    assertThat(compilation).hadErrorContaining("Record the type instead (e.getClass().getName())");
    assertThat(compilation).hadErrorCount(5);
  }

  @Test
  void exceptionTypesPass() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Worker {",
            "  void step() {",
            "    try {",
            "      run();",
            "    } catch (RuntimeException e) {",
            "      Trace.setAttribute(\"error.type\", e.getClass().getName());",
            "      Trace.setAttribute(\"error.class\", e.getClass().getSimpleName());",
            "      Trace.setAttribute(\"error.cause.type\", e.getCause() == null ? \"none\" : e.getCause().getClass().getName());",
            "      Trace.setAttribute(\"error.kind\", classify(e));",
            "    }",
            "  }",
            "  static String classify(Throwable t) { return t instanceof IllegalStateException ? \"state\" : \"other\"; }",
            "  void run() {}",
            "}");
    assertThat(lint(worker.file)).succeededWithoutWarnings();
  }
}
