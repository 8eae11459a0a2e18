package io.spanweave.reactor;

import static org.assertj.core.api.Assertions.assertThat;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.testing.SpanRecorder;
import java.util.concurrent.CompletableFuture;
import org.junit.jupiter.api.Test;

/** The API under ReactiveStages: {@code Stage.startDetached} and {@code StageSpan.context()}. */
class DetachedSpanTest {

  private static final Stage WORK = Stage.define("Worker.work", "work", Kind.CUSTOM);

  @Test
  void aDetachedSpanIsNotCurrentAndEndsOnAnyThread() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      StageSpan span;
      TraceContext outer;
      try (TraceScope request = Trace.span("request")) {
        outer = TraceContext.current();
        span = WORK.startDetached(null);
        assertThat(TraceContext.current().spanId())
            .as("not made current")
            .isEqualTo(outer.spanId());
      }
      assertThat(span.context().spanId()).isNotEqualTo(outer.spanId());
      assertThat(span.context().traceId()).isEqualTo(outer.traceId());
      CompletableFuture.runAsync(span::end).join();

      spans.assertThat().stage("work").ranOnce().hasParent("request").isOk();
      assertThat(spans.assertThat().stage("work").ranOnce().span().spanId())
          .isEqualTo(span.context().spanId());
    }
  }

  @Test
  void aDetachedSpanStartsUnderTheParentItIsGiven() {
    try (SpanRecorder spans = SpanRecorder.start()) {
      TraceContext parent;
      try (TraceScope step = Trace.span("step")) {
        parent = TraceContext.current();
      }
      StageSpan span = WORK.startDetached(parent);
      try (TraceScope attached = Trace.attach(span.context())) {
        Trace.run("inner", () -> {});
      }
      span.end();

      spans.assertThat().stage("work").ranOnce().hasParent("step");
      spans.assertThat().named("inner").ranOnce().hasParent("work");
    }
  }

  @Test
  void withTracingOffItIsTheNoopSpanWithTheRootContext() {
    StageSpan span = WORK.startDetached(null);

    assertThat(span).isSameAs(StageSpan.NOOP);
    assertThat(span.context().isValid()).isFalse();
  }
}
