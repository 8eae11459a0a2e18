package io.spanweave.viewer.index;

import io.spanweave.conventions.SpanAttributes;
import io.spanweave.conventions.ViewerKeys;
import io.spanweave.conventions.ViewerKeys.Fact;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * What the index needs from one span, read from its attributes in a single pass. It is computed on
 * the parse threads, so the single indexing thread only interns and stores; that split is what lets
 * indexing keep up with parsing on a small machine. Which attribute means what is {@link
 * ViewerKeys}'s to say.
 */
final class SpanFacts {
  String stage;
  String kind;
  SpanStatus status = SpanStatus.OK;
  String errorType;
  int step = SpanIndex.NO_STEP;
  String sample;
  String path;
  String service;
  String runId;

  /**
   * The attempt of the run ({@link SpanAttributes#RUN_ATTEMPT}) the span's resource names, else a
   * span attribute of that name (a tracing backend keeps resource attributes as tags); 0 for none.
   */
  int attempt;

  /**
   * The span's and its parent's id as longs (0 for none), parsed here rather than on the indexing
   * thread.
   */
  long spanIdBits;

  long parentIdBits;

  /** Facts about the sample, null when the span carries none. */
  SampleOutcome outcome;

  /** What the span says of the LLM call it is, null when it is none. */
  LlmCallFacts llm;

  /** Metric keys and values, side by side. */
  final List<String> metricKeys = new ArrayList<>(4);

  final List<Double> metricValues = new ArrayList<>(4);

  /** String attribute values short enough to search, with their hash codes computed here. */
  final List<String> searchable = new ArrayList<>(16);

  /** Per fact, the rank of the key that set it; a key of a lower rank wins. */
  private final int[] ranks = new int[FACTS];

  /** {@code Fact.values()} copies the array at each call; spans are many. */
  private static final int FACTS = Fact.values().length;

  private SpanFacts() {
    Arrays.fill(ranks, Integer.MAX_VALUE);
  }

  static SpanFacts of(ParsedSpan s, int maxSearchableLength) {
    SpanFacts f = new SpanFacts();
    Object spanweaveStatus = null;
    boolean failedBySampleStatus = false;
    for (Attribute a : s.attributes) {
      String key = a.key();
      Object value = a.value();
      if (value == null) {
        continue;
      }
      f.collectSearchable(value, maxSearchableLength);
      if (key.equals(SpanAttributes.RUN_ATTEMPT)) {
        f.attempt = attemptOf(value);
        continue;
      }
      ViewerKeys.Key meaning = ViewerKeys.key(key);
      if (meaning == null) {
        if (!key.startsWith(ViewerKeys.METRIC_PREFIX)) {
          continue;
        }
        String metric = key.substring(ViewerKeys.METRIC_PREFIX.length());
        double v = ViewerKeys.number(value);
        if (!Double.isNaN(v)) {
          f.metric(metric, v);
        }
        // A @Traced metric keyed with a GenAI name (gen_ai.usage.input_tokens) is that fact too.
        meaning = ViewerKeys.metricKey(metric);
        if (meaning == null) {
          continue;
        }
      }
      if (meaning.fact() == Fact.REWARD) {
        // Every reward attribute is a point of the reward metric, the first one the sample's
        // reward.
        double v = ViewerKeys.number(value);
        if (!Double.isNaN(v)) {
          f.metric(ViewerKeys.REWARD_METRIC, v);
        }
      }
      if (meaning.fact() == Fact.SAMPLE_STATUS
          && ViewerKeys.sampleStatusAlsoFailsSpan(key)
          && ViewerKeys.isFailedSampleStatus(ViewerKeys.stringOf(value))) {
        failedBySampleStatus = true;
      }
      if (!f.wins(meaning)) {
        continue;
      }
      switch (meaning.fact()) {
        case STAGE -> f.stage = ViewerKeys.stringOf(value);
        case KIND -> f.kind = ViewerKeys.stringOf(value);
        case SPAN_STATUS -> spanweaveStatus = value;
        case ERROR_TYPE -> {
          f.errorType = ViewerKeys.stringOf(value);
          f.outcome(Fact.ERROR_TYPE, value);
        }
        case STEP -> {
          double v = ViewerKeys.number(value);
          if (Double.isNaN(v)) {
            f.ranks[Fact.STEP.ordinal()] =
                Integer.MAX_VALUE; // not a step: a later key may give one
          } else {
            f.step = (int) v;
          }
        }
        case SAMPLE -> f.sample = ViewerKeys.stringOf(value);
        case PATH -> f.path = ViewerKeys.pathOf(value);
        case RUN_ID -> f.runId = ViewerKeys.stringOf(value);
        case LLM_OPERATION,
            LLM_MODEL,
            LLM_INPUT_TOKENS,
            LLM_OUTPUT_TOKENS,
            LLM_FINISH_REASONS,
            LLM_TIME_TO_FIRST_TOKEN ->
            f.llm().set(meaning.fact(), value);
        default -> f.outcome(meaning.fact(), value);
      }
    }
    // The resource names the run authoritatively; a span attribute is only a fallback.
    String resourceRun = null;
    int resourceRunRank = Integer.MAX_VALUE;
    for (Attribute a : s.resource) {
      if (a.value() == null) {
        continue;
      }
      if (a.key().equals(ViewerKeys.SERVICE_NAME)) {
        f.service = ViewerKeys.stringOf(a.value());
        continue;
      }
      if (a.key().equals(SpanAttributes.RUN_ATTEMPT)) {
        int named = attemptOf(a.value());
        f.attempt = named > 0 ? named : f.attempt;
        continue;
      }
      ViewerKeys.Key meaning = ViewerKeys.key(a.key());
      if (meaning != null && meaning.fact() == Fact.RUN_ID && meaning.rank() < resourceRunRank) {
        resourceRunRank = meaning.rank();
        resourceRun = ViewerKeys.stringOf(a.value());
      }
    }
    if (resourceRun != null) {
      f.runId = resourceRun;
    }
    if (f.stage == null) {
      f.stage = s.name;
    }
    f.status = SpanStatus.of(spanweaveStatus, s.statusCode);
    if (spanweaveStatus == null && failedBySampleStatus) {
      f.status = SpanStatus.ERROR;
    }
    if (f.status == SpanStatus.ERROR && f.errorType == null) {
      f.errorType = exceptionType(s);
    }
    if (f.status != SpanStatus.ERROR) {
      f.errorType = null;
    }
    if (f.outcome != null && f.outcome.isEmpty()) {
      f.outcome = null;
    }
    if (f.llm != null && !f.llm.isModelCall()) {
      f.llm = null;
    }
    f.spanIdBits = SpanIds.spanIdToLong(s.spanId);
    f.parentIdBits = SpanIds.spanIdToLong(s.parentSpanId);
    hash(s.traceId);
    f.prehash();
    return f;
  }

  /** A positive attempt number from a string or number, 0 for anything else. */
  static int attemptOf(Object value) {
    double v = ViewerKeys.number(value);
    return v >= 1 && v <= Integer.MAX_VALUE && v == Math.rint(v) ? (int) v : 0;
  }

  private boolean wins(ViewerKeys.Key meaning) {
    int i = meaning.fact().ordinal();
    if (meaning.rank() < ranks[i]) {
      ranks[i] = meaning.rank();
      return true;
    }
    return false;
  }

  private void outcome(Fact fact, Object value) {
    if (outcome == null) {
      outcome = new SampleOutcome();
    }
    SampleOutcome o = outcome;
    switch (fact) {
      case GROUP -> o.group = ViewerKeys.stringOf(value);
      case SESSION -> o.session = ViewerKeys.stringOf(value);
      case TASK -> o.task = ViewerKeys.stringOf(value);
      case SAMPLE_STATUS -> o.status = ViewerKeys.stringOf(value);
      case ERROR_TYPE -> o.errorType = ViewerKeys.stringOf(value);
      case ERROR_MESSAGE -> o.errorMessage = ViewerKeys.stringOf(value);
      case REWARD -> o.reward = ViewerKeys.number(value);
      case REWARD_PASS -> o.rewardPass = SampleOutcome.flag(ViewerKeys.truth(value));
      case FILTERED -> o.filtered = SampleOutcome.flag(ViewerKeys.truth(value));
      case FILTER_DECISION -> o.filterDecision = ViewerKeys.stringOf(value);
      case FILTER_REASON -> o.filterReason = ViewerKeys.stringOf(value);
      case TRAIN_INCLUDED -> o.trainIncluded = SampleOutcome.flag(ViewerKeys.truth(value));
      case OVERSAMPLE_SOURCE -> o.oversampleSource = ViewerKeys.stringOf(value);
      case DROP_REASON -> o.dropReason = ViewerKeys.stringOf(value);
      default -> {}
    }
  }

  private LlmCallFacts llm() {
    if (llm == null) {
      llm = new LlmCallFacts();
    }
    return llm;
  }

  private void metric(String key, double value) {
    metricKeys.add(key);
    metricValues.add(value);
  }

  private void collectSearchable(Object value, int maxLength) {
    if (value instanceof String str) {
      if (str.length() <= maxLength) {
        searchable.add(str);
      }
    } else if (value instanceof List<?> list) {
      for (Object element : list) {
        collectSearchable(element, maxLength);
      }
    }
  }

  private static String exceptionType(ParsedSpan s) {
    for (SpanEvent e : s.events) {
      if (e.name().equals(ViewerKeys.EXCEPTION_EVENT)) {
        for (Attribute a : e.attributes()) {
          if (a.key().equals(ViewerKeys.EXCEPTION_TYPE) && a.value() != null) {
            return ViewerKeys.stringOf(a.value());
          }
        }
      }
    }
    return "unknown";
  }

  /**
   * Strings cache their hash code; computing it here, on a parse thread, spares the indexing thread
   * that work when it interns them.
   */
  @SuppressWarnings("ReturnValueIgnored") // hashCode() is called for its cached result
  private void prehash() {
    for (String str : searchable) {
      str.hashCode();
    }
    hash(stage);
    hash(kind);
    hash(errorType);
    hash(sample);
    hash(path);
    hash(service);
    hash(runId);
    if (llm != null) {
      hash(llm.model);
      hash(llm.operation);
    }
    if (outcome != null) {
      hash(outcome.group);
      hash(outcome.task);
      hash(outcome.status);
    }
  }

  @SuppressWarnings("ReturnValueIgnored") // hashCode() is called for its cached result
  private static void hash(String s) {
    if (s != null) {
      s.hashCode();
    }
  }
}
