package io.spanweave.langchain4j.internal;

import static org.assertj.core.api.Assertions.assertThat;

import dev.langchain4j.data.message.AiMessage;
import dev.langchain4j.data.message.UserMessage;
import dev.langchain4j.exception.HttpException;
import dev.langchain4j.exception.RateLimitException;
import dev.langchain4j.model.ModelProvider;
import dev.langchain4j.model.chat.request.ChatRequest;
import dev.langchain4j.model.chat.response.ChatResponse;
import dev.langchain4j.model.output.FinishReason;
import dev.langchain4j.model.output.TokenUsage;
import io.spanweave.genai.GenAiRequest;
import io.spanweave.genai.GenAiResponse;
import java.net.http.HttpTimeoutException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What LangChain4j's own types tell the GenAI span, and the names the span gives them. */
class LangChain4jFactsTest {

  @Test
  void providersGetTheGenAiConventionsNames() {
    assertThat(LangChain4jFacts.providerName(ModelProvider.OPEN_AI)).isEqualTo("openai");
    assertThat(LangChain4jFacts.providerName(ModelProvider.AZURE_OPEN_AI))
        .isEqualTo("azure.ai.openai");
    assertThat(LangChain4jFacts.providerName(ModelProvider.ANTHROPIC)).isEqualTo("anthropic");
    assertThat(LangChain4jFacts.providerName(ModelProvider.AMAZON_BEDROCK))
        .isEqualTo("aws.bedrock");
    assertThat(LangChain4jFacts.providerName(ModelProvider.GOOGLE_AI_GEMINI))
        .isEqualTo("gcp.gemini");
    assertThat(LangChain4jFacts.providerName(ModelProvider.GOOGLE_VERTEX_AI_GEMINI))
        .isEqualTo("gcp.vertex_ai");
    assertThat(LangChain4jFacts.providerName(ModelProvider.MISTRAL_AI)).isEqualTo("mistral_ai");
    assertThat(LangChain4jFacts.providerName(ModelProvider.WATSONX)).isEqualTo("ibm.watsonx.ai");
    assertThat(LangChain4jFacts.providerName(ModelProvider.COHERE)).isEqualTo("cohere");
    assertThat(LangChain4jFacts.providerName(ModelProvider.OLLAMA)).isEqualTo("ollama");
    assertThat(LangChain4jFacts.providerName(ModelProvider.OTHER)).isNull();
    assertThat(LangChain4jFacts.providerName(null)).isNull();
  }

  @Test
  void finishReasonsGetOpenAisNames() {
    assertThat(LangChain4jFacts.finishReason(FinishReason.STOP)).isEqualTo("stop");
    assertThat(LangChain4jFacts.finishReason(FinishReason.LENGTH)).isEqualTo("length");
    assertThat(LangChain4jFacts.finishReason(FinishReason.TOOL_EXECUTION)).isEqualTo("tool_calls");
    assertThat(LangChain4jFacts.finishReason(FinishReason.CONTENT_FILTER))
        .isEqualTo("content_filter");
  }

  @Test
  void theRequestGivesModelAndSamplingSettingsButNoMessage() {
    ChatRequest chat =
        ChatRequest.builder()
            .messages(UserMessage.from("the prompt"))
            .modelName("m")
            .temperature(0.7)
            .topP(0.5)
            .maxOutputTokens(64)
            .build();

    GenAiRequest request = LangChain4jFacts.request(chat, ModelProvider.OPEN_AI);

    assertThat(request)
        .isEqualTo(GenAiRequest.chat("openai", "m").temperature(0.7).topP(0.5).maxTokens(64L));
  }

  @Test
  void theResponseGivesIdModelFinishReasonAndTokens() {
    ChatResponse chat =
        ChatResponse.builder()
            .aiMessage(AiMessage.from("the answer"))
            .id("chatcmpl-9")
            .modelName("m-1")
            .finishReason(FinishReason.LENGTH)
            .tokenUsage(new TokenUsage(5, 7))
            .build();

    GenAiResponse response = LangChain4jFacts.response(chat);

    assertThat(response.id()).isEqualTo("chatcmpl-9");
    assertThat(response.model()).isEqualTo("m-1");
    assertThat(response.finishReasons()).isEqualTo(List.of("length"));
    assertThat(response.inputTokens()).isEqualTo(5L);
    assertThat(response.outputTokens()).isEqualTo(7L);
    assertThat(response.toString()).doesNotContain("the answer");
  }

  @Test
  void errorTypesAreTheStatusTimeoutOrTheClassNeverTheMessage() {
    assertThat(
            LangChain4jFacts.errorType(
                new RateLimitException(new HttpException(429, "quota for 'the prompt'"))))
        .isEqualTo("429");
    assertThat(
            LangChain4jFacts.errorType(
                new RuntimeException(new HttpTimeoutException("request timed out"))))
        .isEqualTo("timeout");
    assertThat(LangChain4jFacts.errorType(new IllegalStateException("the prompt")))
        .isEqualTo("java.lang.IllegalStateException");
    assertThat(LangChain4jFacts.errorType(null)).isNull();
  }
}
