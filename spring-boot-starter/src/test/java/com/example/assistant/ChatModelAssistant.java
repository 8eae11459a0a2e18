package com.example.assistant;

import java.util.Objects;
import java.util.stream.Collectors;
import org.springframework.ai.chat.model.ChatModel;
import org.springframework.ai.chat.model.ChatResponse;
import org.springframework.ai.chat.prompt.Prompt;
import org.springframework.stereotype.Service;

/** Asks Spring AI's chat model, with no tracing code. */
@Service
class ChatModelAssistant implements Assistant {

  private final ChatModel chatModel;

  ChatModelAssistant(ChatModel chatModel) {
    this.chatModel = chatModel;
  }

  @Override
  public String answer(String sampleId, String question) {
    return chatModel.call(new Prompt(question)).getResult().getOutput().getText();
  }

  @Override
  public String answerStreamed(String sampleId, String question) {
    return Objects.requireNonNull(chatModel.stream(new Prompt(question)).collectList().block())
        .stream()
        .map(ChatModelAssistant::text)
        .collect(Collectors.joining());
  }

  private static String text(ChatResponse response) {
    return response.getResult() == null || response.getResult().getOutput().getText() == null
        ? ""
        : response.getResult().getOutput().getText();
  }
}
