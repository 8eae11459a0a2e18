package io.spanweave.sample;

import io.spanweave.annotations.Direction;
import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.util.Map;

/**
 * The worker process's end of the pipe. The generated delegate reads the caller's context from
 * {@code headers} and starts a SERVER span under it, so the work done here joins the driver's
 * trace.
 */
public interface WorkerRequestHandler {

  @Traced(stage = "transport", kind = Kind.SYSTEM)
  @TraceBoundary(value = Direction.INBOUND, carrier = "headers", name = "worker.handle")
  Map<String, Object> handle(Map<String, String> headers, Map<String, Object> sampleState);
}
