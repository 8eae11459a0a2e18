package io.spanweave.processor;

import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.ExecutableElement;

/**
 * The annotations that make one method traced by themselves: {@code @Traced},
 * {@code @TraceBoundary} and advice bindings. (A method may also be traced because its type carries
 * {@code @Traced}.)
 */
record Marks(AnnotationMirror traced, AnnotationMirror boundary, List<AnnotationMirror> bindings) {

  static Marks of(ExecutableElement method) {
    List<AnnotationMirror> bindings = new ArrayList<>();
    for (AnnotationMirror annotation : method.getAnnotationMirrors()) {
      if (AdviceResolver.isBinding(annotation)) {
        bindings.add(annotation);
      }
    }
    return new Marks(
        Annotations.find(method, Traced.class).orElse(null),
        Annotations.find(method, TraceBoundary.class).orElse(null),
        bindings);
  }

  boolean any() {
    return traced != null || boundary != null || !bindings.isEmpty();
  }

  /** The annotation to point an error about the whole method at. */
  AnnotationMirror first() {
    return traced != null
        ? traced
        : boundary != null ? boundary : bindings.isEmpty() ? null : bindings.get(0);
  }
}
