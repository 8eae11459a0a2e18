package io.spanweave.conventions;

import java.lang.reflect.Array;
import java.math.BigDecimal;
import java.math.BigInteger;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.DoubleAccumulator;
import java.util.concurrent.atomic.DoubleAdder;

/**
 * The one rule for what a span attribute may hold and how a Java value becomes one, read by the
 * lint rules and the processor (which types compile) and by the runtime and the rollout preset
 * (what a value becomes at run time).
 *
 * <p>At compile time an attribute is a primitive, a boxed primitive, {@link Number}, {@code
 * String}, {@code Character}, an enum, or an array or list of those ({@link #SCALAR_TYPE_NAMES}).
 * At run time {@link #normalize} turns a value into what OpenTelemetry holds:
 *
 * <table>
 *   <caption>Java values and the attribute values they become</caption>
 *   <tr><th>value</th><th>becomes</th></tr>
 *   <tr><td>{@code null}</td><td>nothing: the attribute is left out, silently</td></tr>
 *   <tr><td>{@code String}</td><td>the string, cut at {@code maxStringLength} characters (never inside a surrogate pair)</td></tr>
 *   <tr><td>{@code Character}, enum</td><td>a string: the character, the constant's {@code name()}</td></tr>
 *   <tr><td>{@code Boolean}</td><td>a boolean</td></tr>
 *   <tr><td>{@code Byte}, {@code Short}, {@code Integer}, {@code Long}, other integral numbers</td><td>a long</td></tr>
 *   <tr><td>{@code BigInteger}</td><td>a long when it fits in 64 bits, otherwise a double</td></tr>
 *   <tr><td>{@code Float}, {@code Double}, {@code BigDecimal}, {@code DoubleAdder}, {@code DoubleAccumulator}</td>
 *       <td>a double; {@code NaN} and the infinities are kept (OTLP JSON writes them as strings)</td></tr>
 *   <tr><td>a collection or an array of one of those kinds</td><td>a list of that kind, its first
 *       {@code maxArrayLength} elements, {@code null} elements skipped; an empty result is left out</td></tr>
 *   <tr><td>a collection or array that mixes kinds (strings with numbers, longs with doubles), or holds lists</td>
 *       <td>{@link Rejected}: never recorded in part, since OpenTelemetry's arrays hold one kind</td></tr>
 *   <tr><td>anything else (a prompt object, a map, a result)</td><td>{@link Rejected}: never turned into text,
 *       because its {@code toString()} is the payload or secret a trace must not carry</td></tr>
 * </table>
 */
public final class AttributeValuePolicy {

  /** Default cut of string attributes, in characters. */
  public static final int DEFAULT_MAX_STRING_LENGTH = 256;

  /** Default cap of array attributes, in elements. */
  public static final int DEFAULT_MAX_ARRAY_LENGTH = 64;

  /**
   * Qualified names of the declared types an attribute may have at compile time, besides enums and
   * primitives.
   */
  public static final Set<String> SCALAR_TYPE_NAMES =
      Set.of(
          "java.lang.String",
          "java.lang.Boolean",
          "java.lang.Integer",
          "java.lang.Long",
          "java.lang.Short",
          "java.lang.Byte",
          "java.lang.Double",
          "java.lang.Float",
          "java.lang.Number",
          "java.lang.Character");

  /**
   * A value that must not be recorded, and why, in words a log line can show (never the value
   * itself).
   */
  public record Rejected(String reason) {}

  private AttributeValuePolicy() {}

  /**
   * {@code value} as an attribute holds it: a {@code String}, {@code Long}, {@code Double}, {@code
   * Boolean}, or a non-empty {@code List} of one of them; {@code null} when nothing is to be
   * recorded; a {@link Rejected} when the value must not be recorded. Never throws.
   */
  public static Object normalize(Object value, int maxStringLength, int maxArrayLength) {
    if (value == null) {
      return null;
    }
    Object scalar = scalar(value, maxStringLength);
    if (scalar != null) {
      return scalar;
    }
    List<?> elements = elements(value, maxArrayLength);
    if (elements == null) {
      return new Rejected(
          "a "
              + value.getClass().getName()
              + " is not recorded: a trace keeps strings, numbers, "
              + "booleans, enums and lists of one of them. Record an id, a size or a metric instead of the object");
    }
    List<Object> list = new ArrayList<>(elements.size());
    Class<?> kind = null;
    for (Object element : elements) {
      if (element == null) {
        continue;
      }
      Object normalized = scalar(element, maxStringLength);
      if (normalized == null) {
        return new Rejected(
            "a list holding a "
                + element.getClass().getName()
                + " is not recorded: lists hold "
                + "strings, numbers, booleans or enums, one kind per list");
      }
      if (kind != null && kind != normalized.getClass()) {
        return new Rejected(
            "a list that mixes "
                + describe(kind)
                + " and "
                + describe(normalized.getClass())
                + " values is not recorded: OpenTelemetry's arrays hold one kind");
      }
      kind = normalized.getClass();
      list.add(normalized);
    }
    return list.isEmpty() ? null : List.copyOf(list);
  }

  /**
   * What a text value under a key of {@code sensitivity} may be recorded as, the run-time half of
   * the {@code attribute-secret} and {@code attribute-payload} lint rules, for keys only known at
   * run time: text under a secret key becomes {@link SecretValues#REDACTED}, text under a payload
   * key is dropped ({@code null}). Numbers, booleans and anything under an ordinary key pass
   * unchanged: a number is a measurement about the content, never the content.
   *
   * @param normalized a value as {@link #normalize} returns it
   */
  public static Object guard(SensitiveKeys.Sensitivity sensitivity, Object normalized) {
    if (sensitivity == SensitiveKeys.Sensitivity.NONE || !isText(normalized)) {
      return normalized;
    }
    if (sensitivity == SensitiveKeys.Sensitivity.PAYLOAD) {
      return null;
    }
    return normalized instanceof List<?> ? List.of(SecretValues.REDACTED) : SecretValues.REDACTED;
  }

  private static boolean isText(Object normalized) {
    return normalized instanceof String
        || (normalized instanceof List<?> list && list.get(0) instanceof String);
  }

  /**
   * {@code value} cut at {@code maxLength} characters, never between the two halves of a surrogate
   * pair.
   */
  public static String truncate(String value, int maxLength) {
    if (value == null || value.length() <= maxLength) {
      return value;
    }
    int end = Math.max(0, maxLength);
    if (end > 0 && Character.isHighSurrogate(value.charAt(end - 1))) {
      end--;
    }
    return value.substring(0, end);
  }

  /** Whether a number of this class becomes a double attribute (rather than a long). */
  public static boolean isFloating(Number number) {
    return number instanceof Double
        || number instanceof Float
        || number instanceof BigDecimal
        || number instanceof DoubleAdder
        || number instanceof DoubleAccumulator
        || (number instanceof BigInteger big && big.bitLength() >= 64);
  }

  private static Object scalar(Object value, int maxStringLength) {
    if (value instanceof String s) {
      return truncate(s, maxStringLength);
    }
    if (value instanceof Boolean) {
      return value;
    }
    if (value instanceof Number n) {
      return isFloating(n) ? (Object) n.doubleValue() : (Object) n.longValue();
    }
    if (value instanceof Enum<?> e) {
      return truncate(e.name(), maxStringLength);
    }
    if (value instanceof Character) {
      return value.toString();
    }
    return null;
  }

  /**
   * The first {@code limit} elements of a collection or array, or {@code null} when {@code value}
   * is neither.
   */
  private static List<?> elements(Object value, int limit) {
    if (value instanceof Collection<?> collection) {
      List<Object> first = new ArrayList<>(Math.min(collection.size(), limit));
      for (Object element : collection) {
        if (first.size() == limit) {
          break;
        }
        first.add(element);
      }
      return first;
    }
    if (value instanceof Object[] array) {
      return Arrays.asList(array).subList(0, Math.min(array.length, limit));
    }
    if (value.getClass().isArray()) {
      int length = Math.min(Array.getLength(value), limit);
      List<Object> boxed = new ArrayList<>(length);
      for (int i = 0; i < length; i++) {
        boxed.add(Array.get(value, i));
      }
      return boxed;
    }
    return null;
  }

  private static String describe(Class<?> kind) {
    return kind == String.class
        ? "string"
        : kind == Long.class ? "integer" : kind == Double.class ? "floating-point" : "boolean";
  }
}
