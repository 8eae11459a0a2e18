/**
 * Implementation of spanweave-openai: proxies of the SDK's service interfaces and the mapping of
 * its requests, answers and errors to the GenAI span. Not an API.
 */
package io.spanweave.openai.internal;
