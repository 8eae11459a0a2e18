package io.spanweave.viewer.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SequenceWriter;
import com.fasterxml.jackson.dataformat.csv.CsvMapper;
import com.fasterxml.jackson.dataformat.csv.CsvSchema;
import io.spanweave.viewer.json.SampleRow;
import io.spanweave.viewer.query.SampleExport;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The samples table as a file to take to a notebook: CSV with one column per stage, or JSON lines
 * with one sample per line (the fields of {@code /api/samples}).
 */
final class SamplesDownload {
  /** The fixed CSV columns, before one {@code stage_ms.<stage>} column per stage. */
  static final List<String> CSV_COLUMNS =
      List.of(
          "run",
          "step",
          "sample",
          "status",
          "sample_status",
          "group",
          "task",
          "reward",
          "reward_pass",
          "filtered",
          "filter_decision",
          "filter_reason",
          "drop_reason",
          "train_included",
          "oversample_source",
          "error_type",
          "trace_id",
          "start_unix_nano",
          "duration_ms");

  static final String STAGE_COLUMN_PREFIX = "stage_ms.";

  private static final CsvMapper CSV = new CsvMapper();

  /** A file answer: its media type, the name a browser saves it under, and its bytes. */
  record File(String contentType, String fileName, byte[] body) {}

  private SamplesDownload() {}

  static File csv(SampleExport export, String baseName) {
    CsvSchema.Builder schema = CsvSchema.builder();
    CSV_COLUMNS.forEach(schema::addColumn);
    export.stages().forEach(stage -> schema.addColumn(STAGE_COLUMN_PREFIX + stage));
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try (SequenceWriter writer = CSV.writer(schema.build().withHeader()).writeValues(out)) {
      for (SampleRow s : export.samples()) {
        List<Object> row = new ArrayList<>(CSV_COLUMNS.size() + export.stages().size());
        row.add(s.runId());
        row.add(s.step());
        row.add(s.id());
        row.add(s.status());
        row.add(s.rolloutStatus());
        row.add(s.group());
        row.add(s.task());
        row.add(s.reward());
        row.add(s.rewardPass());
        row.add(s.filtered());
        row.add(s.filterDecision());
        row.add(s.filterReason());
        row.add(s.dropReason());
        row.add(s.trainIncluded());
        row.add(s.oversampleSource());
        row.add(s.errorType());
        row.add(s.traceId());
        row.add(s.startUnixNano());
        row.add(s.durationMs());
        for (String stage : export.stages()) {
          row.add(s.stageMs().get(stage));
        }
        writer.write(row);
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new File("text/csv; charset=utf-8", baseName + ".csv", out.toByteArray());
  }

  static File jsonLines(SampleExport export, String baseName, ObjectMapper json) {
    ByteArrayOutputStream out = new ByteArrayOutputStream();
    try {
      for (SampleRow s : export.samples()) {
        out.write(json.writeValueAsBytes(s));
        out.write('\n');
      }
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
    return new File("application/x-ndjson; charset=utf-8", baseName + ".jsonl", out.toByteArray());
  }

  /** {@code samples-<run>-step-<step>}, with only characters every file system takes. */
  static String baseName(String run, Object step) {
    String name =
        "samples-" + (run == null ? "all-runs" : run) + "-step-" + (step == null ? "none" : step);
    return name.replaceAll("[^A-Za-z0-9._-]", "_");
  }
}
