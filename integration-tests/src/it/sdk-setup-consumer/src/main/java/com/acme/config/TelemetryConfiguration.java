package com.acme.config;

import static io.opentelemetry.api.common.AttributeKey.stringKey;

import io.opentelemetry.api.GlobalOpenTelemetry;
import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;

/** The application's own SDK set-up, as a Spring @Configuration would hold it: builds and registers the SDK. */
public final class TelemetryConfiguration {

  public OpenTelemetry openTelemetry(SpanProcessor processor) {
    SdkTracerProvider tracerProvider = SdkTracerProvider.builder()
        .setResource(Resource.create(Attributes.of(stringKey("service.name"), "acme-rollout")))
        .addSpanProcessor(processor)
        .build();
    OpenTelemetrySdk sdk = OpenTelemetrySdk.builder()
        .setTracerProvider(tracerProvider)
        .setPropagators(ContextPropagators.create(W3CTraceContextPropagator.getInstance()))
        .build();
    GlobalOpenTelemetry.set(sdk);
    return sdk;
  }
}
