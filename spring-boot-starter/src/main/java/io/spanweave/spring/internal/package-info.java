/**
 * Not part of spanweave's API. How the starter finds and installs generated delegates in place of
 * beans, makes a {@code TraceConfig} from Spring properties, and turns Spring AI's chat model
 * observations into GenAI spans.
 */
package io.spanweave.spring.internal;
