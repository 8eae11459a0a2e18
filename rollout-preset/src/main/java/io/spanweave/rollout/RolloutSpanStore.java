package io.spanweave.rollout;

import io.spanweave.conventions.RolloutAttributes;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Spans kept in memory and queried by rollout, attempt and name: for tests and smoke checks, fed by
 * an offline {@link RolloutEmitter} or read from a run's {@code traces.jsonl}.
 *
 * <p>A span belongs to a rollout when it, or its nearest ancestor in the store that says, carries
 * {@code rollout.id} (and likewise {@code rollout.attempt.id}): a reward emitted inside an endpoint
 * belongs to the endpoint's sample without repeating its id. A batch span belongs to every sample
 * in its {@code rollout.batch.ids}. Queries return spans ordered by start time. Thread-safe.
 *
 * <pre>{@code
 * RolloutSpanStore store = RolloutSpanStore.fromTraceFile(runtime.traceFile());
 * assertThat(Rewards.findFinalReward(store.byRollout("sample-7"))).hasValue(1.0);
 * }</pre>
 */
public final class RolloutSpanStore {

  private final List<RolloutSpan> spans = new ArrayList<>();
  private final Map<String, RolloutSpan> byId = new HashMap<>();

  /** An empty store. */
  public RolloutSpanStore() {}

  /** A store holding every span of a run's trace file; see {@link TraceFileReader#read(Path)}. */
  public static RolloutSpanStore fromTraceFile(Path traceFile) throws IOException {
    RolloutSpanStore store = new RolloutSpanStore();
    store.addAll(TraceFileReader.read(traceFile));
    return store;
  }

  public synchronized void add(RolloutSpan span) {
    spans.add(Objects.requireNonNull(span, "span"));
    byId.put(key(span.traceId(), span.spanId()), span);
  }

  public synchronized void addAll(Iterable<RolloutSpan> more) {
    more.forEach(this::add);
  }

  /** Every span, ordered by start time. */
  public synchronized List<RolloutSpan> all() {
    return query(null, null, null);
  }

  /** The spans of rollout {@code rolloutId}. */
  public List<RolloutSpan> byRollout(String rolloutId) {
    return query(Objects.requireNonNull(rolloutId, "rolloutId"), null, null);
  }

  /** The spans of one attempt of rollout {@code rolloutId}. */
  public List<RolloutSpan> byAttempt(String rolloutId, String attemptId) {
    return query(
        Objects.requireNonNull(rolloutId, "rolloutId"),
        Objects.requireNonNull(attemptId, "attemptId"),
        null);
  }

  /** The spans named {@code name}. */
  public List<RolloutSpan> byName(String name) {
    return query(null, null, Objects.requireNonNull(name, "name"));
  }

  /** The spans matching every argument that is not {@code null}. */
  public synchronized List<RolloutSpan> query(String rolloutId, String attemptId, String name) {
    List<RolloutSpan> found = new ArrayList<>();
    for (RolloutSpan span : spans) {
      if ((name == null || name.equals(span.name()))
          && (rolloutId == null
              || rolloutId.equals(inherited(span, RolloutAttributes.ROLLOUT_ID))
              || servedInBatch(span, rolloutId))
          && (attemptId == null
              || attemptId.equals(inherited(span, RolloutAttributes.ATTEMPT_ID)))) {
        found.add(span);
      }
    }
    found.sort(Comparator.comparingLong(RolloutSpan::startEpochNanos));
    return found;
  }

  /**
   * The one span named {@code name} in the store; fails, listing the names present, when there is
   * not exactly one.
   */
  public synchronized RolloutSpan single(String name) {
    List<RolloutSpan> named = byName(name);
    if (named.size() != 1) {
      throw new IllegalStateException(
          "expected exactly one span named '"
              + name
              + "' but found "
              + named.size()
              + "; the store holds "
              + spans.stream().map(RolloutSpan::name).distinct().sorted().toList());
    }
    return named.get(0);
  }

  /** Whether {@code span} served several samples at once, {@code rolloutId} among them. */
  private static boolean servedInBatch(RolloutSpan span, String rolloutId) {
    Object ids = span.attribute(RolloutAttributes.BATCH_ROLLOUT_IDS);
    return ids instanceof List<?> && ((List<?>) ids).contains(rolloutId);
  }

  /** The span's own value of {@code key}, else its nearest ancestor's. */
  private String inherited(RolloutSpan span, String key) {
    RolloutSpan at = span;
    for (int hops = 0;
        at != null && hops < 1000;
        hops++) { // the cap guards against a corrupt parent cycle
      String value = at.stringAttribute(key);
      if (value != null) {
        return value;
      }
      at = at.isRoot() ? null : byId.get(key(at.traceId(), at.parentSpanId()));
    }
    return null;
  }

  private static String key(String traceId, String spanId) {
    return traceId + "/" + spanId;
  }

  public synchronized int size() {
    return spans.size();
  }
}
