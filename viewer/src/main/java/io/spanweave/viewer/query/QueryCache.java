package io.spanweave.viewer.query;

import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.function.Supplier;

/**
 * Remembers aggregate answers until the data changes. Aggregates over a million spans take tens of
 * milliseconds; the page asks for the same ones repeatedly, so answering from memory keeps
 * responses far below the 100 ms budget. Entries are dropped when the index version moves on.
 */
final class QueryCache {
  private static final int MAX_ENTRIES = 256;

  private record Entry(long indexVersion, long liveVersion, Object value) {}

  private final Map<String, Entry> entries = new ConcurrentHashMap<>();

  @SuppressWarnings("unchecked")
  <T> T get(String key, long indexVersion, long liveVersion, Supplier<T> compute) {
    Entry e = entries.get(key);
    if (e != null && e.indexVersion == indexVersion && e.liveVersion == liveVersion) {
      return (T) e.value;
    }
    T value = compute.get();
    if (entries.size() >= MAX_ENTRIES) {
      entries.clear();
    }
    entries.put(key, new Entry(indexVersion, liveVersion, value));
    return value;
  }
}
