/**
 * LangChain4j's chat model calls and AI services' tool executions as spanweave's GenAI spans:
 * {@link io.spanweave.langchain4j.SpanweaveChatModelListener} for any chat model, blocking or
 * streaming, and {@link io.spanweave.langchain4j.SpanweaveToolListener} for tools. No prompt,
 * message, completion or tool argument is ever recorded.
 */
package io.spanweave.langchain4j;
