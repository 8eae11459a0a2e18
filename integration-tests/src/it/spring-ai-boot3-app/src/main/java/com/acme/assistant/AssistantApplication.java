package com.acme.assistant;

import io.spanweave.genai.testing.OpenAiCompatibleServer;
import io.spanweave.genai.testing.OpenAiCompatibleServer.Reply;
import org.springframework.boot.SpringApplication;
import org.springframework.boot.autoconfigure.SpringBootApplication;
import org.springframework.context.ConfigurableApplicationContext;

/** Asks the model twice (plain, streamed) with a secret in the prompt; prints only what verify.groovy checks. */
@SpringBootApplication
public class AssistantApplication {

  static final String PROMPT_SECRET = "sk-proj-Bq7nM2vC9xZ4lK8jH3gF6dS1aP0oI5uY";
  static final String ANSWER = "an-answer-only-the-model-gives-2718";

  public static void main(String[] args) throws Exception {
    try (OpenAiCompatibleServer server = OpenAiCompatibleServer.start()) {
      server.enqueue(Reply.completion(ANSWER).model("gpt-4o-mini-2024-07-18").usage(14, 5),
          Reply.completion(ANSWER).usage(16, 6));
      // Spring AI 1.1 appends /v1/chat/completions to its base URL
      String baseUrl = server.baseUrl().substring(0, server.baseUrl().length() - "/v1".length());
      try (ConfigurableApplicationContext context = SpringApplication.run(AssistantApplication.class,
          "--spring.ai.openai.base-url=" + baseUrl)) {
        Assistant assistant = context.getBean(Assistant.class);
        System.out.println("plain answer received: " + ANSWER.equals(assistant.answer("s-1", "My key is " + PROMPT_SECRET)));
        System.out.println("streamed answer received: "
            + ANSWER.equals(assistant.answerStreamed("s-2", "My key is " + PROMPT_SECRET)));
      }
      System.out.println("requests with the secret: "
          + server.requestBodies().stream().filter(body -> body.contains(PROMPT_SECRET)).count());
    }
  }
}
