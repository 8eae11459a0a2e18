package io.spanweave.runtime;

import io.opentelemetry.api.baggage.propagation.W3CBaggagePropagator;
import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigProperties;
import io.opentelemetry.sdk.autoconfigure.spi.ConfigurablePropagatorProvider;
import io.opentelemetry.sdk.autoconfigure.spi.internal.DefaultConfigProperties;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.Set;

/**
 * The propagators named by {@link PropagationSettings#propagators()}, resolved as OpenTelemetry's
 * autoconfigure module resolves {@code OTEL_PROPAGATORS}: {@code tracecontext} and {@code baggage}
 * are built in, {@code none} propagates nothing, and any other name is looked up among the {@link
 * ConfigurablePropagatorProvider}s on the class path (the same SPI the autoconfigure module and the
 * javaagent use, so {@code b3} works once {@code opentelemetry-extension-trace-propagators} is
 * added). Autoconfigure's own resolver is package-private, hence these few lines.
 */
final class TracePropagators {

  private TracePropagators() {}

  /** Whether {@code name} resolves: built in, or offered by a provider on the class path. */
  static boolean isKnown(String name) {
    return name.equals("tracecontext")
        || name.equals("baggage")
        || name.equals("none")
        || provider(name) != null;
  }

  static ContextPropagators create(TraceConfig config) {
    List<String> names = config.propagation().propagators();
    if (names.contains("none")) {
      return ContextPropagators.noop();
    }
    Set<TextMapPropagator> propagators = new LinkedHashSet<>();
    ConfigProperties empty = DefaultConfigProperties.createFromMap(Map.of());
    for (String name : names) {
      if (name.equals("tracecontext")) {
        propagators.add(W3CTraceContextPropagator.getInstance());
      } else if (name.equals("baggage")) {
        propagators.add(W3CBaggagePropagator.getInstance());
      } else {
        ConfigurablePropagatorProvider provider = provider(name);
        if (provider == null) { // checked when the config was built; the class path changed since
          throw new IllegalStateException(
              "propagator '" + name + "' is no longer on the class path");
        }
        propagators.add(provider.getPropagator(empty));
      }
    }
    return ContextPropagators.create(TextMapPropagator.composite(propagators));
  }

  private static ConfigurablePropagatorProvider provider(String name) {
    for (ConfigurablePropagatorProvider provider :
        ServiceLoader.load(
            ConfigurablePropagatorProvider.class, TracePropagators.class.getClassLoader())) {
      if (provider.getName().equals(name)) {
        return provider;
      }
    }
    return null;
  }
}
