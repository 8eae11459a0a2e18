package io.spanweave.viewer.query;

import io.spanweave.viewer.json.SampleRow;
import java.util.List;

/**
 * Every sample of a samples-table view, in its order, with the stage columns in the order the
 * stages run.
 *
 * @param step the step shown, as in {@link io.spanweave.viewer.json.SamplesAnswer#step()}
 */
public record SampleExport(Object step, List<String> stages, List<SampleRow> samples) {}
