/**
 * OpenAI's Java SDK traced: {@link io.spanweave.openai.TracedOpenAI#wrap} records the chat
 * completions of an {@code OpenAIClient} as GenAI client spans, never with their content.
 */
package io.spanweave.openai;
