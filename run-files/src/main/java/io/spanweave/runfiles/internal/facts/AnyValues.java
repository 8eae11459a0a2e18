package io.spanweave.runfiles.internal.facts;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Reads OTLP {@code AnyValue}s at a {@link JsonCursor}: as the Java value the viewer's span parser
 * makes of one (String, Long, Double, Boolean, List, Map) when the summaries read the attribute, or
 * only checked and skipped when they do not. Arrays and kvlists are read as that parser's general
 * path reads them (a bare JSON scalar among an array's values is that scalar), so the summaries of
 * files whose spans carry arrays (GenAI finish reasons, XTuner's name paths) come out the same.
 *
 * <p>Not thread-safe.
 */
final class AnyValues {
  private static final byte[] STRING_VALUE = JsonCursor.bytes("stringValue");
  private static final byte[] INT_VALUE = JsonCursor.bytes("intValue");
  private static final byte[] DOUBLE_VALUE = JsonCursor.bytes("doubleValue");
  private static final byte[] BOOL_VALUE = JsonCursor.bytes("boolValue");
  private static final byte[] BYTES_VALUE = JsonCursor.bytes("bytesValue");
  private static final byte[] ARRAY_VALUE = JsonCursor.bytes("arrayValue");
  private static final byte[] KVLIST_VALUE = JsonCursor.bytes("kvlistValue");
  private static final byte[] VALUES = JsonCursor.bytes("values");
  private static final byte[] KEY = JsonCursor.bytes("key");
  private static final byte[] VALUE = JsonCursor.bytes("value");

  /** Nesting past this gives up (the general parser bounds nesting too). */
  private static final int MAX_DEPTH = 64;

  /**
   * Stands for "some value" when the value itself is not kept: only whether it is null matters
   * then.
   */
  static final Object SKIPPED = new Object();

  private final JsonCursor in;

  AnyValues(JsonCursor in) {
    this.in = in;
  }

  /**
   * Reads an AnyValue (or a bare JSON scalar).
   *
   * @param keep whether the value is wanted; when not, a non-null value is {@link #SKIPPED}
   * @return the value, null for an empty AnyValue or JSON null
   */
  Object read(boolean keep) {
    return read(keep, 0);
  }

  private Object read(boolean keep, int depth) {
    if (depth > MAX_DEPTH) {
      throw JsonCursor.GIVE_UP;
    }
    in.skipWhitespace();
    if (in.b[in.pos] != '{') {
      return scalar(keep);
    }
    in.pos++;
    if (in.objectEmpty()) {
      return null;
    }
    Object value = null;
    do {
      in.readKey();
      switch (in.keyLength) {
        case 11 -> {
          if (in.keyIs(STRING_VALUE)) {
            value = keep ? in.readString() : skipString();
          } else if (in.keyIs(DOUBLE_VALUE)) {
            double v = in.readDouble();
            value = keep ? (Object) v : SKIPPED;
          } else if (in.keyIs(KVLIST_VALUE)) {
            value = kvlist(keep, depth);
          } else {
            in.skipValue();
          }
        }
        case 8 -> {
          if (in.keyIs(INT_VALUE)) {
            long v = in.readInt64();
            value = keep ? (Object) v : SKIPPED;
          } else {
            in.skipValue();
          }
        }
        case 9 -> {
          if (in.keyIs(BOOL_VALUE)) {
            boolean v = in.readBoolean();
            value = keep ? (Object) v : SKIPPED;
          } else {
            in.skipValue();
          }
        }
        case 10 -> {
          if (in.keyIs(BYTES_VALUE)) {
            value = keep ? in.readString() : skipString();
          } else if (in.keyIs(ARRAY_VALUE)) {
            value = array(keep, depth);
          } else {
            in.skipValue();
          }
        }
        default -> in.skipValue();
      }
    } while (in.nextInObject());
    return value;
  }

  private Object skipString() {
    in.skipString();
    return SKIPPED;
  }

  /** A bare JSON value where an AnyValue object was expected, as the general parser reads it. */
  private Object scalar(boolean keep) {
    byte c = in.b[in.pos];
    switch (c) {
      case '"' -> {
        in.scanString();
        return keep ? in.text() : SKIPPED;
      }
      case 't', 'f' -> {
        boolean v = in.readBoolean();
        return keep ? (Object) v : SKIPPED;
      }
      case 'n' -> {
        in.skipValue();
        return null;
      }
      case '[', ']', '}', ',' -> throw JsonCursor.GIVE_UP;
      default -> {
        int start = in.pos;
        int stop = in.numberEnd();
        if (in.isInteger(start, stop)) {
          long v = in.parseLong(start, stop);
          in.pos = stop;
          return keep ? (Object) v : SKIPPED;
        }
        in.pos = start;
        double v = in.readDouble();
        return keep ? (Object) v : SKIPPED;
      }
    }
  }

  private List<Object> array(boolean keep, int depth) {
    in.expect('{');
    List<Object> values = keep ? new ArrayList<>() : null;
    if (in.objectEmpty()) {
      return values == null ? List.of() : values;
    }
    do {
      in.readKey();
      if (in.keyIs(VALUES)) {
        in.expect('[');
        if (!in.arrayEmpty()) {
          do {
            Object v = read(keep, depth + 1);
            if (values != null) {
              values.add(v);
            }
          } while (in.nextInArray());
        }
      } else {
        in.skipValue();
      }
    } while (in.nextInObject());
    return values == null ? List.of() : values;
  }

  private Map<String, Object> kvlist(boolean keep, int depth) {
    in.expect('{');
    Map<String, Object> map = keep ? new LinkedHashMap<>() : null;
    if (in.objectEmpty()) {
      return map == null ? Map.of() : map;
    }
    do {
      in.readKey();
      if (in.keyIs(VALUES)) {
        in.expect('[');
        if (!in.arrayEmpty()) {
          do {
            pair(map, keep, depth);
          } while (in.nextInArray());
        }
      } else {
        in.skipValue();
      }
    } while (in.nextInObject());
    return map == null ? Map.of() : map;
  }

  private void pair(Map<String, Object> map, boolean keep, int depth) {
    in.expect('{');
    String key = null;
    Object value = null;
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(KEY)) {
          in.scanString();
          key = keep ? in.text() : "";
        } else if (in.keyIs(VALUE)) {
          value = read(keep, depth + 1);
        } else {
          in.skipValue();
        }
      } while (in.nextInObject());
    }
    if (map != null && key != null) {
      map.put(key, value);
    }
  }
}
