package com.acme.scoring;

public record Completion(String text, int numTokens) {
}
