package io.spanweave.spring;

import io.opentelemetry.api.OpenTelemetry;
import io.spanweave.runtime.TraceConfig;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import io.spanweave.spring.internal.TracedClassBeanDefinitions;
import io.spanweave.spring.internal.TracedDelegatePostProcessor;
import org.springframework.beans.factory.ObjectProvider;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.boot.context.properties.EnableConfigurationProperties;
import org.springframework.context.annotation.Bean;
import org.springframework.core.env.Environment;

/**
 * spanweave in a Spring Boot application: beans whose interface or class has a generated {@code
 * Traced…} delegate are replaced by it, and tracing runs for as long as the application context
 * does, through the application's {@link OpenTelemetry} bean when it has one and through
 * spanweave's own runtime (the run's {@code traces.jsonl}) otherwise.
 */
@AutoConfiguration
@ConditionalOnClass(Tracing.class)
@EnableConfigurationProperties(SpanweaveProperties.class)
public class SpanweaveAutoConfiguration {

  /**
   * Static, so that Spring can make it before any other bean without making this configuration
   * early.
   */
  @Bean
  @ConditionalOnProperty(
      prefix = "spanweave",
      name = "wrap-beans",
      havingValue = "true",
      matchIfMissing = true)
  public static TracedDelegatePostProcessor spanweaveTracedDelegatePostProcessor() {
    return new TracedDelegatePostProcessor();
  }

  /**
   * Beans of a traced class are made as its generated delegate; static, as Spring wants for these.
   */
  @Bean
  @ConditionalOnProperty(
      prefix = "spanweave",
      name = "wrap-beans",
      havingValue = "true",
      matchIfMissing = true)
  public static TracedClassBeanDefinitions spanweaveTracedClassBeanDefinitions() {
    return new TracedClassBeanDefinitions();
  }

  /**
   * The run, started when the context makes its singletons and closed (every ended span written)
   * when the context closes. Before it closes, beans that depend on it are destroyed first, and the
   * application's {@code OpenTelemetry}, which it depends on, after it: the last spans are flushed
   * through that SDK while it is still open.
   */
  @Bean(destroyMethod = "close")
  @ConditionalOnMissingBean
  public TraceRuntime spanweaveTraceRuntime(
      SpanweaveProperties properties,
      Environment environment,
      ObjectProvider<OpenTelemetry> openTelemetry) {
    TraceConfig config;
    try {
      config = SpringTraceConfig.from(properties, environment);
    } catch (IllegalArgumentException e) {
      // The runtime names the builder setting; say where such a setting comes from in a Spring
      // application.
      throw new IllegalArgumentException(
          "Invalid spanweave configuration (spanweave.* properties, OTEL_* and"
              + " SPANWEAVE_* variables): "
              + e.getMessage(),
          e);
    }
    OpenTelemetry application =
        properties.isUseApplicationOpenTelemetry() ? openTelemetry.getIfUnique() : null;
    return application != null ? Tracing.configure(config, application) : Tracing.configure(config);
  }
}
