package io.spanweave.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.generatedSource;
import static io.spanweave.processor.Compilations.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.buildtools.Ecj;
import io.spanweave.lint.buildtools.WrappingProcessor;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;
import javax.annotation.processing.ProcessingEnvironment;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The spanweave processor under Eclipse's compiler (the real ecj from Maven Central), as the
 * Eclipse IDE and VS Code's Java extension run it (JDT APT's environment, reproduced around ecj)
 * and as a batch build runs it: the delegates are generated, the processor's own errors and the
 * declared guardrails are reported at their elements, the IDE build warns once, and the batch build
 * fails closed.
 */
class EclipseCompilerTest {

  private static final JavaFileObject SECRET =
      source(
          "test.Worker",
          "package test;",
          "import io.spanweave.annotations.*;",
          "public interface Worker {",
          "  @Traced(stage = \"generate\", kind = Kind.MODEL)",
          "  String generate(@TraceAttribute(\"api_key\") String key);",
          "}");

  private static final JavaFileObject CLEAN =
      source(
          "test.Worker",
          "package test;",
          "import io.spanweave.annotations.*;",
          "public interface Worker {",
          "  @Traced(stage = \"generate\", kind = Kind.MODEL)",
          "  String generate(@TraceAttribute(\"sample.id\") String sampleId);",
          "}");

  private static final JavaFileObject BAD_METRIC =
      source(
          "test.Scorer",
          "package test;",
          "import io.spanweave.annotations.*;",
          "public interface Scorer {",
          "  @Traced(metrics = \"lenght\")",
          "  String score(String sampleId);",
          "}");

  private static Compilation ecj(
      UnaryOperator<ProcessingEnvironment> environment,
      List<String> options,
      JavaFileObject... sources) {
    return Ecj.compile(
        List.of(new WrappingProcessor(new TracedProcessor(), environment)),
        options,
        List.of(sources));
  }

  @Test
  void theIdeBuildReportsTheDeclaredSecretAtItsParameterAndWarnsOnce() {
    Compilation compilation = ecj(Ecj::ideBuild, List.of(), SECRET);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:attribute-secret] attribute 'api_key' in @TraceAttribute"
                + " names a secret ('api key')")
        .inFile(Ecj.onDisk(SECRET))
        .onLine(5);
    assertThat(compilation).hadErrorCount(1);
    assertThat(compilation)
        .hadWarningContaining(
            "[spanweave] Eclipse's compiler checked the spanweave declarations" + " of this build")
        .inFile(Ecj.onDisk(SECRET))
        .onLine(3);
  }

  @Test
  void aCleanProjectBuildsInTheIdeWithItsDelegate() {
    Compilation compilation = ecj(Ecj::ideBuild, List.of(), CLEAN);
    assertThat(compilation).succeeded();
    assertThat(generatedSource(compilation, "test.TracedWorker"))
        .contains("public final class TracedWorker implements Worker")
        .contains("\"sample.id\"")
        .contains("return delegate.generate(sampleId);");
    assertThat(compilation.warnings()).hasSize(1);
    assertThat(compilation.warnings().get(0).getMessage(Locale.ROOT))
        .startsWith("[spanweave] Eclipse's compiler checked the spanweave declarations");
  }

  @Test
  void theProcessorsOwnErrorsAreReportedAtTheAnnotation() {
    Compilation compilation = ecj(Ecj::ideBuild, List.of(), BAD_METRIC);
    assertThat(compilation)
        .hadErrorContaining(
            "metric \"lenght\" does not resolve: String (the return value of"
                + " score()) has no property 'lenght'")
        .inFile(Ecj.onDisk(BAD_METRIC))
        .onLine(4);
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBatchBuildFailsClosedAndBuildsWithItsDelegateOnlyWithTheGuardrailsOff() {
    Compilation compilation = ecj(env -> env, List.of(), SECRET);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-secret] attribute 'api_key'")
        .inFile(Ecj.onDisk(SECRET))
        .onLine(5);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave] the guardrails (lint rules) could not run: they need"
                + " javac's own processing environment, and this is a batch build with Eclipse's compiler (ecj)");
    assertThat(compilation).hadErrorCount(2);

    Compilation clean = ecj(env -> env, List.of(), CLEAN);
    assertThat(clean).failed();
    assertThat(clean).hadErrorContaining("the guardrails (lint rules) could not run");
    assertThat(clean).hadErrorCount(1);

    Compilation off = ecj(env -> env, List.of("-Aspanweave.lint=off"), CLEAN);
    assertThat(off).succeededWithoutWarnings();
    assertThat(off).generatedSourceFile("test.TracedWorker");
  }
}
