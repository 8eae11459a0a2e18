package com.acme.scoring;

public record Verdict(double score) {
}
