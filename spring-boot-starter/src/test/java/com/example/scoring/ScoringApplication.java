package com.example.scoring;

import io.opentelemetry.context.Context;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;
import org.springframework.core.task.TaskDecorator;
import org.springframework.scheduling.annotation.EnableAsync;
import org.springframework.transaction.annotation.EnableTransactionManagement;

/**
 * A small application as a user writes one: traced interfaces and classes, plain beans, Spring's
 * {@code @Async} and {@code @Transactional}.
 */
@SpringBootApplication
@EnableAsync
@EnableTransactionManagement
public class ScoringApplication {

  /**
   * Carries the caller's trace context to Spring's executor (Boot applies a single TaskDecorator
   * bean to it), so that a span started there has the caller's span as its parent.
   */
  @Bean
  TaskDecorator traceContextDecorator() {
    return task -> Context.current().wrap(task);
  }
}
