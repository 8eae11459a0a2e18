package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.testing.exporter.InMemorySpanExporter;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Which spans get {@code live.jsonl} records: those still in flight when the live worker reaches them. */
class LiveSpanProcessorTest {

  @TempDir Path dir;

  @Test
  void aSpanThatEndedBeforeTheWorkerReachedItsStartGetsNoRecordsAndASpanInFlightGetsBoth() throws Exception {
    Path file = dir.resolve("live.jsonl");
    // An hour's delay and big batches: the worker writes only when flushed.
    LiveSpanProcessor live = new LiveSpanProcessor(JsonLinesFile.open(file), "run-1", "svc", List.of("sample.id"),
        new SpanCounters(), 64, 512, TimeUnit.HOURS.toNanos(1), TimeUnit.SECONDS.toNanos(5));
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(live).build();
    Tracer tracer = provider.get("test");

    Span quick = tracer.spanBuilder("quick").startSpan();
    quick.end();
    Span inFlight = tracer.spanBuilder("in-flight").setAttribute("sample.id", "s-1").startSpan();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();

    List<JsonNode> records = TestRuns.readJsonLines(file);
    assertThat(records).extracting(record -> record.path("name").asText() + ":" + record.path("event").asText())
        .containsExactly("in-flight:start");
    assertThat(records.get(0).path("attributes").path("sample.id").asText()).isEqualTo("s-1");

    inFlight.end();
    provider.shutdown().join(5, TimeUnit.SECONDS);

    assertThat(TestRuns.readJsonLines(file))
        .extracting(record -> record.path("name").asText() + ":" + record.path("event").asText())
        .as("the quick span never in the file, the one in flight started and ended")
        .containsExactly("in-flight:start", "in-flight:end");
  }

  @Test
  void theEndOfASkippedStartIsSkippedAndOnlyThat() {
    // With a span processor: OpenTelemetry 1.68's provider without one makes spans that are not ReadableSpan.
    SdkTracerProvider provider = SdkTracerProvider.builder()
        .addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create())).build();
    Tracer tracer = provider.get("test");
    ReadableSpan ended = (ReadableSpan) tracer.spanBuilder("ended").startSpan();
    ((Span) ended).end();
    ReadableSpan running = (ReadableSpan) tracer.spanBuilder("running").startSpan();
    ShortSpanSkipper skipper = new ShortSpanSkipper(16);

    assertThat(skipper.skipStart(running)).isFalse();
    assertThat(skipper.skipStart(ended)).isTrue();
    ((Span) running).end();
    assertThat(skipper.skipEnd(running)).as("its start was written").isFalse();
    assertThat(skipper.skipEnd(ended)).isTrue();
    assertThat(skipper.skipEnd(ended)).as("remembered until its end came by, no longer").isFalse();
    provider.shutdown();
  }

  @Test
  void itRemembersAtMostItsLimitOfSkippedSpans() {
    // With a span processor: OpenTelemetry 1.68's provider without one makes spans that are not ReadableSpan.
    SdkTracerProvider provider = SdkTracerProvider.builder()
        .addSpanProcessor(SimpleSpanProcessor.create(InMemorySpanExporter.create())).build();
    Tracer tracer = provider.get("test");
    ShortSpanSkipper skipper = new ShortSpanSkipper(2);
    ReadableSpan[] spans = new ReadableSpan[3];
    for (int i = 0; i < spans.length; i++) {
      spans[i] = (ReadableSpan) tracer.spanBuilder("s" + i).startSpan();
      ((Span) spans[i]).end();
      assertThat(skipper.skipStart(spans[i])).isTrue();
    }

    // The third skip found the memory full (two ends never came, as when a full queue dropped
    // them) and cleared it: their ends would now be written, unmatched, which readers ignore.
    assertThat(skipper.skipEnd(spans[0])).isFalse();
    assertThat(skipper.skipEnd(spans[1])).isFalse();
    assertThat(skipper.skipEnd(spans[2])).isTrue();
    provider.shutdown();
  }
}
