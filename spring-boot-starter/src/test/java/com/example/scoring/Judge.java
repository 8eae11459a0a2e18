package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import java.util.concurrent.CompletableFuture;

public interface Judge {

  /** Completes with the name of the thread that judged. */
  @Traced(stage = "judge", kind = Kind.EVALUATOR)
  CompletableFuture<String> judge(@TraceAttribute("sample.id") String sampleId);
}
