package io.spanweave.sample.spring;

import java.util.List;
import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * Runs three samples through the agent loop and returns. Nothing here knows about tracing: the
 * starter replaces the traced beans by their delegates, and when the runner returns Spring closes
 * the context, which closes the run and writes every span to its traces.jsonl.
 */
@SpringBootApplication
public class RolloutApplication {

  static final List<String> PROMPTS =
      List.of("write a haiku about rain", "say hi", "list three prime numbers please");

  public static void main(String[] args) {
    SpringApplication.run(RolloutApplication.class, args);
  }

  @Bean
  CommandLineRunner rollout(AgentLoop agentLoop) {
    return args -> {
      for (int i = 0; i < PROMPTS.size(); i++) {
        String sampleId = "sample-" + i;
        Verdict verdict = agentLoop.run(sampleId, PROMPTS.get(i));
        System.out.println(sampleId + " reward " + verdict.reward());
      }
    };
  }
}
