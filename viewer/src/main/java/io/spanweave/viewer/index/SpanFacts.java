package io.spanweave.viewer.index;

import java.util.ArrayList;
import java.util.List;

/**
 * What the index needs from one span, read from its attributes in a single pass. It is computed
 * on the parse threads, so the single indexing thread only interns and stores; that split is what
 * lets indexing keep up with parsing on a small machine.
 */
final class SpanFacts {
  String stage;
  String kind;
  SpanStatus status = SpanStatus.OK;
  String errorType;
  int step = SpanIndex.NO_STEP;
  String sample;
  String group;
  String session;
  String task;
  String rolloutStatus;
  String path;
  double reward = Double.NaN;
  int filtered = -1;
  String filterReason;
  String service;
  String runId;
  /** Metric keys and values, side by side. */
  final List<String> metricKeys = new ArrayList<>(4);
  final List<Double> metricValues = new ArrayList<>(4);
  /** String attribute values short enough to search, with their hash codes computed here. */
  final List<String> searchable = new ArrayList<>(16);

  private int stageRank = Integer.MAX_VALUE;
  private int sampleRank = Integer.MAX_VALUE;
  private int stepRank = Integer.MAX_VALUE;

  static SpanFacts of(ParsedSpan s, int maxSearchableLength) {
    SpanFacts f = new SpanFacts();
    Object spanweaveStatus = null;
    for (Attribute a : s.attributes) {
      String key = a.key();
      Object value = a.value();
      if (value == null) {
        continue;
      }
      f.collectSearchable(value, maxSearchableLength);
      switch (key) {
        case "spanweave.stage" -> f.stage(0, value);
        case "xtuner.stage" -> f.stage(1, value);
        case "stage" -> f.stage(2, value);
        case "stage.name" -> f.stage(3, value);
        case "spanweave.kind" -> f.kind = SpanConventions.stringOf(value);
        case "spanweave.status" -> spanweaveStatus = value;
        case "error.type" -> f.errorType = SpanConventions.stringOf(value);
        case "rollout.step" -> f.step(0, value);
        case "xtuner.train_step" -> f.step(1, value);
        case "xtuner.producer_future_step" -> f.step(2, value);
        case "rollout.id", "xtuner.rollout_id" -> f.sample(0, value);
        // What @TraceAttribute("sample.id") writes when the rollout preset is not used.
        case "sample.id" -> f.sample(1, value);
        case "rollout.group.id", "xtuner.group_id" -> f.group = first(f.group, value);
        case "rollout.session.id", "xtuner.session_id" -> f.session = first(f.session, value);
        case "rollout.task", "xtuner.task_name" -> f.task = first(f.task, value);
        case "rollout.status", "xtuner.status" -> f.rolloutStatus = first(f.rolloutStatus, value);
        case "rollout.span_name_path", "xtuner.span_name_path" -> f.path = first(f.path, value);
        case "rollout.filtered", "xtuner.filtered" -> {
          Boolean b = SpanConventions.truth(value);
          if (b != null && f.filtered < 0) {
            f.filtered = b ? 1 : 0;
          }
        }
        case "rollout.filter.reason", "rollout.filter_reason", "xtuner.filter_reason" ->
            f.filterReason = first(f.filterReason, value);
        case "rollout.reward.score", "xtuner.reward" -> {
          double v = SpanConventions.number(value);
          if (!Double.isNaN(v)) {
            if (Double.isNaN(f.reward)) {
              f.reward = v;
            }
            f.metric(SpanConventions.REWARD_METRIC, v);
          }
        }
        case "spanweave.run.id", "run.id" -> f.runId = first(f.runId, value);
        default -> {
          if (key.startsWith(SpanConventions.METRIC_PREFIX)) {
            double v = SpanConventions.number(value);
            if (!Double.isNaN(v)) {
              f.metric(key.substring(SpanConventions.METRIC_PREFIX.length()), v);
            }
          }
        }
      }
    }
    // The resource names the run authoritatively; a span attribute is only a fallback.
    String resourceRun = null;
    for (Attribute a : s.resource) {
      if (a.value() == null) {
        continue;
      }
      switch (a.key()) {
        case "service.name" -> f.service = SpanConventions.stringOf(a.value());
        case "spanweave.run.id" -> resourceRun = SpanConventions.stringOf(a.value());
        case "run.id" -> resourceRun = resourceRun != null ? resourceRun : SpanConventions.stringOf(a.value());
        default -> { }
      }
    }
    if (resourceRun != null) {
      f.runId = resourceRun;
    }
    if (f.stage == null) {
      f.stage = s.name;
    }
    f.status = SpanStatus.of(spanweaveStatus, s.statusCode);
    if (f.status == SpanStatus.ERROR && f.errorType == null) {
      f.errorType = exceptionType(s);
    }
    if (f.status != SpanStatus.ERROR) {
      f.errorType = null;
    }
    f.prehash();
    return f;
  }

  private void stage(int rank, Object value) {
    if (rank < stageRank) {
      stageRank = rank;
      stage = SpanConventions.stringOf(value);
    }
  }

  private void sample(int rank, Object value) {
    if (rank < sampleRank) {
      sampleRank = rank;
      sample = SpanConventions.stringOf(value);
    }
  }

  private void step(int rank, Object value) {
    double v = SpanConventions.number(value);
    if (rank < stepRank && !Double.isNaN(v)) {
      stepRank = rank;
      step = (int) v;
    }
  }

  private void metric(String key, double value) {
    metricKeys.add(key);
    metricValues.add(value);
  }

  private static String first(String current, Object value) {
    return current != null ? current : SpanConventions.stringOf(value);
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
      if (e.name().equals("exception")) {
        for (Attribute a : e.attributes()) {
          if (a.key().equals("exception.type") && a.value() != null) {
            return SpanConventions.stringOf(a.value());
          }
        }
      }
    }
    return "unknown";
  }

  /**
   * Strings cache their hash code; computing it here, on a parse thread, spares the indexing
   * thread that work when it interns them.
   */
  private void prehash() {
    for (String str : searchable) {
      str.hashCode();
    }
    hash(stage);
    hash(kind);
    hash(errorType);
    hash(sample);
    hash(group);
    hash(session);
    hash(task);
    hash(rolloutStatus);
    hash(path);
    hash(filterReason);
    hash(service);
    hash(runId);
  }

  private static void hash(String s) {
    if (s != null) {
      s.hashCode();
    }
  }
}
