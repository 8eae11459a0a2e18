package com.acme;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Worker {
  @Traced(stage = "generate", kind = Kind.MODEL)
  String generate(@TraceAttribute("llm.prompt") String prompt);
}
