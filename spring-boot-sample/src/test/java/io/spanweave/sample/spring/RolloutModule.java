package io.spanweave.sample.spring;

import com.google.inject.AbstractModule;
import com.google.inject.Provides;
import com.google.inject.Singleton;

/**
 * The sample's beans bound in Guice, as docs/spring-boot.md shows: one call where each is made:
 * {@code wrap} for a traced interface, {@code new} of the delegate for a traced class.
 */
public class RolloutModule extends AbstractModule {

  @Provides
  @Singleton
  Generator generator(EchoGenerator generator) {
    return TracedGenerator.wrap(generator);
  }

  @Provides
  @Singleton
  LengthJudge judge() {
    return new TracedLengthJudge();
  }

  @Provides
  @Singleton
  AgentLoop agentLoop(Generator generator, LengthJudge judge) {
    return new TracedAgentLoop(generator, judge);
  }
}
