package io.spanweave.api;

import java.util.List;
import java.util.Map;

/** The builder of tracing off: records nothing, allocates nothing, starts {@link StageSpan#NOOP}. */
final class NoopStageSpanBuilder extends StageSpanBuilder {

  @Override public StageSpanBuilder attribute(AttributeName key, String value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, long value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, double value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, boolean value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, Number value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, Boolean value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, Enum<?> value) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, String[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, long[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, int[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, double[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, boolean[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, short[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, float[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, Object[] values) { return this; }
  @Override public StageSpanBuilder attribute(AttributeName key, List<?> values) { return this; }
  @Override public StageSpan start() { return StageSpan.NOOP; }
  @Override public StageSpan startOutbound(Map<String, String> carrier) { return StageSpan.NOOP; }
  @Override public StageSpan startOutbound(TraceCarrier carrier) { return StageSpan.NOOP; }
  @Override public StageSpan startInbound(Map<String, String> carrier) { return StageSpan.NOOP; }
  @Override public StageSpan startInbound(TraceCarrier carrier) { return StageSpan.NOOP; }
  @Override public <A> StageSpan start(StageAdvice<? super A> advice, A argument) { return StageSpan.NOOP; }
  @Override public <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments) { return StageSpan.NOOP; }
}
