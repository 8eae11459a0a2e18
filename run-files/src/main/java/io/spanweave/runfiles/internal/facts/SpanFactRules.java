package io.spanweave.runfiles.internal.facts;

import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.conventions.ViewerKeys.Fact;
import java.util.Arrays;
import java.util.Locale;

/**
 * The facts of the span being scanned, taken from its attributes as they come by the rules the
 * viewer's index applies to a parsed span (which key of a fact wins, what a failed sample status or
 * a spanweave status word does to the span's status, when a span is an LLM call), reduced to what
 * the summaries keep. One instance is reused for every span of a chunk.
 *
 * <p>Not thread-safe.
 */
final class SpanFactRules {
  static final int NO_STEP = Integer.MIN_VALUE;
  private static final int FACTS = Fact.values().length;
  private static final String UNKNOWN_ERROR = "unknown";

  private final int[] ranks = new int[FACTS];
  String stage;
  String kind;
  Object spanweaveStatus;
  String errorType;
  int step;
  String sample;
  String runId;
  int attempt;
  String outcomeStatus;
  String outcomeErrorType;
  boolean llm;
  String llmOperation;
  String llmModel;
  long inputTokens;
  long outputTokens;
  long timeToFirstTokenNanos;
  boolean failedBySampleStatus;

  /** The type of the first exception event that names one, null while none did. */
  String exceptionType;

  /** Metric keys and values of the span, appended to the chunk's. */
  private final ChunkSpans spans;

  SpanFactRules(ChunkSpans spans) {
    this.spans = spans;
  }

  void start() {
    Arrays.fill(ranks, Integer.MAX_VALUE);
    stage = null;
    kind = null;
    spanweaveStatus = null;
    errorType = null;
    step = NO_STEP;
    sample = null;
    runId = null;
    attempt = 0;
    outcomeStatus = null;
    outcomeErrorType = null;
    llm = false;
    llmOperation = null;
    llmModel = null;
    inputTokens = -1;
    outputTokens = -1;
    timeToFirstTokenNanos = -1;
    failedBySampleStatus = false;
    exceptionType = null;
    spans.startMetrics();
  }

  /**
   * Whether {@link #attribute} does anything with a value of this fact: those of a sample the
   * summaries do not count (group, session, task, path, reward pass, filters, ...) it only ranks,
   * for no one, so their attributes need not be read at all.
   */
  static boolean counts(Fact fact) {
    return switch (fact) {
      case STAGE, KIND, SPAN_STATUS, ERROR_TYPE, STEP, SAMPLE, RUN_ID, SAMPLE_STATUS, REWARD ->
          true;
      default -> fact.isLlm();
    };
  }

  /** One span attribute the summaries read (value non-null). */
  void attribute(AttributeKeys.Key key, Object value) {
    if (key.runAttempt) {
      attempt = attemptOf(value);
      return;
    }
    ViewerKeys.Key meaning = key.meaning;
    if (meaning == null) {
      if (key.metricName == null) {
        return;
      }
      double v = ViewerKeys.number(value);
      if (!Double.isNaN(v)) {
        spans.metric(key.metricName, v);
      }
      meaning = key.metricMeaning;
      if (meaning == null) {
        return;
      }
    }
    Fact fact = meaning.fact();
    if (fact == Fact.REWARD) {
      double v = ViewerKeys.number(value);
      if (!Double.isNaN(v)) {
        spans.metric(ViewerKeys.REWARD_METRIC, v);
      }
    }
    if (fact == Fact.SAMPLE_STATUS
        && key.statusFailsSpan
        && ViewerKeys.isFailedSampleStatus(ViewerKeys.stringOf(value))) {
      failedBySampleStatus = true;
    }
    int i = fact.ordinal();
    if (meaning.rank() >= ranks[i]) {
      return;
    }
    ranks[i] = meaning.rank();
    switch (fact) {
      case STAGE -> stage = ViewerKeys.stringOf(value);
      case KIND -> kind = ViewerKeys.stringOf(value);
      case SPAN_STATUS -> spanweaveStatus = value;
      case ERROR_TYPE -> {
        errorType = ViewerKeys.stringOf(value);
        outcomeErrorType = errorType;
      }
      case STEP -> {
        double v = ViewerKeys.number(value);
        if (Double.isNaN(v)) {
          ranks[i] = Integer.MAX_VALUE; // not a step: a later key may give one
        } else {
          step = (int) v;
        }
      }
      case SAMPLE -> sample = ViewerKeys.stringOf(value);
      case RUN_ID -> runId = ViewerKeys.stringOf(value);
      case SAMPLE_STATUS -> outcomeStatus = ViewerKeys.stringOf(value);
      case LLM_OPERATION -> {
        llm = true;
        llmOperation = ViewerKeys.stringOf(value);
      }
      case LLM_MODEL -> {
        llm = true;
        llmModel = ViewerKeys.stringOf(value);
      }
      case LLM_INPUT_TOKENS -> {
        llm = true;
        inputTokens = count(value);
      }
      case LLM_OUTPUT_TOKENS -> {
        llm = true;
        outputTokens = count(value);
      }
      case LLM_FINISH_REASONS -> llm = true;
      case LLM_TIME_TO_FIRST_TOKEN -> {
        llm = true;
        double seconds = ViewerKeys.number(value);
        timeToFirstTokenNanos =
            Double.isNaN(seconds) || seconds < 0 ? -1 : Math.round(seconds * 1e9);
      }
      default -> {} // facts of the sample the summaries do not count (group, reward, filters, ...)
    }
  }

  /** An exception event's type, if it is the first. */
  void exceptionType(Object value) {
    if (exceptionType == null) {
      exceptionType = ViewerKeys.stringOf(value);
    }
  }

  /**
   * Whether the span failed, by its spanweave status word, its sample status and its OTLP status
   * code.
   */
  boolean error(int statusCode) {
    boolean error = statusCode == 2;
    if (spanweaveStatus instanceof String s) {
      switch (s.toLowerCase(Locale.ROOT)) {
        case "error", "failed", "failure", "exception" -> error = true;
        case "cancelled", "canceled", "aborted", "interrupted", "timeout" -> error = false;
        default -> {}
      }
    }
    return error || (spanweaveStatus == null && failedBySampleStatus);
  }

  /** The error type the summaries count for the span: null unless it failed. */
  String errorTypeIf(boolean error) {
    if (!error) {
      return null;
    }
    if (errorType != null) {
      return errorType;
    }
    return exceptionType != null ? exceptionType : UNKNOWN_ERROR;
  }

  /** Whether the span is a model call, by its GenAI operation, else by a model or a token count. */
  boolean modelCall() {
    if (!llm) {
      return false;
    }
    if (llmOperation != null) {
      return !GenAiAttributes.NOT_MODEL_CALLS.contains(llmOperation);
    }
    return llmModel != null || inputTokens >= 0 || outputTokens >= 0;
  }

  /** A positive attempt number from a string or number, 0 for anything else. */
  static int attemptOf(Object value) {
    double v = ViewerKeys.number(value);
    return v >= 1 && v <= Integer.MAX_VALUE && v == Math.rint(v) ? (int) v : 0;
  }

  private static long count(Object value) {
    double v = ViewerKeys.number(value);
    return Double.isNaN(v) || v < 0 ? -1 : Math.round(v);
  }
}
