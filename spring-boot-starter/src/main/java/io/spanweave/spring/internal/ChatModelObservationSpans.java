package io.spanweave.spring.internal;

import io.micrometer.observation.ObservationRegistry;
import org.springframework.beans.factory.config.BeanPostProcessor;

/**
 * Adds the {@link ChatModelObservationHandler} to each {@link ObservationRegistry} bean as it is
 * made. A post-processor rather than an {@code ObservationHandler} bean, because Boot collects
 * handler beans only into the registry it made itself, in a package that differs between Boot 3 and
 * 4: this way an application's own registry gets the handler too, and no registry gets it twice.
 */
public final class ChatModelObservationSpans implements BeanPostProcessor {

  private final ChatModelObservationHandler handler = new ChatModelObservationHandler();

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    // Not isNoop(): a registry without handlers yet says it is one. NOOP itself takes no handler.
    if (bean instanceof ObservationRegistry registry && registry != ObservationRegistry.NOOP) {
      registry.observationConfig().observationHandler(handler);
    }
    return bean;
  }
}
