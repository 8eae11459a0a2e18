package com.example.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Archive {

  /** Whether a transaction is open while the sample is archived. */
  @Traced(stage = "archive", kind = Kind.ARTIFACT)
  boolean archive(@TraceAttribute("sample.id") String sampleId);
}
