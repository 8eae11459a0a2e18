package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.Map;

/**
 * The distinct (service.name, run id, attempt) triples of the spans; queries filter runs and
 * attempts through it. Attempt 0 stands for a resource that names none.
 */
final class ResourceTable {
  private final StringPool strings;
  private final Map<Key, Integer> byKey = new HashMap<>();
  final IntColumn service = new IntColumn(16);
  final IntColumn run = new IntColumn(16);
  final IntColumn attempt = new IntColumn(16);

  /** The highest attempt any resource names, 0 when none does. */
  private int maxAttempt;

  private record Key(int service, int run, int attempt) {}

  ResourceTable(StringPool strings) {
    this.strings = strings;
  }

  /** The row of the triple, added if new; a missing service or run is "", a missing attempt 0. */
  int index(String serviceName, String runId, int attemptNumber) {
    int serviceString = strings.intern(serviceName == null ? "" : serviceName);
    int runString = strings.intern(runId == null ? "" : runId);
    Key key = new Key(serviceString, runString, attemptNumber);
    Integer existing = byKey.get(key);
    if (existing != null) {
      return existing;
    }
    int r = service.size();
    byKey.put(key, r);
    service.add(serviceString);
    run.add(runString);
    attempt.add(attemptNumber);
    maxAttempt = Math.max(maxAttempt, attemptNumber);
    return r;
  }

  int count() {
    return service.size();
  }

  int maxAttempt() {
    return maxAttempt;
  }
}
