package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.lintWith;
import static io.spanweave.lint.LintTesting.source;
import static org.assertj.core.api.Assertions.assertThat;

import com.google.testing.compile.Compilation;
import io.spanweave.lint.LintTesting.Source;
import java.util.List;
import org.junit.jupiter.api.Test;

class OptionsAndSuppressionTest {

  private static final Source WORKER =
      source(
          "com.acme.Worker",
          "package com.acme;",
          "import io.spanweave.api.Trace;",
          "class Worker {",
          "  void generate(String text) {",
          "    Trace.setAttribute(\"prompt\", text);",
          "  }",
          "}");

  @Test
  void severityOptionTurnsAnErrorIntoAWarning() {
    Compilation compilation =
        lintWith(List.of("-Aspanweave.lint.attribute_payload=warning"), WORKER.file);
    assertThat(compilation).succeeded();
    assertThat(compilation)
        .hadWarningContaining("[spanweave:attribute-payload] attribute 'prompt'")
        .inFile(WORKER.file)
        .onLine(5);
  }

  @Test
  void severityOptionTurnsARuleOff() {
    assertThat(lintWith(List.of("-Aspanweave.lint.attribute_payload=off"), WORKER.file))
        .succeededWithoutWarnings();
  }

  @Test
  void combinedOptionTakesRuleIdsAsWritten() {
    assertThat(
            lintWith(
                List.of("-Aspanweave.lint=attribute-payload:off,direct-sdk:warning"), WORKER.file))
        .succeededWithoutWarnings();
  }

  @Test
  void unreadableOptionIsAWarningAndTheDefaultStays() {
    Compilation compilation =
        lintWith(List.of("-Aspanweave.lint.attribute_payload=loud"), WORKER.file);
    assertThat(compilation)
        .hadWarningContaining(
            "-Aspanweave.lint.attribute_payload=loud: expected error, warning or off");
    assertThat(compilation).hadErrorContaining("[spanweave:attribute-payload]");
  }

  @Test
  void timingOptionPrintsTheCostOfTheRules() {
    Compilation compilation = lintWith(List.of("-Aspanweave.lint.timing=true"), WORKER.file);
    assertThat(compilation).hadNoteContaining("[spanweave] lint rules: ");
    assertThat(compilation).hadNoteContaining("classes checked in");
  }

  @Test
  void supportedOptionsNameEveryRuleKey() {
    assertThat(SpanweaveLint.supportedOptions())
        .contains(
            "spanweave.lint",
            "spanweave.lint.attribute_payload",
            "spanweave.lint.attribute_secret",
            "spanweave.lint.attribute_type",
            "spanweave.lint.exception_detail",
            "spanweave.lint.base_package_import",
            "spanweave.lint.direct_sdk",
            "spanweave.lint.span_name_cardinality",
            "spanweave.basePackages",
            "spanweave.basePackages.allow",
            "spanweave.basePackages.allowMore",
            "spanweave.sdkAdapterPackages",
            "spanweave.lint.timing");
  }

  @Test
  void suppressWarningsOnAnyEnclosingDeclarationSilencesTheRule() {
    Source worker =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.opentelemetry.sdk.Sdk;",
            "import io.spanweave.annotations.TraceAttribute;",
            "import io.spanweave.api.Trace;",
            "@SuppressWarnings(\"spanweave:direct-sdk\")",
            "class Worker {",
            "  @SuppressWarnings(\"spanweave:attribute-payload\")",
            "  void onMethod(String text) { Trace.setAttribute(\"prompt\", text); }",
            "  void onParameter(@SuppressWarnings(\"spanweave:attribute-payload\") @TraceAttribute String prompt) {}",
            "  void onLocal(String text) {",
            "    @SuppressWarnings(\"spanweave:attribute-secret\") Runnable r = () -> Trace.setAttribute(\"api_key\", text);",
            "  }",
            "  @SuppressWarnings(\"spanweave\")",
            "  class Everything { void f(String t) { Trace.setAttribute(\"password\", t + \"\"); } }",
            "  @SuppressWarnings(\"spanweave:attribute-secret\")",
            "  void otherRuleStillReports(String text) { Trace.setAttribute(\"response\", text); }",
            "  Sdk sdk;",
            "}");
    Source sdk =
        source("io.opentelemetry.sdk.Sdk", "package io.opentelemetry.sdk;", "public class Sdk {}");
    Compilation compilation = lint(worker.file, sdk.file);
    assertThat(compilation)
        .hadErrorContaining("[spanweave:attribute-payload] attribute 'response'")
        .inFile(worker.file)
        .onLine(worker.line("otherRuleStillReports"));
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void generatedDelegatesTakeTheSuppressionsOfTheMethodsTheyOverride() {
    Source api =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "interface Worker {",
            "  @SuppressWarnings(\"spanweave:attribute-payload\")",
            "  String generate(String prompt);",
            "}");
    Source generated =
        source(
            "com.acme.TracedWorker",
            "package com.acme;",
            "import io.spanweave.api.StageSpan;",
            "@javax.annotation.processing.Generated(\"io.spanweave.processor.TracedProcessor\")",
            "final class TracedWorker implements Worker {",
            "  StageSpan span;",
            "  @Override public String generate(String prompt) {",
            "    span.attribute(\"prompt\", prompt);",
            "    return prompt;",
            "  }",
            "}");
    assertThat(lint(api.file, generated.file)).succeededWithoutWarnings();
  }

  @Test
  void generatedDelegatesDoNotRepeatFindingsOfTraceAttributeKeys() {
    Source api =
        source(
            "com.acme.Worker",
            "package com.acme;",
            "import io.spanweave.annotations.TraceAttribute;",
            "interface Worker {",
            "  String generate(@TraceAttribute(\"llm.prompt\") String prompt);",
            "}");
    Source generated =
        source(
            "com.acme.TracedWorker",
            "package com.acme;",
            "import io.spanweave.api.StageSpan;",
            "@javax.annotation.processing.Generated(\"io.spanweave.processor.TracedProcessor\")",
            "final class TracedWorker implements Worker {",
            "  StageSpan span;",
            "  @Override public String generate(String prompt) {",
            "    span.attribute(\"llm.prompt\", prompt);",
            "    span.attribute(\"llm.completion\", prompt);",
            "    return prompt;",
            "  }",
            "}");
    Compilation compilation = lint(api.file, generated.file);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:attribute-payload] attribute 'llm.prompt' in @TraceAttribute")
        .inFile(api.file)
        .onLine(4);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:attribute-payload] attribute 'llm.completion' in StageSpan.attribute")
        .inFile(generated.file)
        .onLine(8);
    assertThat(compilation).hadErrorCount(2);
  }
}
