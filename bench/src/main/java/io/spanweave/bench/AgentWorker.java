package io.spanweave.bench;

import io.opentelemetry.instrumentation.annotations.SpanAttribute;
import io.opentelemetry.instrumentation.annotations.WithSpan;
import io.spanweave.bench.stage.Generation;
import io.spanweave.bench.stage.WorkerImpl;
import java.util.concurrent.CompletableFuture;

/**
 * The stage bodies of {@link WorkerImpl} annotated for the OpenTelemetry javaagent: the agent
 * rewrites these methods at class load to start a span, record the {@code @SpanAttribute}
 * parameters (and its own {@code code.*} attributes), and end it, for a future when it completes.
 */
public class AgentWorker {

  private final WorkerImpl body = new WorkerImpl();

  @WithSpan("Worker.step")
  public long step(
      @SpanAttribute("sample.id") String sampleId, @SpanAttribute("attempt") int attempt) {
    return body.step(sampleId, attempt);
  }

  @WithSpan("Worker.judge")
  public CompletableFuture<Generation> judge(
      @SpanAttribute("sample.id") String sampleId, @SpanAttribute("attempt") int attempt) {
    return body.judge(sampleId, attempt);
  }
}
