package io.spanweave.api;

import java.util.List;
import java.util.concurrent.CompletionStage;
import java.util.function.Consumer;

/** The span of tracing off: does nothing, allocates nothing. */
final class NoopStageSpan extends StageSpan {

  @Override public String name() { return ""; }
  @Override public boolean isRecording() { return false; }
  @Override public void attribute(String key, String value) { }
  @Override public void attribute(String key, long value) { }
  @Override public void attribute(String key, double value) { }
  @Override public void attribute(String key, boolean value) { }
  @Override public void attribute(String key, Number value) { }
  @Override public void attribute(String key, Boolean value) { }
  @Override public void attribute(String key, Enum<?> value) { }
  @Override public void attribute(String key, String[] values) { }
  @Override public void attribute(String key, long[] values) { }
  @Override public void attribute(String key, int[] values) { }
  @Override public void attribute(String key, double[] values) { }
  @Override public void attribute(String key, boolean[] values) { }
  @Override public void attribute(String key, short[] values) { }
  @Override public void attribute(String key, float[] values) { }
  @Override public void attribute(String key, Object[] values) { }
  @Override public void attribute(String key, List<?> values) { }
  @Override public void metric(String key, long value) { }
  @Override public void metric(String key, double value) { }
  @Override public void metric(String key, boolean value) { }
  @Override public void metric(String key, Number value) { }
  @Override public void metric(String key, Boolean value) { }
  @Override public void event(String name) { }
  @Override public void preview(String name, Object value) { }
  @Override public void link(TraceContext context) { }
  @Override public void metricFailed(RuntimeException failure) { }
  @Override public void fail(Throwable error) { }
  @Override public void returned(Object result) { }
  @Override public TraceContext context() { return TraceContext.root(); }
  @Override public void end() { }

  @Override
  public <T, S extends CompletionStage<T>> S endWhenComplete(S stage, Consumer<? super T> onValue) {
    return stage;
  }
}
