package io.spanweave.rollout;

import io.spanweave.api.AttributeSink;
import io.spanweave.api.StageSpan;
import io.spanweave.conventions.RolloutAttributes;
import java.util.List;

/**
 * The advice behind {@link RolloutRemote} and {@link RolloutTrace#remote}: a call that sends the
 * sample to another process (a worker actor, an inference server). For the duration of the call the
 * sample carries this span's context, so that the endpoint on the other side, reading it from the
 * state it received, becomes this span's child; afterwards the sample carries what it carried
 * before, in the input state and in the state that came back.
 *
 * <p>A batch (one call for many samples) gets one span linked to each sample's trace; each sample
 * keeps carrying its own context, so the other side's endpoints stay in their sample's trace.
 *
 * <p>Only while the extension {@link RolloutTrace#EXTENSION} is on; otherwise the span is a plain
 * one and the state is not touched.
 */
public final class RolloutRemoteAdvice extends SampleAdvice {

  public RolloutRemoteAdvice() {}

  @Override
  void recordStart(String spanName, RolloutState state, AttributeSink attributes) {
    record(attributes, RolloutAttributes.ROLLOUT_ID, state.rolloutId());
    record(attributes, RolloutAttributes.ATTEMPT_ID, state.attemptId());
    record(attributes, RolloutAttributes.GROUP_ID, state.groupId());
    record(attributes, RolloutAttributes.STEP, state.step());
  }

  @Override
  void enter(StageSpan span, SampleFrame frame) {
    StateCarrier carrier = new StateCarrier(frame.state);
    if (carrier.currentSpanBelongsToSample()) {
      carrier.carryCurrent();
    }
  }

  @Override
  void recordSample(StageSpan span, SampleFrame frame, Object result, Throwable error) {
    // everything a remote call records about its sample is known at the start: see recordStart
  }

  @Override
  void exit(SampleFrame frame, List<RolloutState> returned) {
    new StateCarrier(frame.state).restore(frame.savedCarrier);
    for (RolloutState state : returned) {
      new StateCarrier(state).restore(frame.savedCarrier);
    }
  }
}
