/** How LangChain4j's requests and responses become GenAI facts. Not part of spanweave's API. */
package io.spanweave.langchain4j.internal;
