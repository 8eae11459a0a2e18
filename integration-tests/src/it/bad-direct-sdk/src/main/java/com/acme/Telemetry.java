package com.acme;

import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;

public final class Telemetry {
  public Tracer tracer() {
    return SdkTracerProvider.builder().build().get("acme");
  }
}
