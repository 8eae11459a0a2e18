package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import java.util.concurrent.CompletableFuture;
import org.springframework.scheduling.annotation.Async;
import org.springframework.stereotype.Service;

/**
 * {@code @Traced} on a class with Spring's {@code @Async}: the starter has Spring make {@code
 * TracedFilter extends Filter}, and Spring's proxy subclasses that.
 */
@Service
public class Filter {

  private final JudgeGate gate;

  public Filter(JudgeGate gate) {
    this.gate = gate;
  }

  /** Completes with the name of the thread that filtered. */
  @Async
  @Traced(stage = "filter", kind = Kind.POSTPROCESSING)
  public CompletableFuture<String> filter(@TraceAttribute("sample.id") String sampleId) {
    try {
      gate.pass();
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      return CompletableFuture.failedFuture(e);
    }
    return CompletableFuture.completedFuture(Thread.currentThread().getName());
  }
}
