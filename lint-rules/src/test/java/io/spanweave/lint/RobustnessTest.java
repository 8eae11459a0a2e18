package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.spanweave.lint.LintTesting.source;
import static io.spanweave.lint.LintTesting.withRuntime;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class RobustnessTest {

  /** A rule with a defect: it throws on every attribute. */
  static final class BrokenRule extends LintRule {
    @Override
    public String id() {
      return "broken-rule";
    }

    @Override
    public String summary() {
      return "throws";
    }

    @Override
    public void checkAttribute(AttributeWrite write, LintContext context) {
      throw new IllegalStateException("boom");
    }
  }

  private static final Source WORKER =
      source(
          "com.acme.Worker",
          "package com.acme;",
          "import io.spanweave.api.Trace;",
          "class Worker {",
          "  void generate(String text) {",
          "    Trace.setAttribute(\"prompt\", text);",
          "    Trace.setAttribute(\"response\", text);",
          "  }",
          "}");

  @Test
  void aRuleThatThrowsBecomesOneWarningNamingItAndTheOtherRulesStillRun() {
    Compilation compilation =
        javac()
            .withProcessors(
                new LintProcessor(List.of(new BrokenRule(), new AttributePayloadRule())))
            .compile(withRuntime(WORKER.file));
    assertThat(compilation)
        .hadWarningContaining(
            "[spanweave:broken-rule] this rule failed with"
                + " java.lang.IllegalStateException: boom and did not check this code; the build goes on")
        .inFile(WORKER.file)
        .onLine(5);
    assertThat(compilation).hadWarningCount(1);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload] attribute 'prompt'")
        .inFile(WORKER.file)
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload] attribute 'response'")
        .inFile(WORKER.file)
        .onLine(6);
  }

  @Test
  void everyTopLevelClassOfAUnitIsCheckedAndUnannotatedCodeToo() {
    Source two =
        source(
            "com.acme.Two",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Two { void a(String s) { Trace.setAttribute(\"prompt\", s); } }",
            "class Other { void b(String s) { Trace.setAttribute(\"api_key\", s); } }");
    Compilation compilation =
        javac().withProcessors(new LintProcessor()).compile(withRuntime(two.file));
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload]")
        .inFile(two.file)
        .onLine(3);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-secret]")
        .inFile(two.file)
        .onLine(4);
  }

  @Test
  void installingTwiceInOneCompilationReportsOnce() {
    Compilation compilation =
        javac()
            .withProcessors(new LintProcessor(), new LintProcessor())
            .compile(withRuntime(WORKER.file));
    assertThat(compilation).hadErrorCount(2);
  }

  @Test
  void codeThatDoesNotCompileDoesNotCrashTheRules() {
    Source broken =
        source(
            "com.acme.Broken",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Broken { void a() { Trace.setAttribute(\"prompt\", missing); } }");
    Compilation compilation =
        javac().withProcessors(new LintProcessor()).compile(withRuntime(broken.file));
    assertThat(compilation).hadErrorContaining("cannot find symbol");
  }
}
