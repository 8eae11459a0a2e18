package io.spanweave.spring;

import io.micrometer.observation.ObservationRegistry;
import io.spanweave.genai.GenAiCall;
import io.spanweave.spring.internal.ChatModelObservationSpans;
import org.springframework.ai.chat.observation.ChatModelObservationContext;
import org.springframework.boot.autoconfigure.AutoConfiguration;
import org.springframework.boot.autoconfigure.condition.ConditionalOnClass;
import org.springframework.boot.autoconfigure.condition.ConditionalOnMissingBean;
import org.springframework.boot.autoconfigure.condition.ConditionalOnProperty;
import org.springframework.context.annotation.Bean;

/**
 * Spring AI's chat model calls as spanweave's GenAI client spans, with no configuration: every
 * {@code ChatModel} call that Spring AI observes ({@code gen_ai.client.operation}) becomes a {@code
 * chat <model>} span under the span current where the call is made, with the model, the options'
 * temperature, token limit and top-p, and the response's id, model, finish reasons and token
 * counts; never a prompt or completion, whatever {@code spring.ai.chat.observations.log-prompt} and
 * {@code log-completion} say.
 *
 * <p>Spring AI observes through the context's {@link ObservationRegistry} and through none when the
 * context has none (an application without Actuator or Boot's Micrometer observation module). So
 * this configuration adds spanweave's handler to every {@code ObservationRegistry} bean, and makes
 * a plain one when the application has none: after Boot's own, so that Boot's (with the
 * application's other handlers) wins whenever it is there.
 */
@AutoConfiguration(
    afterName = {
      // Spring Boot 4: the observation module's; Spring Boot 3: Actuator's.
      "org.springframework.boot.micrometer.observation.autoconfigure.ObservationAutoConfiguration",
      "org.springframework.boot.actuate.autoconfigure.observation.ObservationAutoConfiguration"
    })
@ConditionalOnClass({ChatModelObservationContext.class, ObservationRegistry.class, GenAiCall.class})
@ConditionalOnProperty(
    prefix = "spanweave",
    name = "spring-ai",
    havingValue = "true",
    matchIfMissing = true)
public class SpanweaveSpringAiAutoConfiguration {

  /** Static, so that Spring can make it before the registries it must see. */
  @Bean
  public static ChatModelObservationSpans spanweaveChatModelObservationSpans() {
    return new ChatModelObservationSpans();
  }

  /** A registry for Spring AI to observe through when the application has none of its own. */
  @Bean
  @ConditionalOnMissingBean
  public ObservationRegistry spanweaveObservationRegistry() {
    return ObservationRegistry.create();
  }
}
