package io.spanweave.bench.sdk;

import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.exporter.internal.otlp.traces.TraceRequestMarshaler;
import io.opentelemetry.sdk.common.CompletableResultCode;
import io.opentelemetry.sdk.trace.SdkTracerProvider;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.export.SimpleSpanProcessor;
import io.opentelemetry.sdk.trace.export.SpanExporter;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;

/**
 * OTLP export requests as OpenTelemetry's own exporters send them, recorded once for the collector
 * benchmark: a batch of spans made by the SDK (7 attributes each, as a traced stage writes them,
 * under one root), marshaled by the exporters' own marshaler as protobuf and as OTLP/JSON.
 */
public final class RecordedRequests {

  private RecordedRequests() {}

  /** The protobuf body and the OTLP/JSON body of one request of {@code count} spans. */
  public static byte[][] protobufAndJson(int count) throws IOException {
    List<SpanData> spans = spans(count);
    ByteArrayOutputStream protobuf = new ByteArrayOutputStream();
    TraceRequestMarshaler.create(spans).writeBinaryTo(protobuf);
    ByteArrayOutputStream json = new ByteArrayOutputStream();
    TraceRequestMarshaler.create(spans).writeJsonTo(json);
    return new byte[][] {protobuf.toByteArray(), json.toByteArray()};
  }

  private static List<SpanData> spans(int count) {
    List<SpanData> spans = new ArrayList<>();
    SdkTracerProvider provider =
        SdkTracerProvider.builder()
            .addSpanProcessor(
                SimpleSpanProcessor.create(
                    new SpanExporter() {
                      @Override
                      public CompletableResultCode export(Collection<SpanData> batch) {
                        spans.addAll(batch);
                        return CompletableResultCode.ofSuccess();
                      }

                      @Override
                      public CompletableResultCode flush() {
                        return CompletableResultCode.ofSuccess();
                      }

                      @Override
                      public CompletableResultCode shutdown() {
                        return CompletableResultCode.ofSuccess();
                      }
                    }))
            .build();
    Tracer tracer = provider.get("io.spanweave");
    Span root = tracer.spanBuilder("agent.run").startSpan();
    for (int i = 1; i < count; i++) {
      tracer
          .spanBuilder("RolloutWorker.generate")
          .setParent(Context.root().with(root))
          .setAllAttributes(
              Attributes.builder()
                  .put("sample.id", "sample-" + (i % 1024))
                  .put("rollout.step", 12L)
                  .put("spanweave.stage", "generate")
                  .put("spanweave.kind", "MODEL")
                  .put("code.function.name", "RolloutWorker.generate")
                  .put("spanweave.metric.num_tokens", 321L + i)
                  .put("gen_ai.request.model", "qwen3-8b")
                  .build())
          .startSpan()
          .end();
    }
    root.end();
    provider.shutdown();
    return spans;
  }
}
