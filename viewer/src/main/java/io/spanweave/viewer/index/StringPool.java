package io.spanweave.viewer.index;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * Interns strings to dense int ids. Span names, stages, attribute values and sample ids repeat
 * across a million spans; storing each once and referring to it by id is what keeps the index small.
 */
public final class StringPool {
  /** The id used for "no value". */
  public static final int NONE = -1;

  private final Map<String, Integer> ids = new HashMap<>();
  private final List<String> strings = new ArrayList<>();

  public int intern(String value) {
    if (value == null) {
      return NONE;
    }
    Integer id = ids.get(value);
    if (id != null) {
      return id;
    }
    int next = strings.size();
    strings.add(value);
    ids.put(value, next);
    return next;
  }

  /** The id of an already interned string, or {@link #NONE}; never adds. */
  public int find(String value) {
    Integer id = value == null ? null : ids.get(value);
    return id == null ? NONE : id;
  }

  public String get(int id) {
    return id < 0 ? null : strings.get(id);
  }

  public int size() {
    return strings.size();
  }
}
