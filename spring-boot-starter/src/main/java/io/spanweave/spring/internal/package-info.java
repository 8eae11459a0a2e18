/**
 * Not part of spanweave's API. How the starter finds and installs generated delegates in place of
 * beans, and turns Spring AI's chat model observations into GenAI spans. It names nothing of {@code
 * io.spanweave.spring}, which uses it (the {@code TraceConfig} of the properties is made there).
 */
package io.spanweave.spring.internal;
