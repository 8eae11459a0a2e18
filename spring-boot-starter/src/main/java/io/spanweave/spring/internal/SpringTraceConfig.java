package io.spanweave.spring.internal;

import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceEnvironment;
import io.spanweave.spring.SpanweaveProperties;
import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.springframework.core.env.Environment;

/**
 * Makes the {@link TraceConfig} of a Spring application: the OpenTelemetry and {@code SPANWEAVE_*}
 * variables first, read by the runtime's own {@link TraceEnvironment} exactly as outside Spring,
 * then the {@code spanweave.*} properties that are set on top.
 *
 * <p>The variables are looked up in Spring's {@link Environment} (which holds the process
 * environment), so that they may also be given as system properties, command-line arguments or
 * test properties under the same names.
 */
public final class SpringTraceConfig {

  /** Spring's own name for the application, the service name when nothing more specific is set. */
  static final String SPRING_APPLICATION_NAME = "spring.application.name";

  /** Every variable {@link TraceEnvironment} reads: its public String constants, read once. */
  private static final List<String> VARIABLES = variableNames();

  private SpringTraceConfig() {
  }

  /**
   * The configuration {@code properties} and {@code environment} describe.
   *
   * @throws IllegalArgumentException naming the variable or setting whose value cannot be used
   */
  public static TraceConfig from(SpanweaveProperties properties, Environment environment) {
    Map<String, String> variables = new HashMap<>(System.getenv());
    for (String name : VARIABLES) {
      String value = environment.getProperty(name);
      if (value != null) {
        variables.put(name, value);
      }
    }
    // spanweave.enabled (which SPANWEAVE_ENABLED also sets, by Spring's relaxed binding) decides,
    // and the runtime still lets OTEL_SDK_DISABLED=true turn it off, as OpenTelemetry says.
    variables.put(TraceEnvironment.ENABLED, Boolean.toString(properties.isEnabled()));
    TraceConfig fromVariables = TraceConfig.fromEnvironment(variables);
    TraceConfig.Builder builder = fromVariables.toBuilder();

    if (properties.getServiceName() != null) {
      builder.serviceName(properties.getServiceName());
    } else if (TraceConfig.DEFAULT_SERVICE_NAME.equals(fromVariables.serviceName())) {
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

  /** The names, so that a variable the runtime learns to read is found here without a change. */
  private static List<String> variableNames() {
    List<String> names = new ArrayList<>();
    for (Field field : TraceEnvironment.class.getFields()) {
      int modifiers = field.getModifiers();
      if (Modifier.isStatic(modifiers) && Modifier.isFinal(modifiers) && field.getType() == String.class) {
        try {
          names.add((String) field.get(null));
        } catch (IllegalAccessException e) {
          throw new IllegalStateException("cannot read " + field, e);
        }
      }
    }
    return List.copyOf(names);
  }
}
