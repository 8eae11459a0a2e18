package io.spanweave.testing.internal;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.AttributesBuilder;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.OpenTelemetrySdk;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanLimits;
import io.opentelemetry.sdk.trace.samplers.Sampler;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.util.HashMap;
import java.util.Map;
import java.util.Objects;
import java.util.Set;

/**
 * The one in-memory tracing the process shares while any recorder is open. spanweave's tracing is
 * process-global ({@code Tracing.configure} replaces the current runtime), so recorders of tests
 * running in parallel cannot each configure their own: the first one configures an OpenTelemetry
 * SDK with only the {@link AttributingSpanProcessor} (no exporter, no batch thread, no file, no
 * port) and hands it to {@code Tracing.configure(config, openTelemetry)}; the others join it; the
 * last one to close turns tracing off again.
 *
 * <p>Recorders that ask for different settings (another extension, other limits) cannot share one
 * runtime: such a recorder waits until the recorders of the current settings have closed.
 */
public final class SharedTracing {

  /**
   * The settings that decide what a span records; two recorders share a runtime when they agree.
   */
  private record Settings(
      String serviceName,
      Set<String> extensions,
      int maxAttributeLength,
      int maxArrayLength,
      boolean previewsEnabled,
      int previewMaxBytes,
      Integer rank,
      Integer localRank,
      Map<String, String> resourceAttributes) {

    static Settings of(TraceConfig config) {
      return new Settings(
          config.serviceName(),
          config.extensions(),
          config.limits().maxStringLength(),
          config.limits().maxArrayLength(),
          config.previews().enabled(),
          config.previews().maxBytes(),
          config.rank().isPresent() ? config.rank().getAsInt() : null,
          config.localRank().isPresent() ? config.localRank().getAsInt() : null,
          config.resourceAttributes());
    }
  }

  /** One configured runtime and the recorders that use it. */
  private static final class Session {
    final Settings settings;
    final TraceRuntime runtime;
    final AttributingSpanProcessor processor;
    final SdkTracerProvider tracerProvider;
    final Map<Thread, Integer> holders = new HashMap<>(); // guarded by LOCK
    int leases; // guarded by LOCK

    Session(
        Settings settings,
        TraceRuntime runtime,
        AttributingSpanProcessor processor,
        SdkTracerProvider tracerProvider) {
      this.settings = settings;
      this.runtime = runtime;
      this.processor = processor;
      this.tracerProvider = tracerProvider;
    }

    /** Whether this session still records: nobody closed its runtime or configured another one. */
    boolean isLive() {
      return runtime.isEnabled() && Tracing.current().orElse(null) == runtime;
    }
  }

  private static final Object LOCK = new Object();
  private static Session current; // guarded by LOCK

  private SharedTracing() {}

  /**
   * A lease on in-memory tracing with {@code config}'s settings, configuring it when none is on;
   * waits while recorders of other settings are open.
   *
   * @throws IllegalStateException when this thread holds a lease of other settings itself, which it
   *     would otherwise wait for forever
   */
  public static Lease acquire(TraceConfig config) {
    Objects.requireNonNull(config, "config");
    Settings settings = Settings.of(config);
    Thread thread = Thread.currentThread();
    synchronized (LOCK) {
      while (current != null
          && current.leases > 0
          && current.isLive()
          && !current.settings.equals(settings)) {
        if (current.holders.containsKey(thread)) {
          throw new IllegalStateException(
              "this thread already records spans with other settings ("
                  + current.settings
                  + "); a recorder with "
                  + settings
                  + " would wait for itself. Close the first "
                  + "recorder before starting one with other settings, or give both the same settings");
        }
        try {
          LOCK.wait();
        } catch (InterruptedException e) {
          Thread.currentThread().interrupt();
          throw new IllegalStateException(
              "interrupted while waiting for recorders of other settings to close", e);
        }
      }
      if (current == null || !current.isLive() || current.leases == 0) {
        current = start(config, settings);
      }
      current.leases++;
      current.holders.merge(thread, 1, Integer::sum);
      return new Lease(current, thread);
    }
  }

  private static Session start(TraceConfig config, Settings settings) {
    AttributingSpanProcessor processor = new AttributingSpanProcessor();
    SdkTracerProvider tracerProvider =
        SdkTracerProvider.builder()
            .setResource(resource(config))
            .setSampler(Sampler.alwaysOn())
            // as the runtime's own SDK does: spanweave truncates user values itself; this is a
            // safety net
            .setSpanLimits(
                SpanLimits.builder()
                    .setMaxAttributeValueLength(
                        Math.max(
                            Math.max(
                                config.limits().maxStringLength(), config.previews().maxBytes()),
                            1024))
                    .build())
            .addSpanProcessor(processor)
            .build();
    OpenTelemetrySdk sdk =
        OpenTelemetrySdk.builder()
            .setTracerProvider(tracerProvider)
            .setPropagators(
                ContextPropagators.create(
                    TextMapPropagator.composite(
                        W3CTraceContextPropagator.getInstance(),
                        W3CBaggagePropagator.getInstance())))
            .build();
    TraceRuntime runtime = Tracing.configure(config, sdk);
    return new Session(settings, runtime, processor, tracerProvider);
  }

  /**
   * What the runtime's own SDK puts on every span: the SDK's default resource, the settings, the
   * service, run and process.
   */
  private static Resource resource(TraceConfig config) {
    AttributesBuilder attributes = Attributes.builder();
    config.resourceAttributes().forEach(attributes::put);
    attributes.put(SpanAttributes.SERVICE_NAME, config.serviceName());
    attributes.put(SpanAttributes.RUN_ID, config.runId());
    attributes.put("process.pid", ProcessHandle.current().pid());
    return Resource.getDefault().merge(Resource.create(attributes.build()));
  }

  /** One recorder's use of the shared tracing. */
  public static final class Lease {
    private final Session session;
    private final Thread thread;
    private boolean released; // guarded by LOCK

    private Lease(Session session, Thread thread) {
      this.session = session;
      this.thread = thread;
    }

    public TraceRuntime runtime() {
      return session.runtime;
    }

    /**
     * A new bucket that spans started under {@code context} (see {@link #contextFor}) are filed in.
     */
    public SpanBucket newBucket() {
      return new SpanBucket();
    }

    /** {@code context} with {@code bucket} as its recorder. */
    public io.opentelemetry.context.Context contextFor(
        io.opentelemetry.context.Context context, SpanBucket bucket) {
      return context.with(AttributingSpanProcessor.RECORDER, bucket);
    }

    /**
     * Whether spans still reach this lease's recorders: nobody else closed or replaced the runtime.
     */
    public boolean isLive() {
      synchronized (LOCK) {
        return session.isLive();
      }
    }

    /** Spans that started, while this lease's runtime ran, in no recorder's context. */
    public long unattributedSpans() {
      return session.processor.unattributed();
    }

    /**
     * Stops filing new spans in {@code bucket} and releases the lease; the last one turns tracing
     * off.
     */
    public void release(SpanBucket bucket) {
      bucket.close();
      session.processor.forget(bucket);
      synchronized (LOCK) {
        if (released) {
          return;
        }
        released = true;
        session.holders.computeIfPresent(thread, (t, n) -> n == 1 ? null : n - 1);
        session.leases--;
        if (session.leases == 0) {
          session.runtime.close(); // turns tracing off if it is still this session's
          session.tracerProvider
              .close(); // the application's SDK is ours here: nothing runs in it, but close it
          if (current == session) {
            current = null;
          }
          LOCK.notifyAll();
        }
      }
    }
  }
}
