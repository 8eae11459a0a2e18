package com.example.scoring;

import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.springframework.boot.test.context.TestConfiguration;
import org.springframework.context.annotation.Bean;

/** The application's own OpenTelemetry, as a service that already has one builds it. */
@SuppressWarnings("spanweave:direct-sdk")
@TestConfiguration(proxyBeanMethods = false)
class InMemoryOpenTelemetryConfiguration {

  @Bean
  InMemorySpanExporter spanExporter() {
    return InMemorySpanExporter.create();
  }

  @Bean
  OpenTelemetrySdk openTelemetry(InMemorySpanExporter spanExporter) {
    return OpenTelemetrySdk.builder()
        .setTracerProvider(
            SdkTracerProvider.builder()
                .addSpanProcessor(SimpleSpanProcessor.create(spanExporter))
                .build())
        .build();
  }
}
