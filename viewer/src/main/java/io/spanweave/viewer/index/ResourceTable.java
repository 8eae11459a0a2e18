package io.spanweave.viewer.index;

import java.util.HashMap;
import java.util.Map;

/** The distinct (service.name, run id) pairs of the spans; queries filter runs through it. */
final class ResourceTable {
  private final StringPool strings;
  private final Map<Long, Integer> byKey = new HashMap<>();
  final IntColumn service = new IntColumn(16);
  final IntColumn run = new IntColumn(16);

  ResourceTable(StringPool strings) {
    this.strings = strings;
  }

  /** The row of the pair, added if new; a missing service or run is "". */
  int index(String serviceName, String runId) {
    int serviceString = strings.intern(serviceName == null ? "" : serviceName);
    int runString = strings.intern(runId == null ? "" : runId);
    long key = ((long) serviceString << 32) | (runString & 0xFFFFFFFFL);
    Integer existing = byKey.get(key);
    if (existing != null) {
      return existing;
    }
    int r = service.size();
    byKey.put(key, r);
    service.add(serviceString);
    run.add(runString);
    return r;
  }

  int count() {
    return service.size();
  }
}
