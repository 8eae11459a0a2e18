package com.acme.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Generator {

  @Traced(stage = "generate", kind = Kind.MODEL, metrics = "numTokens")
  Completion generate(@TraceAttribute("sample.id") String sampleId, String prompt);
}
