package io.spanweave.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.spanweave.lint.buildtools.IncrementalProcessingEnvironment;
import io.spanweave.lint.buildtools.IntellijProxyEnvironment;
import io.spanweave.lint.buildtools.OpaqueProcessingEnvironment;
import io.spanweave.lint.buildtools.WrappingProcessor;
import java.util.List;
import java.util.function.UnaryOperator;
import javax.annotation.processing.ProcessingEnvironment;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The spanweave processor as users run it from Gradle and IntelliJ IDEA, whose processing
 * environments wrap javac's (reproduced around the real javac): the delegates are generated and the
 * guardrails it installs still fail a violating source at its line; where javac's environment
 * cannot be reached, the build fails closed unless the guardrails are turned off explicitly.
 */
class BuildToolEnvironmentsTest {

  private static final JavaFileObject VIOLATING =
      source(
          "test.Worker",
          "package test;",
          "import io.spanweave.annotations.*;",
          "public interface Worker {",
          "  @Traced",
          "  String generate(@TraceAttribute(\"llm.prompt\") String prompt);",
          "}");

  private static final JavaFileObject CLEAN =
      source(
          "test.Worker",
          "package test;",
          "import io.spanweave.annotations.*;",
          "public interface Worker {",
          "  @Traced",
          "  String generate(@TraceAttribute(\"sample.id\") String sampleId);",
          "}");

  private static Compilation compileUnder(
      UnaryOperator<ProcessingEnvironment> wrapping, List<String> options, JavaFileObject source) {
    return Compiler.javac()
        .withProcessors(new WrappingProcessor(new TracedProcessor(), wrapping))
        .withOptions(options)
        .compile(source);
  }

  @Test
  void underGradlesIncrementalEnvironment() {
    UnaryOperator<ProcessingEnvironment> gradle = IncrementalProcessingEnvironment::new;
    Compilation violating = compileUnder(gradle, List.of(), VIOLATING);
    assertThat(violating)
        .hadErrorContaining(
            "[spanweave:attribute-payload] attribute 'llm.prompt' in @TraceAttribute")
        .inFile(VIOLATING)
        .onLine(5);

    Compilation clean = compileUnder(gradle, List.of(), CLEAN);
    assertThat(clean).succeededWithoutWarnings();
    assertThat(clean).generatedSourceFile("test.TracedWorker");
  }

  @Test
  void underIntellijsProxyEnvironment() {
    UnaryOperator<ProcessingEnvironment> intellij = IntellijProxyEnvironment::wrap;
    Compilation violating = compileUnder(intellij, List.of(), VIOLATING);
    assertThat(violating)
        .hadErrorContaining(
            "[spanweave:attribute-payload] attribute 'llm.prompt' in @TraceAttribute")
        .inFile(VIOLATING)
        .onLine(5);

    Compilation clean = compileUnder(intellij, List.of(), CLEAN);
    assertThat(clean).succeededWithoutWarnings();
    assertThat(clean).generatedSourceFile("test.TracedWorker");
  }

  @Test
  void underAnUnknownEnvironmentTheBuildFailsClosedUnlessTheGuardrailsAreOff() {
    UnaryOperator<ProcessingEnvironment> unknown = OpaqueProcessingEnvironment::new;
    Compilation closed = compileUnder(unknown, List.of(), CLEAN);
    assertThat(closed).failed();
    assertThat(closed).hadErrorContaining("the guardrails (lint rules) could not run");
    assertThat(closed).hadErrorContaining(OpaqueProcessingEnvironment.class.getName());
    assertThat(closed).hadErrorContaining("-Aspanweave.lint=off");
    assertThat(closed).hadErrorCount(1);

    Compilation off = compileUnder(unknown, List.of("-Aspanweave.lint=off"), CLEAN);
    assertThat(off).succeededWithoutWarnings();
    assertThat(off).generatedSourceFile("test.TracedWorker");
  }
}
