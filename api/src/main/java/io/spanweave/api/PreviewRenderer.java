package io.spanweave.api;

import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SensitiveKeys;
import java.io.InputStream;
import java.io.Reader;
import java.lang.reflect.Array;
import java.lang.reflect.Method;
import java.lang.reflect.RecordComponent;
import java.nio.channels.Channel;
import java.util.Collection;
import java.util.IdentityHashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.Future;
import java.util.stream.BaseStream;

/**
 * Renders a value as bounded, JSON-like text for a preview, without changing the program: no
 * Jackson, no getters, nothing that consumes a stream or iterator, or waits on a future.
 *
 * <ul>
 *   <li>strings, numbers, booleans, characters and enums as JSON values;
 *   <li>maps, collections, arrays and records by their contents, at most {@link #MAX_ELEMENTS}
 *       elements each and {@link #MAX_DEPTH} levels deep; values under secret-looking keys ({@link
 *       SensitiveKeys}) as {@code [REDACTED]};
 *   <li>{@code byte[]} and {@code char[]} by their length only: bytes are payloads and a {@code
 *       char[]} is how Java holds passwords;
 *   <li>streams, iterators, readers, channels and futures by their type only, since reading them
 *       would change what the program sees;
 *   <li>anything else through its own {@code toString()}, if it has one, cut to the budget.
 * </ul>
 *
 * <p>A value whose rendering throws (a record accessor, a {@code toString()}, a collection modified
 * meanwhile) renders as {@code <unserializable TypeName>}; the rest of the preview stays.
 */
final class PreviewRenderer {

  static final int MAX_DEPTH = 6;
  static final int MAX_ELEMENTS = 64;

  private final int budget;
  private final StringBuilder out = new StringBuilder();
  private final IdentityHashMap<Object, Boolean> path = new IdentityHashMap<>();
  private boolean cut;
  private boolean redacted;

  /**
   * @param budget characters after which rendering stops; the caller truncates the rest precisely.
   */
  private PreviewRenderer(int budget) {
    this.budget = budget;
  }

  /** The rendered text, whether it hit the budget, and whether a value was redacted by its key. */
  record Rendered(String text, boolean cut, boolean redacted) {}

  static Rendered render(Object value, int budget) {
    PreviewRenderer renderer = new PreviewRenderer(budget);
    renderer.value(value, 0);
    return new Rendered(renderer.out.toString(), renderer.cut, renderer.redacted);
  }

  /** {@code <unserializable TypeName>}. */
  static String unserializable(Object value) {
    return "<unserializable " + typeName(value) + ">";
  }

  private boolean full() {
    if (out.length() >= budget) {
      cut = true;
    }
    return cut;
  }

  private void value(Object value, int depth) {
    if (full()) {
      return;
    }
    int mark = out.length();
    try {
      write(value, depth);
    } catch (RuntimeException | StackOverflowError | LinkageError e) {
      out.setLength(mark);
      out.append('"').append(unserializable(value)).append('"');
    }
  }

  private void write(Object value, int depth) {
    if (value == null) {
      out.append("null");
    } else if (value instanceof CharSequence || value instanceof Character) {
      string(value.toString());
    } else if (value instanceof Number || value instanceof Boolean) {
      out.append(value);
    } else if (value instanceof Enum<?>) {
      string(((Enum<?>) value).name());
    } else if (value instanceof Optional<?>) {
      value(((Optional<?>) value).orElse(null), depth);
    } else if (value instanceof byte[] || value instanceof char[]) {
      string("<" + typeName(value).replace("[]", "[" + Array.getLength(value) + "]") + ">");
    } else if (isUnreadable(value)) {
      string("<" + typeName(value) + ">");
    } else if (depth >= MAX_DEPTH) {
      string("<" + typeName(value) + " nested too deep>");
    } else if (path.containsKey(value)) {
      string("<cycle " + typeName(value) + ">");
    } else {
      path.put(value, Boolean.TRUE);
      try {
        container(value, depth);
      } finally {
        path.remove(value);
      }
    }
  }

  private void container(Object value, int depth) {
    if (value instanceof Map<?, ?>) {
      map((Map<?, ?>) value, depth);
    } else if (value instanceof Collection<?>) {
      elements(((Collection<?>) value).iterator(), ((Collection<?>) value).size(), depth);
    } else if (value.getClass().isArray()) {
      array(value, depth);
    } else if (value instanceof Record) {
      record((Record) value, depth);
    } else {
      text(value);
    }
  }

  private void map(Map<?, ?> map, int depth) {
    out.append('{');
    int shown = 0;
    for (Map.Entry<?, ?> entry : map.entrySet()) {
      if (shown > 0) {
        out.append(", ");
      }
      if (shown == MAX_ELEMENTS) {
        more(map.size() - shown);
        break;
      }
      String key = keyText(entry.getKey());
      member(key, entry.getValue(), depth);
      shown++;
      if (full()) {
        return;
      }
    }
    out.append('}');
  }

  private void record(Record record, int depth) {
    out.append('{');
    RecordComponent[] components = record.getClass().getRecordComponents();
    for (int i = 0; i < components.length; i++) {
      if (i > 0) {
        out.append(", ");
      }
      String name = components[i].getName();
      if (SensitiveKeys.isSecret(name)) {
        member(name, null, depth); // never call the accessor of a secret
        continue;
      }
      Method accessor = components[i].getAccessor();
      Object component;
      try {
        accessor.trySetAccessible();
        component = accessor.invoke(record);
      } catch (ReflectiveOperationException | RuntimeException e) {
        string(name);
        out.append(": ");
        string("<unserializable " + components[i].getType().getName() + ">");
        continue;
      }
      member(name, component, depth);
      if (full()) {
        return;
      }
    }
    out.append('}');
  }

  private void member(String key, Object value, int depth) {
    string(key);
    out.append(": ");
    if (SensitiveKeys.isSecret(key)) {
      string(SecretValues.REDACTED);
      redacted = true;
    } else {
      value(value, depth + 1);
    }
  }

  private void elements(Iterator<?> iterator, int size, int depth) {
    out.append('[');
    int shown = 0;
    while (iterator.hasNext()) {
      if (shown > 0) {
        out.append(", ");
      }
      if (shown == MAX_ELEMENTS) {
        more(size - shown);
        break;
      }
      value(iterator.next(), depth + 1);
      shown++;
      if (full()) {
        return;
      }
    }
    out.append(']');
  }

  private void array(Object array, int depth) {
    int length = Array.getLength(array);
    out.append('[');
    for (int i = 0; i < length; i++) {
      if (i > 0) {
        out.append(", ");
      }
      if (i == MAX_ELEMENTS) {
        more(length - i);
        break;
      }
      value(Array.get(array, i), depth + 1);
      if (full()) {
        return;
      }
    }
    out.append(']');
  }

  private void more(int remaining) {
    string("… " + remaining + " more");
  }

  /**
   * A user type's own {@code toString()}, cut to what is left of the budget; its type name when it
   * has none.
   */
  private void text(Object value) {
    if (!overridesToString(value.getClass())) {
      string("<" + typeName(value) + ">");
      return;
    }
    String text = value.toString();
    if (text == null) {
      out.append("null");
      return;
    }
    int room = Math.max(0, budget - out.length());
    string(text.length() > room ? text.substring(0, room) : text);
  }

  private static boolean overridesToString(Class<?> type) {
    try {
      return type.getMethod("toString").getDeclaringClass() != Object.class;
    } catch (NoSuchMethodException e) {
      return false;
    }
  }

  private static boolean isUnreadable(Object value) {
    return value instanceof BaseStream<?, ?>
        || value instanceof Iterator<?>
        || value instanceof InputStream
        || value instanceof Reader
        || value instanceof Channel
        || value instanceof Future<?>
        || (value instanceof Iterable<?> && !(value instanceof Collection<?>));
  }

  private static String keyText(Object key) {
    if (key == null) {
      return "null";
    }
    if (key instanceof CharSequence
        || key instanceof Number
        || key instanceof Boolean
        || key instanceof Character) {
      return key.toString();
    }
    if (key instanceof Enum<?>) {
      return ((Enum<?>) key).name();
    }
    return "<" + typeName(key) + ">";
  }

  private void string(String text) {
    out.append('"');
    for (int i = 0; i < text.length(); i++) {
      char c = text.charAt(i);
      switch (c) {
        case '"':
          out.append("\\\"");
          break;
        case '\\':
          out.append("\\\\");
          break;
        case '\n':
          out.append("\\n");
          break;
        case '\r':
          out.append("\\r");
          break;
        case '\t':
          out.append("\\t");
          break;
        default:
          if (c < 0x20) {
            out.append(String.format("\\u%04x", (int) c));
          } else {
            out.append(c);
          }
      }
      if ((i & 255) == 255 && full()) {
        return;
      }
    }
    out.append('"');
  }

  private static String typeName(Object value) {
    return value == null ? "null" : value.getClass().getTypeName();
  }
}
