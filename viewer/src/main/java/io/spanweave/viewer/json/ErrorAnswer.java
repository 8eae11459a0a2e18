package io.spanweave.viewer.json;

/** Any 4xx or 5xx: what was wrong, in words. */
public record ErrorAnswer(String error) {}
