package io.spanweave.viewer.index;

/**
 * One key/value pair as OTLP carries it. The value is a {@link String}, {@link Long}, {@link
 * Double}, {@link Boolean}, a {@code List} of those, or a {@code Map} (OTLP kvlist).
 */
public record Attribute(String key, Object value) {}
