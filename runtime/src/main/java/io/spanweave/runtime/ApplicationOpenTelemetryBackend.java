package io.spanweave.runtime;

import io.opentelemetry.api.OpenTelemetry;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.spanweave.api.TracingFaults;
import java.time.Duration;
import java.util.concurrent.TimeUnit;

/**
 * A backend that records through an {@link OpenTelemetry} the application already owns (its own
 * SDK, a Spring bean, the javaagent's): one SDK, one exporter, the application's resource, sampler
 * and propagators. spanweave opens no file and starts no thread or collector of its own, and never
 * shuts the application's SDK down; closing the runtime only flushes it, when it is an SDK.
 */
final class ApplicationOpenTelemetryBackend implements TracingBackend {

  private final OpenTelemetry openTelemetry;

  ApplicationOpenTelemetryBackend(OpenTelemetry openTelemetry) {
    this.openTelemetry = openTelemetry;
  }

  @Override
  public OpenTelemetry openTelemetry() {
    return openTelemetry;
  }

  /** The application's exporters count their own spans; spanweave sees none of them. */
  @Override
  public long exportedSpans() {
    return 0;
  }

  @Override
  public long droppedSpans() {
    return 0;
  }

  @Override
  public boolean flush(Duration timeout) {
    if (!(openTelemetry instanceof OpenTelemetrySdk sdk)) {
      return true; // an API-only OpenTelemetry (the javaagent's bridge, a no-op) has nothing to
      // flush from here
    }
    try {
      CompletableResultCode result = sdk.getSdkTracerProvider().forceFlush();
      return result.join(timeout.toNanos(), TimeUnit.NANOSECONDS).isSuccess();
    } catch (RuntimeException e) {
      TracingFaults.report("flush", "could not flush the application's OpenTelemetry", e);
      return false;
    }
  }

  @Override
  public void close(Duration timeout) {
    flush(timeout); // the SDK is the application's: it shuts it down itself
  }
}
