package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/samples}: one page of a step's samples, and the stage columns in the order they run.
 */
public record SamplesAnswer(
    Object step, int total, int offset, int limit, List<String> stages, List<SampleRow> samples) {}
