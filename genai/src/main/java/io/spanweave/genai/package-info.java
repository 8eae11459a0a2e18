/**
 * The GenAI client span: {@link io.spanweave.genai.GenAiCall} records one call to a model (or one
 * tool execution) as OpenTelemetry's GenAI span, under the stage span current when the call
 * started, whatever thread the library ends it on. Every LLM-library integration of spanweave
 * records through it. It has no parameter that could carry a prompt, a message, a completion or a
 * tool argument. While tracing is off every call is a shared no-op.
 */
package io.spanweave.genai;
