package com.acme.judge;

public record Verdict(double reward) {
}
