package io.spanweave.bench.sdk;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.SpanProcessor;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import io.spanweave.bench.otel.HandWritten;
import io.spanweave.bench.stage.Worker;
import io.spanweave.bench.stage.WorkerImpl;
import io.spanweave.runtime.internal.export.OtlpJsonLinesSpanExporter;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.jsonl.JsonLinesFile;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * The encoders alone, the reference for the export workers' cost per span: one thread hands batches
 * of already ended spans ({@code SpanData}, made once by the same hand-written stage the export
 * benchmark's peer runs: same names and attributes) to an exporter that writes them into a file,
 * and the thread's CPU time is divided by the spans. No queue, no span-to-data conversion, no other
 * thread: what is left of a worker's cost above this is the pipeline's. spanweave's is measured as
 * the run's file exporter runs, with the run-time guardrails on, and beside it with them off, to
 * show what they cost.
 */
public final class EncoderAlone {

  private static final int SPANS = 256 * 1024;

  /**
   * Rounds after the warm-up; the least CPU per span of them is reported, the one least disturbed
   * by other work.
   */
  private static final int ROUNDS = 10;

  private static final int WARM_UP_ROUNDS = 4;

  private EncoderAlone() {}

  /**
   * Prints the CPU per span of spanweave's file exporter and of OpenTelemetry's OTLP/JSON exporter.
   */
  public static void run(int batchSize) throws IOException {
    List<List<SpanData>> batches = batches(batchSize);
    Path dir = Files.createTempDirectory("spanweave-encoder");
    double bestOurs = Double.MAX_VALUE;
    double bestUnguarded = Double.MAX_VALUE;
    double bestTheirs = Double.MAX_VALUE;
    GuardrailReport guardrails = GuardrailReport.start("encoder-bench", null, true);
    long bytes = 0;
    try {
      for (int round = 0; round < WARM_UP_ROUNDS + ROUNDS; round++) {
        Path ours = dir.resolve("ours-" + round + ".jsonl");
        double oursMicros;
        try (JsonLinesFile file = JsonLinesFile.open(ours)) {
          oursMicros = perSpan(new OtlpJsonLinesSpanExporter(file, guardrails), batches);
        }
        Path unguarded = dir.resolve("unguarded-" + round + ".jsonl");
        double unguardedMicros;
        try (JsonLinesFile file = JsonLinesFile.open(unguarded)) {
          unguardedMicros = perSpan(new OtlpJsonLinesSpanExporter(file, null), batches);
        }
        Files.delete(unguarded);
        Path theirs = dir.resolve("otel-" + round + ".jsonl");
        double theirsMicros;
        try (OutputStream out =
            new BufferedOutputStream(Files.newOutputStream(theirs), 64 * 1024)) {
          theirsMicros = perSpan(OtlpStdoutPeer.exporter(out), batches);
        }
        if (round >= WARM_UP_ROUNDS) {
          bestOurs = Math.min(bestOurs, oursMicros);
          bestUnguarded = Math.min(bestUnguarded, unguardedMicros);
          bestTheirs = Math.min(bestTheirs, theirsMicros);
        }
        bytes = Files.size(ours);
        Files.delete(ours);
        Files.delete(theirs);
      }
    } finally {
      // everything in it, so that a failed round's files do not hide its exception behind this one
      try (var files = Files.list(dir)) {
        for (Path file : (Iterable<Path>) files::iterator) {
          Files.deleteIfExists(file);
        }
      }
      Files.deleteIfExists(dir);
    }
    System.out.printf(
        Locale.ROOT,
        "encoder alone: CPU us/span into a file, batches of %d, least of %d rounds of %,d "
            + "spans after %d warm-up rounds: spanweave %.2f (its run-time guardrails off: %.2f), OpenTelemetry %.2f "
            + "(%d bytes/span)%n",
        batchSize,
        ROUNDS,
        SPANS,
        WARM_UP_ROUNDS,
        bestOurs,
        bestUnguarded,
        bestTheirs,
        bytes / SPANS);
  }

  private static double perSpan(SpanExporter exporter, List<List<SpanData>> batches) {
    ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    long before = threads.getCurrentThreadCpuTime();
    for (List<SpanData> batch : batches) {
      exporter.export(batch);
    }
    exporter.flush();
    return (threads.getCurrentThreadCpuTime() - before) / 1e3 / SPANS;
  }

  /** {@link #SPANS} spans of the hand-written step stage, as span data, in batches. */
  private static List<List<SpanData>> batches(int batchSize) {
    List<SpanData> spans = new ArrayList<>(SPANS);
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .setResource(
                Resource.getDefault()
                    .merge(
                        Resource.create(
                            Attributes.builder().put("service.name", "export-bench").build())))
            .addSpanProcessor(
                new SpanProcessor() {
                  @Override
                  public void onStart(Context parentContext, ReadWriteSpan span) {}

                  @Override
                  public boolean isStartRequired() {
                    return false;
                  }

                  @Override
                  public void onEnd(ReadableSpan span) {
                    spans.add(span.toSpanData());
                  }

                  @Override
                  public boolean isEndRequired() {
                    return true;
                  }
                })
            .build();
    Worker worker =
        new HandWritten.HandWorker(
            provider.get("export-bench"), HandWritten.RUN_ID_ON_RESOURCE, new WorkerImpl());
    String[] sampleIds = new String[1024]; // recurring instances, as in the export benchmark
    for (int i = 0; i < sampleIds.length; i++) {
      sampleIds[i] = "sample-" + i;
    }
    for (int i = 0; i < SPANS; i++) {
      worker.step(sampleIds[i & 1023], i & 7);
    }
    provider.close();
    List<List<SpanData>> batches = new ArrayList<>();
    for (int i = 0; i < SPANS; i += batchSize) {
      batches.add(spans.subList(i, Math.min(SPANS, i + batchSize)));
    }
    return batches;
  }
}
