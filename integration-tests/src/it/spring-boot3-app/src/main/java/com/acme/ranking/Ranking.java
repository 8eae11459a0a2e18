package com.acme.ranking;

public record Ranking(int position) {
}
