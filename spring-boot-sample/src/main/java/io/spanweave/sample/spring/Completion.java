package io.spanweave.sample.spring;

/** A generated answer and its length in tokens. */
public record Completion(String text, int numTokens) {}
