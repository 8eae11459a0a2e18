package com.acme.scoring;

import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

/**
 * A command-line application: scores three samples and returns. It never closes anything itself;
 * the JVM exits when the work is done, and the context's shutdown writes every span.
 */
@SpringBootApplication
public class ScoringApplication {

  public static void main(String[] args) {
    SpringApplication.run(ScoringApplication.class, args);
  }

  @Bean
  CommandLineRunner scoreSamples(Generator generator, Judge judge, Reviewer reviewer) {
    return args -> {
      for (int i = 0; i < 3; i++) {
        String sampleId = "sample-" + i;
        Completion completion = generator.generate(sampleId, "write a haiku number " + i);
        Verdict verdict = judge.judge(sampleId, completion);
        Verdict review = reviewer.review(sampleId, completion).block();
        System.out.println(sampleId + " scored " + verdict.score() + ", reviewed " + review.score());
      }
    };
  }
}
