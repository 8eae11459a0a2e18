package io.spanweave.sample.spring;

import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;

/** The model: traced by its interface, so the starter wraps the bean in TracedGenerator. */
public interface Generator {

  @Traced(stage = "generate", kind = Kind.MODEL, metrics = "numTokens")
  Completion generate(@TraceAttribute("sample.id") String sampleId, String prompt);
}
