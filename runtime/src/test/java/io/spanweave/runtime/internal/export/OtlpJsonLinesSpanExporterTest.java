package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.api.TracingFaults;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OtlpJsonLinesSpanExporterTest {

  @TempDir Path dir;

  private static List<SpanData> someSpans(int count) {
    InMemorySpanExporter memory = InMemorySpanExporter.create();
    SdkTracerProvider provider =
        SdkTracerProvider.builder().addSpanProcessor(SimpleSpanProcessor.create(memory)).build();
    for (int i = 0; i < count; i++) {
      provider.get("test").spanBuilder("s" + i).startSpan().end();
    }
    List<SpanData> spans =
        memory.getFinishedSpanItems(); // before shutdown, which clears the exporter
    provider.shutdown();
    assertThat(spans).hasSize(count);
    return spans;
  }

  @Test
  void eachExportIsOneWholeLine() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    OtlpJsonLinesSpanExporter exporter = new OtlpJsonLinesSpanExporter(JsonLinesFile.open(file));

    assertThat(exporter.export(someSpans(3)).isSuccess()).isTrue();
    assertThat(exporter.export(someSpans(2)).isSuccess()).isTrue();
    exporter.shutdown();

    assertThat(TestRuns.lines(file)).hasSize(2);
    assertThat(TestRuns.spans(TestRuns.readRequests(file))).hasSize(5);
  }

  @Test
  void aWriteFailureIsReportedAndReturnedAsFailureNeverThrown() throws Exception {
    Path file = dir.resolve("traces.jsonl");
    JsonLinesFile closed = JsonLinesFile.open(file);
    closed.close();
    OtlpJsonLinesSpanExporter exporter = new OtlpJsonLinesSpanExporter(closed);
    long faults = TracingFaults.count("export");

    CompletableResultCode result = exporter.export(someSpans(1));

    assertThat(result.isSuccess()).isFalse();
    assertThat(TracingFaults.count("export")).isEqualTo(faults + 1);
  }
}
