package com.example.scoring;

import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.scheduling.annotation.EnableAsync;

/** A small application as a user writes one: traced interfaces, plain beans, Spring's @Async. */
@SpringBootApplication
@EnableAsync
public class ScoringApplication {
}
