package io.spanweave.rollout;

import io.spanweave.api.AttributeSink;
import io.spanweave.api.StageAdvice;
import io.spanweave.api.StageSpan;
import io.spanweave.api.TraceContext;
import io.spanweave.conventions.RolloutAttributes;
import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * What the endpoint and remote advices share: the switch ({@link RolloutTrace#EXTENSION}), the
 * parent taken from the state, the sample's attributes given before the span starts (so that {@code
 * live.jsonl} names the sample in flight), and the bookkeeping that lets the end of a span put back
 * what its start changed in each sample, for one sample or a batch.
 *
 * <p>An advice is one instance per traced method, shared by every thread, so what belongs to one
 * call is kept per span (by identity) from {@code onStart} to {@code onEnd}. All {@code onStart}
 * calls of a span come before its {@code onEnd} calls, which is how the end knows the batch size. A
 * span that is never ended (a bug of the caller, not of generated code) would keep its entry.
 */
abstract class SampleAdvice extends StageAdvice<RolloutState> {

  /**
   * What names a sample in flight in {@code live.jsonl}: the viewer's stuck samples show its id
   * ({@code rollout.id} comes first among the keys it reads) and step, and the call chain of a
   * running sample its path. Added to the run's live keys only once an advice is enabled, so the
   * base runtime's default ({@code sample.id}) is all a run without the preset writes.
   */
  private static final List<String> LIVE_KEYS =
      List.of(
          RolloutAttributes.ROLLOUT_ID, RolloutAttributes.STEP, RolloutAttributes.SPAN_NAME_PATH);

  private final Map<StageSpan, List<SampleFrame>> frames =
      Collections.synchronizedMap(new IdentityHashMap<>());

  @Override
  public final boolean enabled() {
    return RolloutTraceSwitch.isOn();
  }

  @Override
  public final TraceContext parent(RolloutState state) {
    return state == null || state.extraFields() == null
        ? null
        : new StateCarrier(state).parentForNewSpan();
  }

  @Override
  public final Collection<String> liveAttributeKeys() {
    return LIVE_KEYS;
  }

  /**
   * Not called for a batch of several samples: their span records {@code rollout.batch.*} at its
   * end instead.
   */
  @Override
  public final void startAttributes(String spanName, RolloutState state, AttributeSink attributes) {
    if (state == null || state.extraFields() == null) {
      return;
    }
    recordStart(spanName, state, attributes);
  }

  @Override
  public final void onStart(StageSpan span, RolloutState state) {
    if (state == null || state.extraFields() == null) {
      return;
    }
    SampleFrame frame = new SampleFrame(state);
    enter(span, frame);
    synchronized (frames) {
      frames.computeIfAbsent(span, s -> new ArrayList<>()).add(frame);
    }
  }

  @Override
  public final void onEnd(StageSpan span, RolloutState state, Object result, Throwable error) {
    if (state == null) {
      return;
    }
    SampleFrame frame = null;
    List<SampleFrame> all;
    boolean last;
    synchronized (frames) {
      all = frames.get(span);
      if (all == null) {
        return;
      }
      for (SampleFrame candidate : all) {
        if (candidate.state == state && !candidate.ended) {
          frame = candidate;
          break;
        }
      }
      if (frame == null) {
        return;
      }
      frame.ended = true;
      last = all.stream().allMatch(f -> f.ended);
      if (last) {
        frames.remove(span);
      }
    }
    List<RolloutState> returned = returnedStates(result, state, all.size() > 1);
    if (all.size() == 1) {
      recordSample(span, frame, result, error);
    } else if (last) {
      recordBatch(span, all);
    }
    exit(frame, returned);
  }

  /**
   * Writes what the sample is when the span {@code spanName} starts, before {@link #enter} changes
   * it.
   */
  abstract void recordStart(String spanName, RolloutState state, AttributeSink attributes);

  /** Changes the sample for the span that just started (and is current). */
  abstract void enter(StageSpan span, SampleFrame frame);

  /** Writes the end attributes of a span that served exactly one sample. */
  abstract void recordSample(StageSpan span, SampleFrame frame, Object result, Throwable error);

  /**
   * Puts back what {@link #enter} changed, in the input state and in the states the call returned.
   */
  abstract void exit(SampleFrame frame, List<RolloutState> returned);

  /** Spans that served several samples record how many and which, not one sample's attributes. */
  private static void recordBatch(StageSpan span, List<SampleFrame> all) {
    span.attribute(RolloutAttributes.BATCH_SIZE, (long) all.size());
    List<String> ids = new ArrayList<>(all.size());
    for (SampleFrame frame : all) {
      if (frame.state.rolloutId() != null) {
        ids.add(frame.state.rolloutId());
      }
    }
    if (!ids.isEmpty()) {
      span.attribute(RolloutAttributes.BATCH_ROLLOUT_IDS, ids);
    }
  }

  /**
   * The states a call returned that stand for {@code input}: a returned state that is another
   * object (it came back from another process), or, in a returned collection, the states of the
   * same sample (for a batch, matched by rollout id).
   */
  private static List<RolloutState> returnedStates(
      Object result, RolloutState input, boolean batch) {
    List<RolloutState> returned = new ArrayList<>();
    if (result instanceof RolloutState) {
      if (result != input && !batch) {
        returned.add((RolloutState) result);
      }
    } else if (result instanceof Iterable<?>) {
      for (Object element : (Iterable<?>) result) {
        if (element instanceof RolloutState
            && element != input
            && ((RolloutState) element).extraFields() != null
            && (!batch
                || (input.rolloutId() != null
                    && Objects.equals(input.rolloutId(), ((RolloutState) element).rolloutId())))) {
          returned.add((RolloutState) element);
        }
      }
    }
    return returned;
  }

  /** Records {@code value} if it is set; the types are the ones the state contract uses. */
  static void record(AttributeSink span, String key, Object value) {
    if (value instanceof String) {
      span.attribute(key, (String) value);
    } else if (value instanceof Boolean) {
      span.attribute(key, (Boolean) value);
    } else if (value instanceof Integer || value instanceof Long) {
      span.attribute(key, ((Number) value).longValue());
    } else if (value instanceof Number) {
      span.attribute(key, ((Number) value).doubleValue());
    }
  }
}
