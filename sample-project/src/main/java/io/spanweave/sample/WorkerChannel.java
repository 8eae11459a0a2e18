package io.spanweave.sample;

import io.spanweave.annotations.Direction;
import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.util.Map;

/**
 * The driver's end of the pipe to the worker process. The generated delegate starts a CLIENT span
 * and writes its W3C context into {@code headers} before the request goes out.
 */
public interface WorkerChannel {

  @Traced(stage = "transport", kind = Kind.SYSTEM)
  @TraceBoundary(value = Direction.OUTBOUND, carrier = "headers", name = "worker.request")
  Map<String, Object> request(Map<String, String> headers, Map<String, Object> sampleState);
}
