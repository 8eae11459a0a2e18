package io.spanweave.spring;

import io.spanweave.runtime.AttributeLimits;
import io.spanweave.runtime.PreviewSettings;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceEnvironment;
import io.spanweave.runtime.ViewerSettings;
import java.util.Objects;
import org.springframework.core.env.Environment;

/**
 * Makes the {@link TraceConfig} of a Spring application from its {@code spanweave.*} properties:
 * they are what a {@link TraceConfig.Builder} is in code. As outside Spring, {@code
 * Tracing.configure} then applies this process's {@code OTEL_*} and {@code SPANWEAVE_*} environment
 * variables and {@code -Dotel.*}/{@code -Dspanweave.*} system properties on top (see {@link
 * TraceEnvironment}), and {@code OTEL_SDK_DISABLED=true} turns tracing off.
 */
final class SpringTraceConfig {

  /**
   * Spring's own name for the application, the service name when {@code spanweave.service-name} is
   * not set.
   */
  static final String SPRING_APPLICATION_NAME = "spring.application.name";

  private SpringTraceConfig() {}

  /**
   * The configuration {@code properties} describe, with {@code spring.application.name} from {@code
   * environment} as the service name when none is set.
   *
   * @throws IllegalArgumentException naming the setting whose value cannot be used
   */
  static TraceConfig from(SpanweaveProperties properties, Environment environment) {
    TraceConfig.Builder builder = TraceConfig.builder().enabled(properties.isEnabled());
    if (properties.getServiceName() != null) {
      builder.serviceName(properties.getServiceName());
    } else {
      String applicationName = environment.getProperty(SPRING_APPLICATION_NAME);
      if (applicationName != null && !applicationName.isBlank()) {
        builder.serviceName(applicationName);
      }
    }
    if (properties.getOutputDir() != null) {
      builder.outputDir(properties.getOutputDir());
    }
    if (properties.getRunId() != null) {
      builder.runId(properties.getRunId());
    }
    properties.getExtensions().forEach(builder::enableExtension);
    properties.getResourceAttributes().forEach(builder::resourceAttribute);
    builder.limits(
        limits ->
            new AttributeLimits(
                Objects.requireNonNullElse(
                    properties.getMaxAttributeLength(), limits.maxStringLength()),
                Objects.requireNonNullElse(
                    properties.getMaxArrayLength(), limits.maxArrayLength())));
    if (properties.getLiveAttributeKeys() != null) {
      builder.live(live -> live.withAttributeKeys(properties.getLiveAttributeKeys()));
    }
    builder.batch(
        batch ->
            batch
                .withDelay(Objects.requireNonNullElse(properties.getExportDelay(), batch.delay()))
                .withTimeout(
                    Objects.requireNonNullElse(properties.getExportTimeout(), batch.timeout())));
    SpanweaveProperties.Viewer viewer = properties.getViewer();
    builder.viewer(
        settings ->
            new ViewerSettings(
                Objects.requireNonNullElse(viewer.getEnabled(), settings.enabled()),
                Objects.requireNonNullElse(viewer.getHost(), settings.host()),
                Objects.requireNonNullElse(viewer.getPort(), settings.port())));
    SpanweaveProperties.Previews previews = properties.getPreviews();
    builder.previews(
        settings ->
            new PreviewSettings(
                Objects.requireNonNullElse(previews.getEnabled(), settings.enabled()),
                Objects.requireNonNullElse(previews.getMaxBytes(), settings.maxBytes())));
    return builder.build();
  }
}
