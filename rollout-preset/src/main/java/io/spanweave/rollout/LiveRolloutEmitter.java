package io.spanweave.rollout;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.Tracing;
import java.util.List;
import java.util.Map;

/** Records emitted spans through the active tracing runtime, under the current span. */
final class LiveRolloutEmitter extends RolloutEmitter {

  static final LiveRolloutEmitter INSTANCE = new LiveRolloutEmitter();

  @Override
  RolloutSpan record(String name, Map<String, Object> attributes) {
    if (!Tracing.isEnabled()) {
      throw new IllegalStateException(
          "RolloutEmitter.live(): no tracing runtime is active, so the "
              + name
              + " span would be lost. Start tracing first (Tracing.configure(config) with enabled(true)), or, to record"
              + " without a runtime on purpose, use RolloutEmitter.offline(store, rolloutId, attemptId)");
    }
    TraceContext parent = TraceContext.current();
    long start = nowEpochNanos();
    TraceContext self;
    try (TraceScope scope = Trace.span(name, attributes)) {
      self = TraceContext.current();
    }
    long end = Math.max(nowEpochNanos(), start + 1);
    return new RolloutSpan(
        name,
        self.traceId(),
        self.spanId(),
        parent.isValid() ? parent.spanId() : "",
        start,
        end,
        attributes,
        Map.of(),
        List.of());
  }
}
