package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.source;
import static io.spanweave.lint.LintTesting.withRuntime;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.Compiler;
import io.spanweave.lint.LintTesting.Source;
import io.spanweave.lint.buildtools.Ecj;
import io.spanweave.lint.buildtools.WrappingProcessor;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.UnaryOperator;
import javax.annotation.processing.ProcessingEnvironment;
import javax.tools.Diagnostic;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * The guardrails under Eclipse's compiler (the real ecj from Maven Central): the declarations are
 * checked through the annotation model with the same messages, lines, severities and suppressions
 * as under javac; the checks of code, which need javac's trees, fail a batch build closed, and in
 * the IDE's build (JDT APT's environment, reproduced around ecj) are one warning per build.
 */
class EclipseCompilerTest {

  /** One declaration finding per line, for every rule that declarations can break. */
  private static final Source DECLARED =
      source(
          "com.acme.Worker",
          "package com.acme;",
          "import io.spanweave.annotations.Capture;",
          "import io.spanweave.annotations.TraceAttribute;",
          "import io.spanweave.annotations.Traced;",
          "import java.util.Map;",
          "public interface Worker {",
          "  String TEAM = \"team=rl\";",
          "  @Traced(attributes = {TEAM, \"upstream=Bearer abcdefghijklmnop\"})",
          "  String generate(",
          "      @TraceAttribute(\"api_key\") String key,",
          "      @TraceAttribute(\"llm.prompt\") String text,",
          "      @TraceAttribute Map<String, String> settings,",
          "      @TraceAttribute(\"failure\") Exception error,",
          "      @TraceAttribute(\"sample.id\") String sampleId);",
          "  @Traced(capture = Capture.PREVIEW)",
          "  String judge(String sampleId);",
          "  class Nested {",
          "    @Traced public void run(@TraceAttribute String password) { }",
          "  }",
          "}");

  /** A clean declaration beside a violation that only javac's trees show. */
  private static final Source CODE_ONLY =
      source(
          "com.acme.Client",
          "package com.acme;",
          "import io.spanweave.annotations.TraceAttribute;",
          "import io.spanweave.annotations.Traced;",
          "import io.spanweave.api.Trace;",
          "public class Client {",
          "  @Traced public String call(@TraceAttribute(\"sample.id\") String sampleId, String prompt) {",
          "    Trace.setAttribute(\"llm.prompt\", prompt);",
          "    return sampleId;",
          "  }",
          "}");

  private static final String PREVIEW_ON = "-Aspanweave.lint.capture_preview=error";

  private static final UnaryOperator<ProcessingEnvironment> BATCH = env -> env;
  private static final UnaryOperator<ProcessingEnvironment> IDE_BUILD = Ecj::ideBuild;
  private static final UnaryOperator<ProcessingEnvironment> IDE_RECONCILE = Ecj::ideReconcile;

  private static Compilation ecj(
      UnaryOperator<ProcessingEnvironment> environment,
      List<String> options,
      JavaFileObject... sources) {
    return Ecj.compile(
        List.of(new WrappingProcessor(new LintProcessor(), environment)),
        options,
        withRuntime(sources));
  }

  /** The findings of the rules, as {@code kind line message}, for comparing compilers. */
  private static Set<String> findings(Compilation compilation, JavaFileObject file) {
    Set<String> found = new TreeSet<>();
    for (Diagnostic<? extends JavaFileObject> d : compilation.diagnostics()) {
      String message = d.getMessage(Locale.ROOT);
      if (message.startsWith("[spanweave:")
          && d.getSource() != null
          && d.getSource().toUri().getPath().endsWith(file.toUri().getPath())) {
        found.add(d.getKind() + " " + d.getLineNumber() + " " + message);
      }
    }
    return found;
  }

  @Test
  void declarationsAreCheckedAsUnderJavacWithTheSameMessagesAndLines() {
    Set<String> javac =
        findings(
            Compiler.javac()
                .withProcessors(new LintProcessor())
                .withOptions(PREVIEW_ON)
                .compile(withRuntime(DECLARED.file)),
            DECLARED.file);
    Set<String> eclipse =
        findings(ecj(IDE_BUILD, List.of(PREVIEW_ON), DECLARED.file), DECLARED.file);

    assertThat(javac).hasSize(7);
    assertThat(eclipse).isEqualTo(javac);
  }

  @Test
  void aBatchBuildReportsTheDeclaredSecretAtItsLineAndFailsClosed() {
    Compilation compilation = ecj(BATCH, List.of(), DECLARED.file);
    JavaFileObject file = Ecj.onDisk(DECLARED.file);
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:attribute-secret] attribute 'api_key' in @TraceAttribute"
                + " names a secret ('api key')")
        .inFile(file)
        .onLine(DECLARED.line("api_key"));
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave] the guardrails (lint rules) could not run: they need"
                + " javac's own processing environment, and this is a batch build with Eclipse's compiler (ecj), which handed"
                + " the processor org.eclipse.jdt.internal.compiler.apt.dispatch.BatchProcessingEnvImpl");
    assertThat(compilation)
        .hadErrorContaining("A build that passes must have been checked, so this fails the build.");
    assertThat(compilation)
        .hadErrorContaining("turning them off explicitly with -Aspanweave.lint=off");
    assertThat(compilation)
        .hadErrorCount(7); // six declared findings (capture-preview is off) and the closed build
  }

  @Test
  void aBatchBuildOfCleanDeclarationsStillFailsClosedOnce() {
    Compilation compilation =
        Ecj.compile(
            List.of(new LintProcessor(), new LintProcessor()),
            List.of(),
            withRuntime(CODE_ONLY.file));
    assertThat(compilation).failed();
    assertThat(compilation)
        .hadErrorContaining("[spanweave] the guardrails (lint rules) could not run");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void aBatchBuildWithTheGuardrailsTurnedOffBuildsUnchecked() {
    Compilation compilation = ecj(BATCH, List.of("-Aspanweave.lint=off"), DECLARED.file);
    assertThat(compilation).succeeded();
    assertThat(findings(compilation, DECLARED.file)).isEmpty();
    assertThat(compilation.diagnostics())
        .noneMatch(d -> d.getMessage(Locale.ROOT).contains("[spanweave"));
  }

  @Test
  void theIdeBuildChecksDeclarationsAndWarnsOnceThatTheCommandLineBuildChecksTheCode() {
    Compilation compilation =
        Ecj.compile(
            List.of(
                new WrappingProcessor(new LintProcessor(), IDE_BUILD),
                new WrappingProcessor(new LintProcessor(), IDE_BUILD)),
            List.of(),
            withRuntime(DECLARED.file, CODE_ONLY.file));
    JavaFileObject declared = Ecj.onDisk(DECLARED.file);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:attribute-payload] attribute 'llm.prompt' in @TraceAttribute")
        .inFile(declared)
        .onLine(DECLARED.line("\"llm.prompt\""));
    assertThat(compilation).hadErrorCount(6); // once each, though two processors ran
    assertThat(compilation)
        .hadWarningContaining(
            "[spanweave] Eclipse's compiler checked the spanweave declarations" + " of this build")
        .inFile(declared)
        .onLine(DECLARED.line("interface Worker"));
    assertThat(compilation)
        .hadWarningContaining(
            "the command-line build (Maven, Gradle) runs them and fails on a" + " violation");
    assertThat(spanweaveWarnings(compilation)).isEqualTo(1);
    assertThat(findings(compilation, CODE_ONLY.file))
        .isEmpty(); // Trace.setAttribute("llm.prompt", ...) needs javac
  }

  @Test
  void aCleanProjectBuildsInTheIdeWithTheOneWarning() {
    Compilation compilation = ecj(IDE_BUILD, List.of(), CODE_ONLY.file);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[spanweave] Eclipse's compiler checked the spanweave declarations")
        .inFile(Ecj.onDisk(CODE_ONLY.file))
        .onLine(CODE_ONLY.line("class Client"));
    assertThat(spanweaveWarnings(compilation)).isEqualTo(1);
  }

  @Test
  void reconcilingAnEditedFileChecksItsDeclarationsWithoutTheBuildsWarning() {
    Compilation compilation = ecj(IDE_RECONCILE, List.of(), DECLARED.file, CODE_ONLY.file);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-secret] attribute 'api_key'")
        .inFile(Ecj.onDisk(DECLARED.file))
        .onLine(DECLARED.line("api_key"));
    assertThat(spanweaveWarnings(compilation)).isZero();
  }

  @Test
  void severitiesAndSuppressionsAreTheSameAsUnderJavac() {
    Source suppressed =
        source(
            "com.acme.Keys",
            "package com.acme;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.annotations.Traced;",
            "public interface Keys {",
            "  @SuppressWarnings(\"spanweave:attribute-secret\")",
            "  @Traced String rotate(@TraceAttribute(\"api_key\") String key);",
            "  @Traced String sign(@TraceAttribute(\"token\") String token);",
            "}");
    Compilation compilation =
        ecj(IDE_BUILD, List.of("-Aspanweave.lint.attribute_secret=warning"), suppressed.file);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[spanweave:attribute-secret] attribute 'token'")
        .inFile(Ecj.onDisk(suppressed.file))
        .onLine(suppressed.line("sign("));
    assertThat(findings(compilation, suppressed.file)).hasSize(1);
    Set<String> javac =
        findings(
            Compiler.javac()
                .withProcessors(new LintProcessor())
                .withOptions("-Aspanweave.lint.attribute_secret=warning")
                .compile(withRuntime(suppressed.file)),
            suppressed.file);
    assertThat(findings(compilation, suppressed.file)).isEqualTo(javac);
  }

  private static long spanweaveWarnings(Compilation compilation) {
    return compilation.warnings().stream()
        .filter(d -> d.getMessage(Locale.ROOT).startsWith("[spanweave"))
        .count();
  }
}
