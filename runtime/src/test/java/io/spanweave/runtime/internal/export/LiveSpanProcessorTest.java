package io.spanweave.runtime.internal.export;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.spanweave.runtime.TestRuns;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Which spans get {@code live.jsonl} records: those still in flight when the live worker reaches
 * them.
 */
class LiveSpanProcessorTest {

  @TempDir Path dir;

  @Test
  void aSpanThatEndedBeforeTheWorkerReachedItsStartGetsNoRecordsAndASpanInFlightGetsBoth()
      throws Exception {
    Path file = dir.resolve("live.jsonl");
    // An hour's delay and big batches: the worker writes only when flushed.
    LiveSpanProcessor live =
        new LiveSpanProcessor(
            JsonLinesFile.open(file),
            "run-1",
            "svc",
            List.of("sample.id"),
            new SpanCounters(),
            64,
            512,
            TimeUnit.HOURS.toNanos(1),
            TimeUnit.SECONDS.toNanos(5));
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(live).build();
    Tracer tracer = provider.get("test");

    Span quick = tracer.spanBuilder("quick").startSpan();
    quick.end();
    Span inFlight = tracer.spanBuilder("in-flight").setAttribute("sample.id", "s-1").startSpan();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();

    List<JsonNode> records = TestRuns.readJsonLines(file);
    assertThat(records)
        .extracting(record -> record.path("name").asText() + ":" + record.path("event").asText())
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
  void theEndOfASpanInFlightIsWrittenAtTheNextDrainThoughNothingElseWasQueued() throws Exception {
    Path file = dir.resolve("live.jsonl");
    LiveSpanProcessor live =
        new LiveSpanProcessor(
            JsonLinesFile.open(file),
            "run-1",
            "svc",
            List.of(),
            new SpanCounters(),
            64,
            512,
            TimeUnit.HOURS.toNanos(1),
            TimeUnit.SECONDS.toNanos(5));
    assertThat(live.isEndRequired())
        .as("ending a span costs the traced thread nothing here")
        .isFalse();
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(live).build();
    Tracer tracer = provider.get("test");
    Span first = tracer.spanBuilder("first").startSpan();
    Span second = tracer.spanBuilder("second").startSpan();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();

    second.end();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(TestRuns.readJsonLines(file))
        .extracting(record -> record.path("name").asText() + ":" + record.path("event").asText())
        .containsExactly("first:start", "second:start", "second:end");
    JsonNode end = TestRuns.readJsonLines(file).get(2);
    assertThat(end.path("endTimeUnixNano").asText()).isNotEmpty();

    first.end();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(TestRuns.readJsonLines(file))
        .extracting(record -> record.path("name").asText() + ":" + record.path("event").asText())
        .as("each end once, after its start")
        .containsExactly("first:start", "second:start", "second:end", "first:end");
    provider.shutdown().join(5, TimeUnit.SECONDS);
    assertThat(TestRuns.readJsonLines(file)).hasSize(4);
  }

  @Test
  void pastItsLimitOfSpansInFlightAStartIsDroppedAndCountedRatherThanLeftWithoutAnEnd()
      throws Exception {
    Path file = dir.resolve("live.jsonl");
    SpanCounters counters = new SpanCounters();
    int queue = LiveSpanProcessor.MAX_IN_FLIGHT + 16;
    LiveSpanProcessor live =
        new LiveSpanProcessor(
            JsonLinesFile.open(file),
            "run-1",
            "svc",
            List.of(),
            counters,
            queue,
            queue,
            TimeUnit.HOURS.toNanos(1),
            TimeUnit.SECONDS.toNanos(30));
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(live).build();
    Tracer tracer = provider.get("test");
    Span[] spans = new Span[LiveSpanProcessor.MAX_IN_FLIGHT + 1];
    for (int i = 0; i < spans.length; i++) {
      spans[i] = tracer.spanBuilder("s").startSpan();
    }
    assertThat(live.forceFlush().join(30, TimeUnit.SECONDS).isSuccess()).isTrue();
    assertThat(counters.liveDropped.get()).isEqualTo(1);
    for (Span span : spans) {
      span.end();
    }
    provider.shutdown().join(30, TimeUnit.SECONDS);
    List<JsonNode> records = TestRuns.readJsonLines(file);
    long starts =
        records.stream().filter(record -> record.path("event").asText().equals("start")).count();
    long ends =
        records.stream().filter(record -> record.path("event").asText().equals("end")).count();
    assertThat(starts).isEqualTo(LiveSpanProcessor.MAX_IN_FLIGHT);
    assertThat(ends).as("every start written has its end").isEqualTo(starts);
  }

  @Test
  void aQuietProcessWritesHeartbeatsAndEveryRecordNamesItsAttempt() throws Exception {
    Path file = dir.resolve("live.jsonl");
    LiveSpanProcessor live =
        new LiveSpanProcessor(
            LiveRecordSink.of(JsonLinesFile.open(file)),
            "run-1",
            "svc",
            "3",
            List.of(),
            new SpanCounters(),
            64,
            512,
            TimeUnit.MILLISECONDS.toNanos(20),
            TimeUnit.SECONDS.toNanos(5),
            TimeUnit.MILLISECONDS.toNanos(100));
    SdkTracerProvider provider = SdkTracerProvider.builder().addSpanProcessor(live).build();
    Span running = provider.get("test").spanBuilder("long-running").startSpan();
    assertThat(live.forceFlush().join(5, TimeUnit.SECONDS).isSuccess()).isTrue();

    long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(20);
    List<JsonNode> heartbeats = List.of();
    while (heartbeats.size() < 2 && System.nanoTime() < deadline) {
      Thread.sleep(50);
      heartbeats =
          TestRuns.readJsonLines(file).stream()
              .filter(record -> record.path("event").asText().equals("heartbeat"))
              .toList();
    }
    running.end();
    provider.shutdown().join(5, TimeUnit.SECONDS);

    assertThat(heartbeats)
        .as("a process with a span open and nothing else to write")
        .hasSizeGreaterThanOrEqualTo(2);
    JsonNode heartbeat = heartbeats.get(0);
    assertThat(heartbeat.path("attempt").asText()).isEqualTo("3");
    assertThat(heartbeat.path("runId").asText()).isEqualTo("run-1");
    assertThat(heartbeat.path("pid").asLong()).isEqualTo(ProcessHandle.current().pid());
    assertThat(heartbeat.path("timeUnixNano").asText()).matches("\\d+");
    assertThat(TestRuns.readJsonLines(file))
        .filteredOn(record -> record.path("name").asText().equals("long-running"))
        .extracting(record -> record.path("event").asText() + ":" + record.path("attempt").asText())
        .containsExactly("start:3", "end:3");
  }
}
