package io.spanweave.processor;

import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/** Reads annotation mirrors: mirrors, unlike reflection proxies, give javac positions for errors. */
final class Annotations {

  private Annotations() {
  }

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
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry : mirror.getElementValues().entrySet()) {
      if (entry.getKey().getSimpleName().contentEquals(name)) {
        return entry.getValue();
      }
    }
    return null;
  }

  /**
   * The single elements of an array value written in the source ({@code metrics = {"a", "b"}}),
   * so that an error can point at the one entry that is wrong; an empty list when not written.
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
}
