package io.spanweave.rollout;

import io.spanweave.api.AttributeSink;
import io.spanweave.api.StageSpan;
import io.spanweave.conventions.RolloutAttributes;
import java.util.List;

/**
 * The advice behind {@link RolloutEndpoint} and {@link RolloutTrace#endpoint}: a step a sample
 * passes through (agent loop, controller, worker, judge).
 *
 * <ul>
 *   <li>the span's parent is the context the sample carries, unless the current span is already in
 *       the sample's trace;
 *   <li>the endpoint's name is appended to the sample's call chain, and the whole chain is recorded
 *       as {@code rollout.span_name_path};
 *   <li>while the endpoint runs the sample carries this span's context, and its endpoint depth is
 *       one more;
 *   <li>the span records the sample's ids, task, step, prompt tokens and call chain from its start
 *       (so {@code live.jsonl} names a sample still in flight), and status, finish reason,
 *       completion tokens, reward, pass, filter and error as they are at the end (from the result
 *       when it reports them, else from the state), with the status it started with as {@code
 *       rollout.status.initial} when that differs;
 *   <li>when it returns, the outermost endpoint of the sample (the one that found depth 0) removes
 *       every preset field from the input state and from the state it returns; any other endpoint
 *       puts back the depth and context the sample had before.
 * </ul>
 *
 * Only while the extension {@link RolloutTrace#EXTENSION} is on; otherwise the span is a plain one
 * and the state is not touched.
 */
public final class RolloutEndpointAdvice extends SampleAdvice {

  public RolloutEndpointAdvice() {}

  @Override
  void recordStart(String spanName, RolloutState state, AttributeSink attributes) {
    record(attributes, RolloutAttributes.ROLLOUT_ID, state.rolloutId());
    record(attributes, RolloutAttributes.ATTEMPT_ID, state.attemptId());
    record(attributes, RolloutAttributes.GROUP_ID, state.groupId());
    record(attributes, RolloutAttributes.SESSION_ID, state.sessionId());
    record(attributes, RolloutAttributes.TASK, state.taskName());
    record(attributes, RolloutAttributes.STEP, state.step());
    record(attributes, RolloutAttributes.PROMPT_TOKENS, state.promptTokens());
    record(
        attributes,
        RolloutAttributes.SPAN_NAME_PATH,
        SampleCallChain.appended(state, spanName)); // enter appends it
  }

  @Override
  void enter(StageSpan span, SampleFrame frame) {
    RolloutState state = frame.state;
    EndpointDepth.set(state, frame.savedDepth + 1);
    SampleCallChain.append(state, span.name());
    StateCarrier carrier = new StateCarrier(state);
    if (carrier.currentSpanBelongsToSample()) {
      carrier.carryCurrent();
    }
  }

  @Override
  void recordSample(StageSpan span, SampleFrame frame, Object result, Throwable error) {
    String initialStatus = frame.initialStatus;
    RolloutState state = frame.state;
    RolloutOutcome reported = result instanceof RolloutOutcome ? (RolloutOutcome) result : state;
    record(
        span,
        RolloutAttributes.FINISH_REASON,
        either(reported.finishReason(), state.finishReason()));
    record(
        span,
        RolloutAttributes.COMPLETION_TOKENS,
        either(reported.completionTokens(), state.completionTokens()));
    record(
        span, RolloutAttributes.REWARD_SCORE, either(reported.rewardScore(), state.rewardScore()));
    record(span, RolloutAttributes.REWARD_PASS, either(reported.passed(), state.passed()));
    record(span, RolloutAttributes.FILTERED, either(reported.filtered(), state.filtered()));
    record(
        span,
        RolloutAttributes.FILTER_REASON,
        either(reported.filterReason(), state.filterReason()));
    String errorType = either(reported.errorType(), state.errorType());
    if (errorType == null && error != null) {
      errorType =
          error.getClass().getName(); // the type only: an exception message may quote the prompt
    }
    record(span, RolloutAttributes.ERROR, errorType);
    // The status as the endpoint leaves it is the sample's status (what a later set-attribute would
    // leave in XTuner's traces, and what the viewer shows); the one it started with is kept beside
    // it.
    String finalStatus =
        result instanceof RolloutState && ((RolloutState) result).status() != null
            ? ((RolloutState) result).status()
            : state.status();
    record(span, RolloutAttributes.STATUS, finalStatus != null ? finalStatus : initialStatus);
    if (initialStatus != null && finalStatus != null && !initialStatus.equals(finalStatus)) {
      record(span, RolloutAttributes.INITIAL_STATUS, initialStatus);
    }
  }

  @Override
  void exit(SampleFrame frame, List<RolloutState> returned) {
    boolean outermost = frame.savedDepth == 0;
    putBack(frame, frame.state, outermost);
    for (RolloutState state : returned) {
      putBack(frame, state, outermost);
    }
  }

  private static void putBack(SampleFrame frame, RolloutState state, boolean outermost) {
    if (outermost) {
      RolloutFields.removeAll(state);
    } else {
      EndpointDepth.set(state, frame.savedDepth);
      new StateCarrier(state).restore(frame.savedCarrier);
    }
  }

  private static <T> T either(T preferred, T fallback) {
    return preferred != null ? preferred : fallback;
  }
}
