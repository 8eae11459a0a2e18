package io.spanweave.viewer.query;

import io.spanweave.viewer.index.SpanIndex;

/** {@code latest} (the highest step seen), {@code all}, or one step number. */
public record StepSelector(Mode mode, int step) {
  public enum Mode {
    LATEST,
    ALL,
    ONE
  }

  public static StepSelector parse(String value) {
    if (value == null || value.isEmpty() || value.equals("latest")) {
      return new StepSelector(Mode.LATEST, 0);
    }
    if (value.equals("all")) {
      return new StepSelector(Mode.ALL, 0);
    }
    try {
      return new StepSelector(Mode.ONE, Integer.parseInt(value));
    } catch (NumberFormatException e) {
      throw new BadRequestException(
          "step must be 'latest', 'all' or an integer, not '" + value + "'");
    }
  }

  /** Resolves "latest" against the data; {@code latestStep} is NO_STEP when no span has a step. */
  public boolean accepts(int spanStep, int latestStep) {
    return switch (mode) {
      case ALL -> true;
      case ONE -> spanStep == step;
      case LATEST -> latestStep == SpanIndex.NO_STEP || spanStep == latestStep;
    };
  }

  /** The single step this selects ("latest" resolved), or NO_STEP when it selects all spans. */
  public int oneStep(int latestStep) {
    return switch (mode) {
      case ALL -> SpanIndex.NO_STEP;
      case ONE -> step;
      case LATEST -> latestStep;
    };
  }

  public String key() {
    return mode == Mode.ONE
        ? Integer.toString(step)
        : mode.name().toLowerCase(java.util.Locale.ROOT);
  }
}
