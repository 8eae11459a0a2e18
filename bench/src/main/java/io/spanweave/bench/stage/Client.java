package io.spanweave.bench.stage;

import io.spanweave.annotations.Direction;
import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.util.Map;

/**
 * The caller's side of a boundary: a CLIENT span whose context is injected into {@code carrier}.
 */
public interface Client {

  @Traced(stage = "call", kind = Kind.TOOL)
  @TraceBoundary(Direction.OUTBOUND)
  long call(Map<String, String> carrier, @TraceAttribute("sample.id") String sampleId);
}
