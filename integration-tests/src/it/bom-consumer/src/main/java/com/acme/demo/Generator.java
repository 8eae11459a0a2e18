package com.acme.demo;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Generator {
  @Traced(stage = "generate", kind = Kind.MODEL, metrics = "length")
  String generate(@TraceAttribute("sample.id") String sampleId);
}
