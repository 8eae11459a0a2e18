package com.example.assistant;

import org.springframework.boot.autoconfigure.SpringBootApplication;

/**
 * A Spring AI application: its chat model is Spring AI's OpenAI one, configured by properties only.
 */
@SpringBootApplication
public class AssistantApplication {}
