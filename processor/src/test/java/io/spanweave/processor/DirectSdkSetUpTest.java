package io.spanweave.processor;

import static com.google.testing.compile.CompilationSubject.assertThat;
import static io.spanweave.processor.Compilations.compile;
import static io.spanweave.processor.Compilations.source;

import com.google.testing.compile.Compilation;
import javax.tools.JavaFileObject;
import org.junit.jupiter.api.Test;

/**
 * direct-sdk against the real OpenTelemetry SDK: an application's own {@code @Configuration} that
 * builds the {@code OpenTelemetrySdk} and registers it compiles; the same file making spans with
 * that SDK beside it does not.
 */
class DirectSdkSetUpTest {

  /** Stand-ins for Spring's annotations, so that the class reads as the one users write. */
  private static final JavaFileObject CONFIGURATION =
      source(
          "org.springframework.context.annotation.Configuration",
          "package org.springframework.context.annotation;",
          "public @interface Configuration {}");

  private static final JavaFileObject BEAN =
      source(
          "org.springframework.context.annotation.Bean",
          "package org.springframework.context.annotation;",
          "public @interface Bean {}");

  private static final String[] SET_UP = {
    "package com.acme.config;",
    "",
    "import static io.opentelemetry.api.common.AttributeKey.stringKey;",
    "",
    "import io.opentelemetry.api.GlobalOpenTelemetry;",
    "import io.opentelemetry.api.OpenTelemetry;",
    "import io.opentelemetry.api.common.Attributes;",
    "import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;",
    "import io.opentelemetry.context.propagation.ContextPropagators;",
    "import io.opentelemetry.sdk.OpenTelemetrySdk;",
    "import io.opentelemetry.sdk.resources.Resource;",
    "import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;",
    "import io.opentelemetry.sdk.trace.SdkTracerProvider;",
    "import io.opentelemetry.sdk.trace.export.BatchSpanProcessor;",
    "import org.springframework.context.annotation.Bean;",
    "import org.springframework.context.annotation.Configuration;",
    "",
    "@Configuration",
    "public class TelemetryConfiguration {",
    "  @Bean",
    "  public OpenTelemetry openTelemetry() {",
    "    SdkTracerProvider tracerProvider = SdkTracerProvider.builder()",
    "        .setResource(Resource.create(Attributes.of(stringKey(\"service.name\"), \"acme-rollout\")))",
    "        .addSpanProcessor(BatchSpanProcessor.builder(InMemorySpanExporter.create()).build())",
    "        .build();",
    "    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()",
    "        .setTracerProvider(tracerProvider)",
    "        .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))",
    "        .build();",
    "    GlobalOpenTelemetry.set(sdk);   // registered: spanweave and every library record through it",
    "    return sdk;",
    "  }",
  };

  @Test
  void anApplicationsOwnSdkConfigurationCompiles() {
    JavaFileObject configuration =
        source("com.acme.config.TelemetryConfiguration", lines(SET_UP, "}"));
    assertThat(compile(CONFIGURATION, BEAN, configuration)).succeededWithoutWarnings();
  }

  @Test
  void makingSpansWithTheSdkBesideItFailsOnce() {
    JavaFileObject configuration =
        source(
            "com.acme.config.TelemetryConfiguration",
            lines(
                SET_UP,
                "  @Bean",
                "  public Runnable warmUp(OpenTelemetrySdk sdk) {",
                "    return () -> sdk.getTracer(\"acme\").spanBuilder(\"warm-up\").startSpan().end();",
                "  }",
                "}"));
    Compilation compilation = compile(CONFIGURATION, BEAN, configuration);
    assertThat(compilation)
        .hadErrorContaining(
            "[spanweave:direct-sdk] package com.acme.config imports the OpenTelemetry"
                + " SDK (io.opentelemetry.sdk.OpenTelemetrySdk) but only the adapter package (io.spanweave.runtime) may make"
                + " spans beside it, and this file does: it gets a tracer from the SDK (sdk.getTracer(\"acme\")) on line 35")
        .inFile(configuration)
        .onLine(10);
    assertThat(compilation)
        .hadErrorContaining(
            "SDK set-up code (building and registering an OpenTelemetrySdk) compiles"
                + " in a file of its own");
    assertThat(compilation).hadErrorCount(1);
  }

  private static String[] lines(String[] head, String... tail) {
    String[] all = new String[head.length + tail.length];
    System.arraycopy(head, 0, all, 0, head.length);
    System.arraycopy(tail, 0, all, head.length, tail.length);
    return all;
  }
}
