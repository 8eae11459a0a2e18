package com.acme.ranking;

import org.springframework.boot.CommandLineRunner;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.annotation.Bean;

@SpringBootApplication
public class RankingApplication {

  public static void main(String[] args) {
    SpringApplication.run(RankingApplication.class, args);
  }

  @Bean
  CommandLineRunner rankSamples(Ranker ranker) {
    return args -> System.out.println("sample-0 ranked " + ranker.rank("sample-0", 0.9).position());
  }
}
