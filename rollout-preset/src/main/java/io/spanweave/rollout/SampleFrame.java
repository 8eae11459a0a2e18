package io.spanweave.rollout;

import java.util.Map;

/**
 * What an advice remembers about one sample for the duration of one span: the preset fields the
 * sample carried before the span (to put them back when it ends) and the status it started with (to
 * tell at the end whether the endpoint changed it).
 */
final class SampleFrame {

  final RolloutState state;
  final Map<String, String> savedCarrier;
  final int savedDepth;
  final String initialStatus;
  boolean ended;

  SampleFrame(RolloutState state) {
    this.state = state;
    this.savedCarrier = new StateCarrier(state).snapshot();
    this.savedDepth = EndpointDepth.of(state);
    this.initialStatus = state.status();
  }
}
