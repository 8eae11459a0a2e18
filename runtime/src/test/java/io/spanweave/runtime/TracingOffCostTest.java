package io.spanweave.runtime;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Kind;
import io.spanweave.api.AttributeName;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import java.lang.management.ManagementFactory;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * Tracing off costs one static check and allocates nothing: measured in bytes allocated by this
 * thread, not in time. One allocation per call would be at least {@value #CALLS} * 16 bytes; the
 * bound leaves room only for the measurement's own bookkeeping.
 */
class TracingOffCostTest {

  private static final int CALLS = 20_000;
  private static final long BOUND_BYTES = 16 * 1024;
  private static final Stage STEP = Stage.define("Pipeline.step", "step", Kind.CUSTOM);
  private static final Map<String, Object> ATTRIBUTES = Map.of("k", 1);
  private static final AttributeName SAMPLE_ID = AttributeName.of("sample.id");
  private static final AttributeName N = AttributeName.of("n");

  private static long allocatedBytes() {
    return ((com.sun.management.ThreadMXBean) ManagementFactory.getThreadMXBean())
        .getCurrentThreadAllocatedBytes();
  }

  private static long sink;

  private static void tracedCallsWithTracingOff() throws Exception {
    for (int i = 0; i < CALLS; i++) {
      StageSpan span = STEP.start();
      span.attribute("sample.id", "s");
      span.attribute("n", i);
      span.metric("m", 1L);
      span.end();
      StageSpan built =
          STEP.spanBuilder()
              .attribute(SAMPLE_ID, "s")
              .attribute(N, i)
              .start(); // as delegates with parameter attributes
      built.end();
      try (TraceScope scope = Trace.span("block", ATTRIBUTES)) {
        Trace.event("e", ATTRIBUTES);
        Trace.setAttribute("k", "v");
        Trace.setAttribute("n", 2L);
        Trace.metric("m", 3L);
      }
      sink += Trace.call("call", TracingOffCostTest::one);
      Trace.run("run", TracingOffCostTest::nothing);
    }
  }

  private static int one() {
    return 1;
  }

  private static void nothing() {}

  @Test
  void tracedCallsAllocateNothingWhileTracingIsOff() throws Exception {
    Tracing.close();
    tracedCallsWithTracingOff(); // load and link everything first

    long before = allocatedBytes();
    tracedCallsWithTracingOff();
    long allocated = allocatedBytes() - before;

    assertThat(allocated)
        .as("bytes allocated by %s traced calls with tracing off", CALLS * 8)
        .isLessThan(BOUND_BYTES);
  }
}
