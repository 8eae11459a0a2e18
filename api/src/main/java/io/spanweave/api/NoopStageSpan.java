package io.spanweave.api;

import java.util.List;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/**
 * The span of tracing off, and its builder: does nothing, allocates nothing. One shared instance is
 * both {@link StageSpan#NOOP} and {@link StageSpanBuilder#NOOP}, so that its {@code start} methods
 * give the span they were asked for.
 */
final class NoopStageSpan extends StageSpan implements StageSpanBuilder {

  @Override
  public String name() {
    return "";
  }

  @Override
  public boolean isRecording() {
    return false;
  }

  @Override
  public void attribute(String key, String value) {}

  @Override
  public void attribute(String key, long value) {}

  @Override
  public void attribute(String key, double value) {}

  @Override
  public void attribute(String key, boolean value) {}

  @Override
  public void attribute(String key, Number value) {}

  @Override
  public void attribute(String key, Boolean value) {}

  @Override
  public void attribute(String key, Enum<?> value) {}

  @Override
  public void attribute(String key, String[] values) {}

  @Override
  public void attribute(String key, long[] values) {}

  @Override
  public void attribute(String key, int[] values) {}

  @Override
  public void attribute(String key, double[] values) {}

  @Override
  public void attribute(String key, boolean[] values) {}

  @Override
  public void attribute(String key, short[] values) {}

  @Override
  public void attribute(String key, float[] values) {}

  @Override
  public void attribute(String key, Object[] values) {}

  @Override
  public void attribute(String key, List<?> values) {}

  @Override
  public void metric(String key, long value) {}

  @Override
  public void metric(String key, double value) {}

  @Override
  public void metric(String key, boolean value) {}

  @Override
  public void metric(String key, Number value) {}

  @Override
  public void metric(String key, Boolean value) {}

  @Override
  public void longMetric(String key, long value) {}

  @Override
  public void doubleMetric(String key, double value) {}

  @Override
  public void booleanMetric(String key, boolean value) {}

  @Override
  public void numberMetric(String key, Number value) {}

  @Override
  public void booleanObjectMetric(String key, Boolean value) {}

  @Override
  public void event(String name) {}

  @Override
  public void preview(String name, Object value) {}

  @Override
  public void link(TraceContext context) {}

  @Override
  public void metricFailed(RuntimeException failure) {}

  @Override
  public void fail(Throwable error) {}

  @Override
  public void returned(Object result) {}

  @Override
  public TraceContext context() {
    return TraceContext.root();
  }

  @Override
  public void end() {}

  @Override
  public <T, S extends CompletionStage<T>> S endWhenComplete(S stage, Consumer<? super T> onValue) {
    return stage;
  }

  // ---- as a builder ----

  @Override
  public StageSpanBuilder stringAttribute(String key, String value) {
    return this;
  }

  @Override
  public StageSpanBuilder longAttribute(String key, long value) {
    return this;
  }

  @Override
  public StageSpanBuilder doubleAttribute(String key, double value) {
    return this;
  }

  @Override
  public StageSpanBuilder booleanAttribute(String key, boolean value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(String key, Object value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, String value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, long value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Number value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Boolean value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Enum<?> value) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, String[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, long[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, int[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, double[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, boolean[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, short[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, float[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, Object[] values) {
    return this;
  }

  @Override
  public StageSpanBuilder attribute(AttributeName key, List<?> values) {
    return this;
  }

  @Override
  public StageSpan start() {
    return this;
  }

  @Override
  public StageSpan startOutbound(Map<String, String> carrier) {
    return this;
  }

  @Override
  public StageSpan startOutbound(TraceCarrier carrier) {
    return this;
  }

  @Override
  public StageSpan startInbound(Map<String, String> carrier) {
    return this;
  }

  @Override
  public StageSpan startInbound(TraceCarrier carrier) {
    return this;
  }

  @Override
  public <A> StageSpan start(StageAdvice<? super A> advice, A argument) {
    return this;
  }

  @Override
  public <A> StageSpan startBatch(StageAdvice<? super A> advice, Iterable<? extends A> arguments) {
    return this;
  }
}
