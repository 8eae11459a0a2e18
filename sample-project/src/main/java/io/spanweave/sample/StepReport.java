package io.spanweave.sample;

import java.util.List;

/** What one rollout step produced: every sample as it ended, and the counts printed as progress. */
public record StepReport(int step, List<SampleState> samples) {

  public int completed() {
    return (int) samples.stream().filter(SampleState::isCompleted).count();
  }

  public int timeouts() {
    return (int) samples.stream().filter(s -> "timeout".equals(s.errorType())).count();
  }

  /** Failed samples other than timeouts: worker crashes, judge errors, cancellations. */
  public int errors() {
    return (int)
        samples.stream().filter(s -> !s.isCompleted() && !"timeout".equals(s.errorType())).count();
  }

  public int filtered() {
    return (int) samples.stream().filter(s -> Boolean.TRUE.equals(s.filtered())).count();
  }
}
