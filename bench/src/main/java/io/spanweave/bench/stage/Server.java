package io.spanweave.bench.stage;

import io.spanweave.annotations.Direction;
import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.util.Map;

/**
 * The callee's side of a boundary: a SERVER span under the context extracted from {@code carrier}.
 */
public interface Server {

  @Traced(stage = "serve", kind = Kind.TOOL)
  @TraceBoundary(Direction.INBOUND)
  long serve(Map<String, String> carrier, @TraceAttribute("sample.id") String sampleId);
}
