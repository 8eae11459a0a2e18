package io.spanweave.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.util.Elements;

/**
 * Reads annotation mirrors: mirrors, unlike reflection proxies, give javac positions for errors.
 */
final class Annotations {

  private Annotations() {}

  static Optional<AnnotationMirror> find(Element element, String annotationName) {
    for (AnnotationMirror mirror : element.getAnnotationMirrors()) {
      TypeElement type = (TypeElement) mirror.getAnnotationType().asElement();
      if (type.getQualifiedName().contentEquals(annotationName)) {
        return Optional.of(mirror);
      }
    }
    return Optional.empty();
  }

  static Optional<AnnotationMirror> find(Element element, Class<?> annotation) {
    return find(element, annotation.getCanonicalName());
  }

  /** The value written in the source for {@code name}, or {@code null} when the default applies. */
  static AnnotationValue explicitValue(AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /**
   * The single elements of an array value written in the source ({@code metrics = {"a", "b"}}), so
   * that an error can point at the one entry that is wrong; an empty list when not written.
   */
  static List<? extends AnnotationValue> explicitArray(AnnotationMirror mirror, String name) {
    AnnotationValue value = explicitValue(mirror, name);
    if (value == null) {
      return Collections.emptyList();
    }
    Object raw = value.getValue();
    if (raw instanceof List) {
      @SuppressWarnings("unchecked")
      List<? extends AnnotationValue> list = (List<? extends AnnotationValue>) raw;
      return list;
    }
    return Collections.singletonList(value);
  }

  /**
   * The value of {@code name} in {@code mirror}, written or by default, as a string, enum constant
   * name or list of strings: what {@code getAnnotation} would give, without the reflection proxy it
   * builds (whose class the JVM running javac would have to spin at run time).
   */
  static Object value(Elements elements, AnnotationMirror mirror, String name) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(mirror).entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return plain(entry.getValue().getValue());
      }
    }
    throw new IllegalArgumentException(
        "@" + mirror.getAnnotationType() + " has no element " + name);
  }

  /** {@link #value} of a {@code String} element. */
  static String string(Elements elements, AnnotationMirror mirror, String name) {
    return (String) value(elements, mirror, name);
  }

  /** {@link #value} of a {@code String[]} element. */
  static String[] strings(Elements elements, AnnotationMirror mirror, String name) {
    Object value = value(elements, mirror, name);
    if (value instanceof String) {
      return new String[] {(String) value};
    }
    List<?> list = (List<?>) value;
    String[] out = new String[list.size()];
    for (int i = 0; i < out.length; i++) {
      out[i] = (String) list.get(i);
    }
    return out;
  }

  /** The constant name of an enum element's value, such as {@code MODEL}. */
  static String enumName(Elements elements, AnnotationMirror mirror, String name) {
    return (String) value(elements, mirror, name);
  }

  /**
   * An annotation value as plain Java: strings stay, enum constants become their names, arrays
   * lists of those.
   */
  private static Object plain(Object raw) {
    if (raw instanceof VariableElement) {
      return ((VariableElement) raw).getSimpleName().toString();
    }
    if (raw instanceof List) {
      List<?> values = (List<?>) raw;
      List<Object> out = new ArrayList<>(values.size());
      for (Object value : values) {
        out.add(plain(((AnnotationValue) value).getValue()));
      }
      return out;
    }
    return raw;
  }
}
