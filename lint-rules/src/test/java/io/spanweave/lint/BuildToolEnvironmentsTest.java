package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static com.google.testing.compile.Compiler.javac;
import static io.spanweave.lint.LintTesting.source;
import static io.spanweave.lint.LintTesting.withRuntime;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import io.spanweave.lint.buildtools.IncrementalProcessingEnvironment;
import io.spanweave.lint.buildtools.IntellijProxyEnvironment;
import io.spanweave.lint.buildtools.OpaqueProcessingEnvironment;
import io.spanweave.lint.buildtools.WrappingProcessor;
import java.lang.reflect.Proxy;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.annotation.processing.ProcessingEnvironment;
import org.junit.jupiter.api.Test;

/**
 * The guardrails under the environments real build tools hand to processors, reproduced around the
 * real javac: Gradle's delegating wrapper, IntelliJ IDEA's proxy, both nested, and a wrapper of
 * unknown shape, where they must fail closed.
 */
class BuildToolEnvironmentsTest {

  private static final Source VIOLATING =
      source(
          "com.acme.Worker",
          "package com.acme;",
          "import io.spanweave.api.Trace;",
          "class Worker {",
          "  void generate(String text) {",
          "    Trace.setAttribute(\"llm.prompt\", text);",
          "  }",
          "}");

  private static final Source CLEAN =
      source(
          "com.acme.Worker",
          "package com.acme;",
          "import io.spanweave.api.Trace;",
          "class Worker {",
          "  void generate(String text) {",
          "    Trace.setAttribute(\"llm.prompt_length\", text.length());",
          "  }",
          "}");

  private static final UnaryOperator<ProcessingEnvironment> GRADLE =
      IncrementalProcessingEnvironment::new;
  private static final UnaryOperator<ProcessingEnvironment> INTELLIJ =
      IntellijProxyEnvironment::wrap;
  private static final UnaryOperator<ProcessingEnvironment> UNKNOWN =
      OpaqueProcessingEnvironment::new;

  private static Compilation lintUnder(
      UnaryOperator<ProcessingEnvironment> wrapping, List<String> options, Source source) {
    return javac()
        .withProcessors(new WrappingProcessor(new LintProcessor(), wrapping))
        .withOptions(options)
        .compile(withRuntime(source.file));
  }

  @Test
  void gradleIncrementalEnvironmentViolationFailsOnItsLine() {
    Compilation compilation = lintUnder(GRADLE, List.of(), VIOLATING);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload] attribute 'llm.prompt'")
        .inFile(VIOLATING.file)
        .onLine(VIOLATING.line("llm.prompt"));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void gradleIncrementalEnvironmentCleanSourceCompiles() {
    assertThat(lintUnder(GRADLE, List.of(), CLEAN)).succeededWithoutWarnings();
  }

  @Test
  void intellijProxyEnvironmentViolationFailsOnItsLine() {
    Compilation compilation = lintUnder(INTELLIJ, List.of(), VIOLATING);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload] attribute 'llm.prompt'")
        .inFile(VIOLATING.file)
        .onLine(VIOLATING.line("llm.prompt"));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void intellijProxyEnvironmentCleanSourceCompiles() {
    assertThat(lintUnder(INTELLIJ, List.of(), CLEAN)).succeededWithoutWarnings();
  }

  @Test
  void theIntellijShapeIsTheRealOne() {
    // Guards the reproduction itself: a proxy whose handler holds the environment in
    // val$delegateTo.
    ProcessingEnvironment wrapped = IntellijProxyEnvironment.wrap(new OpaqueEnvironmentForShape());
    assertThat(Proxy.isProxyClass(wrapped.getClass())).isTrue();
    assertThat(Proxy.getInvocationHandler(wrapped).getClass().getDeclaredFields())
        .extracting(java.lang.reflect.Field::getName)
        .contains("val$delegateTo");
  }

  @Test
  void nestedWrappersAreLookedBehindLayerByLayer() {
    UnaryOperator<ProcessingEnvironment> intellijAroundGradle =
        env -> INTELLIJ.apply(GRADLE.apply(env));
    Compilation compilation = lintUnder(intellijAroundGradle, List.of(), VIOLATING);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload]")
        .inFile(VIOLATING.file)
        .onLine(VIOLATING.line("llm.prompt"));
    assertThat(lintUnder(intellijAroundGradle, List.of(), CLEAN)).succeededWithoutWarnings();
  }

  @Test
  void unknownEnvironmentFailsClosedNamingItAndTheOffOption() {
    Compilation compilation = lintUnder(UNKNOWN, List.of(), CLEAN);
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining("[spanweave] the guardrails (lint rules) could not run");
    assertThat(compilation).hadErrorContaining(OpaqueProcessingEnvironment.class.getName());
    assertThat(compilation)
        .hadErrorContaining("turning them off explicitly with -Aspanweave.lint=off");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void unknownEnvironmentBuildsWhenTheGuardrailsAreTurnedOffExplicitly() {
    assertThat(lintUnder(UNKNOWN, List.of("-Aspanweave.lint=off"), CLEAN))
        .succeededWithoutWarnings();
    assertThat(lintUnder(UNKNOWN, List.of("-Aspanweave.lint=off"), VIOLATING))
        .succeededWithoutWarnings();
  }

  @Test
  void unknownEnvironmentIsAWarningWhenTheBuildAsksOnlyForWarnings() {
    String allWarnings = "-Aspanweave.lint=off,attribute-payload:warning,attribute-secret:warning";
    Compilation compilation = lintUnder(UNKNOWN, List.of(allWarnings), CLEAN);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[spanweave] the guardrails (lint rules) could not run");
  }

  @Test
  void aRuleNamedNextToOffStillFailsClosed() {
    Compilation compilation =
        lintUnder(UNKNOWN, List.of("-Aspanweave.lint=off,attribute-secret:error"), CLEAN);
    assertThat(compilation)
        .hadErrorContaining("[spanweave] the guardrails (lint rules) could not run");
  }

  @Test
  void anUnknownEnvironmentInsideAKnownWrapperNamesEveryLayer() {
    Compilation compilation = lintUnder(env -> GRADLE.apply(UNKNOWN.apply(env)), List.of(), CLEAN);
    assertThat(compilation)
        .hadErrorContaining(
            "the build handed the processor "
                + IncrementalProcessingEnvironment.class.getName()
                + " (wrapping "
                + OpaqueProcessingEnvironment.class.getName()
                + ")");
  }

  @Test
  void twoProcessorsInOneUnknownEnvironmentReportItOnce() {
    Compilation compilation =
        javac()
            .withProcessors(
                new WrappingProcessor(new LintProcessor(), UNKNOWN),
                new WrappingProcessor(new LintProcessor(), UNKNOWN))
            .compile(withRuntime(CLEAN.file));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void offWithARuleNamedRunsThatRuleOnly() {
    Compilation compilation =
        lintUnder(GRADLE, List.of("-Aspanweave.lint=off,attribute-payload:error"), VIOLATING);
    assertThat(compilation).hadErrorContaining("[spanweave:attribute-payload]");
    Source secret =
        source(
            "com.acme.Keys",
            "package com.acme;",
            "import io.spanweave.api.Trace;",
            "class Keys { void a(String k) { Trace.setAttribute(\"api_key\", k); } }");
    assertThat(lintUnder(GRADLE, List.of("-Aspanweave.lint=off,attribute-payload:error"), secret))
        .succeededWithoutWarnings();
  }

  /** A stand-in environment for the shape check, which only wraps it. */
  private static final class OpaqueEnvironmentForShape implements ProcessingEnvironment {
    @Override
    public java.util.Map<String, String> getOptions() {
      return java.util.Map.of();
    }

    @Override
    public javax.annotation.processing.Messager getMessager() {
      return null;
    }

    @Override
    public javax.annotation.processing.Filer getFiler() {
      return null;
    }

    @Override
    public javax.lang.model.util.Elements getElementUtils() {
      return null;
    }

    @Override
    public javax.lang.model.util.Types getTypeUtils() {
      return null;
    }

    @Override
    public javax.lang.model.SourceVersion getSourceVersion() {
      return javax.lang.model.SourceVersion.latest();
    }

    @Override
    public java.util.Locale getLocale() {
      return java.util.Locale.ROOT;
    }
  }
}
