package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.lintWith;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

/** capture-preview: off by default; a production build makes any Capture.PREVIEW an error. */
class CapturePreviewRuleTest {

  private static final String ID = "[spanweave:capture-preview]";

  private static Source previewing() {
    return source(
        "com.acme.Scorer",
        "package com.acme;",
        "import static io.spanweave.annotations.Capture.PREVIEW;",
        "import io.spanweave.annotations.Capture;",
        "import io.spanweave.annotations.Kind;",
        "import io.spanweave.annotations.Traced;",
        "public interface Scorer {",
        "  @Traced(kind = Kind.REWARD, capture = Capture.PREVIEW)",
        "  double score(String answer);",
        "  @Traced(capture = PREVIEW)",
        "  double rescore(String answer);",
        "  default Capture mode() { return io.spanweave.annotations.Capture.PREVIEW; }",
        "}");
  }

  @Test
  void everyPreviewIsAnErrorWhenTheBuildForbidsIt() {
    Source scorer = previewing();
    Compilation compilation =
        lintWith(List.of("-Aspanweave.lint.capture_preview=error"), scorer.file);

    assertThat(compilation)
        .hadErrorContaining(ID + " Capture.PREVIEW records previews of inputs and outputs")
        .inFile(scorer.file)
        .onLine(scorer.line("capture = Capture.PREVIEW"));
    assertThat(compilation)
        .hadErrorContaining(ID)
        .inFile(scorer.file)
        .onLine(scorer.line("capture = PREVIEW"));
    assertThat(compilation)
        .hadErrorContaining(ID)
        .inFile(scorer.file)
        .onLine(scorer.line("return io.spanweave"));
    assertThat(compilation)
        .hadErrorContaining("this build forbids it (-Aspanweave.lint.capture_preview)");
    assertThat(compilation).hadErrorContaining("Use the default Capture.OFF here");
    assertThat(compilation).hadErrorCount(3);
  }

  @Test
  void theCombinedOptionAndWarningLevelWorkToo() {
    Compilation compilation =
        lintWith(List.of("-Aspanweave.lint=capture-preview:warning"), previewing().file);
    assertThat(compilation).succeeded();
    assertThat(compilation).hadWarningContaining(ID);
  }

  @Test
  void offByDefaultAndCaptureOffNeverFails() {
    assertThat(lint(previewing().file)).succeededWithoutWarnings();

    Source quiet =
        source(
            "com.acme.Quiet",
            "package com.acme;",
            "import io.spanweave.annotations.Capture;",
            "import io.spanweave.annotations.Traced;",
            "public interface Quiet {",
            "  @Traced(capture = Capture.OFF)",
            "  double score(String answer);",
            "  default Object PREVIEW() { return null; }",
            "}");
    assertThat(lintWith(List.of("-Aspanweave.lint.capture_preview=error"), quiet.file))
        .succeededWithoutWarnings();
  }
}
