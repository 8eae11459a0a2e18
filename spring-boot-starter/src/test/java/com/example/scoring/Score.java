package com.example.scoring;

public record Score(double value) {}
