/**
 * Spring Boot auto-configuration of spanweave: the {@code spanweave.*} properties, a runtime that
 * records through the application's {@code OpenTelemetry} bean when it has one, beans replaced by
 * their generated {@code Traced} delegates, and, with Spring AI on the class path, a GenAI span for
 * every chat model call.
 */
package io.spanweave.spring;
