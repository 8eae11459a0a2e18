package io.spanweave.lint;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.lint.LintTesting.lint;
import static io.spanweave.lint.LintTesting.lintWith;
import static io.spanweave.lint.LintTesting.source;

import com.google.testing.compile.Compilation;
import com.google.testing.compile.JavaFileObjects;
import io.spanweave.lint.LintTesting.Source;
import java.util.List;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/** base-package-import and direct-sdk, the two rules about imports. */
class ImportRulesTest {

  private static final String BASE = "[spanweave:base-package-import]";
  private static final String SDK = "[spanweave:direct-sdk]";

  private static final JavaFileObject ROLLOUT_STATE =
      JavaFileObjects.forSourceLines(
          "com.acme.rollout.RolloutState",
          "package com.acme.rollout;",
          "public class RolloutState {}");
  private static final JavaFileObject OTEL_SPAN =
      JavaFileObjects.forSourceLines(
          "io.opentelemetry.api.trace.Span",
          "package io.opentelemetry.api.trace;",
          "public interface Span {}");
  private static final JavaFileObject SDK_PROVIDER =
      JavaFileObjects.forSourceLines(
          "io.opentelemetry.sdk.trace.SdkTracerProvider",
          "package io.opentelemetry.sdk.trace;",
          "public class SdkTracerProvider {}");

  @Test
  void runtimePackageImportingBusinessTypeFails() {
    Source exporter =
        source(
            "io.spanweave.runtime.RolloutExporter",
            "package io.spanweave.runtime;",
            "import com.acme.rollout.RolloutState;",
            "import io.opentelemetry.api.trace.Span;",
            "import java.util.List;",
            "class RolloutExporter {",
            "  List<RolloutState> states;",
            "  Span span;",
            "}");
    Compilation compilation = lint(exporter.file, ROLLOUT_STATE, OTEL_SPAN);
    assertThat(compilation)
        .hadErrorContaining(
            BASE
                + " base package io.spanweave.runtime imports"
                + " com.acme.rollout.RolloutState, which is not tracing infrastructure")
        .inFile(exporter.file)
        .onLine(exporter.line("import com.acme"));
    assertThat(compilation).hadErrorContaining("Move the code that needs it to a preset module");
    assertThat(compilation)
        .hadErrorContaining("-Aspanweave.basePackages.allowMore=com.acme.rollout");
    assertThat(compilation).hadErrorCount(1);
  }

  @Test
  void runtimePackageImportingJdkOtelAndAnnotationsPasses() {
    Source adapter =
        source(
            "io.spanweave.runtime.internal.export.Adapter",
            "package io.spanweave.runtime.internal.export;",
            "import io.opentelemetry.api.trace.Span;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "import io.spanweave.annotations.Kind;",
            "import io.spanweave.api.Trace;",
            "import java.util.Map;",
            "import com.sun.net.httpserver.HttpServer;", // the JDK's jdk.httpserver module
            "import static java.util.Objects.requireNonNull;",
            "class Adapter {",
            "  HttpServer server;",
            "  Span span; SdkTracerProvider provider; Kind kind; Map<String, String> map;",
            "}");
    assertThat(lint(adapter.file, OTEL_SPAN, SDK_PROVIDER)).succeededWithoutWarnings();
  }

  @Test
  void basePackagesFromOptionsAndMarkersAndTheAllowList() {
    Source optionBase =
        source(
            "com.acme.trace.Tracing",
            "package com.acme.trace;",
            "import com.acme.rollout.RolloutState;",
            "class Tracing { RolloutState state; }");
    Source markedInfo =
        source(
            "com.acme.infra.package-info",
            "@io.spanweave.lint.BasePackage",
            "package com.acme.infra;");
    Source marked =
        source(
            "com.acme.infra.sub.Tool",
            "package com.acme.infra.sub;",
            "import com.acme.rollout.RolloutState;",
            "class Tool { RolloutState state; }");
    Compilation compilation =
        lintWith(
            List.of("-Aspanweave.basePackages=com.acme.trace"),
            optionBase.file,
            markedInfo.file,
            marked.file,
            ROLLOUT_STATE);
    assertThat(compilation)
        .hadErrorContaining(
            BASE + " base package com.acme.trace imports com.acme.rollout.RolloutState")
        .inFile(optionBase.file)
        .onLine(2);
    assertThat(compilation)
        .hadErrorContaining(
            BASE + " base package com.acme.infra.sub imports com.acme.rollout.RolloutState")
        .inFile(marked.file)
        .onLine(2);

    Compilation allowed =
        lintWith(
            List.of(
                "-Aspanweave.basePackages=com.acme.trace",
                "-Aspanweave.basePackages.allowMore=com.acme.rollout"),
            optionBase.file,
            markedInfo.file,
            marked.file,
            ROLLOUT_STATE);
    assertThat(allowed).succeededWithoutWarnings();
  }

  @Test
  void sdkImportOutsideTheAdapterFails() {
    Source app =
        source(
            "com.acme.App",
            "package com.acme;",
            "import io.opentelemetry.api.trace.Span;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "class App { SdkTracerProvider provider; Span span; }");
    Compilation compilation = lint(app.file, OTEL_SPAN, SDK_PROVIDER);
    assertThat(compilation)
        .hadErrorContaining(
            SDK
                + " package com.acme imports the OpenTelemetry SDK"
                + " (io.opentelemetry.sdk.trace.SdkTracerProvider) but only the adapter package (io.spanweave.runtime) may")
        .inFile(app.file)
        .onLine(app.line("io.opentelemetry.sdk"));
    assertThat(compilation).hadErrorContaining("Use the OpenTelemetry API (io.opentelemetry.api)");
    assertThat(compilation).hadErrorCount(1);

    Source runtime =
        source(
            "io.spanweave.api.Config",
            "package io.spanweave.api;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "class Config { SdkTracerProvider provider; }");
    assertThat(lint(runtime.file, SDK_PROVIDER))
        .hadErrorContaining(SDK + " package io.spanweave.api imports")
        .inFile(runtime.file)
        .onLine(2);
  }

  @Test
  void sdkSetUpCompilesAndSpansMadeBesideItAreNamed() {
    JavaFileObject sdk =
        JavaFileObjects.forSourceLines(
            "io.opentelemetry.sdk.OpenTelemetrySdk",
            "package io.opentelemetry.sdk;",
            "public class OpenTelemetrySdk {",
            "  public static OpenTelemetrySdk create() { return new OpenTelemetrySdk(); }",
            "  public Object getTracer(String name) { return null; }",
            "}");
    Source setUp =
        source(
            "com.acme.TelemetrySetUp",
            "package com.acme;",
            "import io.opentelemetry.sdk.OpenTelemetrySdk;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "class TelemetrySetUp {",
            "  OpenTelemetrySdk build() { return OpenTelemetrySdk.create(); }",
            "  SdkTracerProvider provider;",
            "}");
    assertThat(lint(setUp.file, sdk, SDK_PROVIDER)).succeededWithoutWarnings();

    Source beside =
        source(
            "com.acme.Telemetry",
            "package com.acme;",
            "import io.opentelemetry.api.trace.Span;",
            "import io.opentelemetry.sdk.OpenTelemetrySdk;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "class Telemetry { OpenTelemetrySdk sdk; SdkTracerProvider provider; Span span; }");
    Compilation compilation = lint(beside.file, sdk, SDK_PROVIDER, OTEL_SPAN);
    assertThat(compilation)
        .hadErrorContaining(
            SDK
                + " package com.acme imports the OpenTelemetry SDK"
                + " (io.opentelemetry.sdk.OpenTelemetrySdk) but only the adapter package (io.spanweave.runtime) may make"
                + " spans beside it, and this file does: it imports io.opentelemetry.api.trace.Span.")
        .inFile(beside.file)
        .onLine(3);
    assertThat(compilation).hadErrorCount(1); // once per file, not per SDK import

    Source tracerFromSdk =
        source(
            "com.acme.Warmup",
            "package com.acme;",
            "import io.opentelemetry.sdk.OpenTelemetrySdk;",
            "class Warmup {",
            "  Object tracer(OpenTelemetrySdk sdk) {",
            "    return sdk.getTracer(\"acme\");",
            "  }",
            "}");
    assertThat(lint(tracerFromSdk.file, sdk))
        .hadErrorContaining("it gets a tracer from the SDK (sdk.getTracer(\"acme\")) on line 5")
        .inFile(tracerFromSdk.file)
        .onLine(2);
  }

  @Test
  void sdkAdapterPackagesOptionMovesTheAdapter() {
    Source app =
        source(
            "com.acme.telemetry.Setup",
            "package com.acme.telemetry;",
            "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
            "class Setup { SdkTracerProvider provider; }");
    assertThat(
            lintWith(
                List.of("-Aspanweave.sdkAdapterPackages=com.acme.telemetry"),
                app.file,
                SDK_PROVIDER))
        .succeededWithoutWarnings();
  }
}
