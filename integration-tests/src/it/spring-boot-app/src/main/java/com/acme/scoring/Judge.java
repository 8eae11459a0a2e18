package com.acme.scoring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

public interface Judge {

  @Traced(stage = "judge", kind = Kind.REWARD, metrics = "score")
  Verdict judge(@TraceAttribute("sample.id") String sampleId, Completion completion);
}
