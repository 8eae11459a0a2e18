package com.acme.ranking;

import io.opentelemetry.exporter.logging.LoggingSpanExporter;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;

/** The application's own OpenTelemetry: spanweave records through it and starts none of its own. */
@Configuration(proxyBeanMethods = false)
@SuppressWarnings("spanweave:direct-sdk") // the one place that sets up the SDK
public class TelemetryConfiguration {

  @Bean
  OpenTelemetrySdk openTelemetry() {
    return OpenTelemetrySdk.builder()
        .setTracerProvider(SdkTracerProvider.builder()
            .addSpanProcessor(SimpleSpanProcessor.create(LoggingSpanExporter.create()))
            .build())
        .build();
  }
}
