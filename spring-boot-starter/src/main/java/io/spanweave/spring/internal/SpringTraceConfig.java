package io.spanweave.spring.internal;

import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceEnvironment;
import io.spanweave.spring.SpanweaveProperties;
import org.springframework.core.env.Environment;

/**
 * Makes the {@link TraceConfig} of a Spring application from its {@code spanweave.*} properties:
 * they are what a {@link TraceConfig.Builder} is in code. As outside Spring, {@code Tracing.configure}
 * then applies this process's {@code OTEL_*} and {@code SPANWEAVE_*} environment variables and
 * {@code -Dotel.*}/{@code -Dspanweave.*} system properties on top (see {@link TraceEnvironment}), and
 * {@code OTEL_SDK_DISABLED=true} turns tracing off.
 */
public final class SpringTraceConfig {

  /** Spring's own name for the application, the service name when {@code spanweave.service-name} is not set. */
  static final String SPRING_APPLICATION_NAME = "spring.application.name";

  private SpringTraceConfig() {
  }

  /**
   * The configuration {@code properties} describe, with {@code spring.application.name} from
   * {@code environment} as the service name when none is set.
   *
   * @throws IllegalArgumentException naming the setting whose value cannot be used
   */
  public static TraceConfig from(SpanweaveProperties properties, Environment environment) {
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
    if (properties.getMaxAttributeLength() != null) {
      builder.maxAttributeLength(properties.getMaxAttributeLength());
    }
    if (properties.getMaxArrayLength() != null) {
      builder.maxArrayLength(properties.getMaxArrayLength());
    }
    if (properties.getLiveAttributeKeys() != null) {
      builder.liveAttributeKeys(properties.getLiveAttributeKeys());
    }
    if (properties.getExportDelay() != null) {
      builder.exportDelay(properties.getExportDelay());
    }
    if (properties.getExportTimeout() != null) {
      builder.exportTimeout(properties.getExportTimeout());
    }
    SpanweaveProperties.Viewer viewer = properties.getViewer();
    if (viewer.getEnabled() != null) {
      builder.viewerEnabled(viewer.getEnabled());
    }
    if (viewer.getHost() != null) {
      builder.viewerHost(viewer.getHost());
    }
    if (viewer.getPort() != null) {
      builder.viewerPort(viewer.getPort());
    }
    SpanweaveProperties.Previews previews = properties.getPreviews();
    if (previews.getEnabled() != null) {
      builder.previewsEnabled(previews.getEnabled());
    }
    if (previews.getMaxBytes() != null) {
      builder.previewMaxBytes(previews.getMaxBytes());
    }
    return builder.build();
  }
}
