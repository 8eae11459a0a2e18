package io.spanweave.sample.spring;

/** The judge's reward for one answer. */
public record Verdict(double reward) {}
