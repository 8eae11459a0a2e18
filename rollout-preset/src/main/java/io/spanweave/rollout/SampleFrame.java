package io.spanweave.rollout;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What an advice remembers about one sample for the duration of one span: the preset fields the
 * sample carried before the span (to put them back when it ends) and the attributes read at the
 * start (to write once the span knows whether it served one sample or a batch).
 */
final class SampleFrame {

  final RolloutState state;
  final Map<String, String> savedCarrier;
  final int savedDepth;
  final Map<String, Object> startAttributes = new LinkedHashMap<>();
  boolean ended;

  SampleFrame(RolloutState state) {
    this.state = state;
    this.savedCarrier = new StateCarrier(state).snapshot();
    this.savedDepth = EndpointDepth.of(state);
  }
}
