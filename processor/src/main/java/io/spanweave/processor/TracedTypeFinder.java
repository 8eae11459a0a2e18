package io.spanweave.processor;

import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.TraceBoundary;
import io.spanweave.annotations.Traced;
import java.lang.annotation.Annotation;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Finds the types of a round that need a delegate: those annotated {@code @Traced}, and those
 * declaring a method (or a parameter) that asks for tracing, including through an advice binding
 * (an annotation whose own type carries {@code @TraceAdvice}).
 */
final class TracedTypeFinder {

  private TracedTypeFinder() {}

  static Set<TypeElement> find(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    // javac lists in annotations every annotation type present in the round; asking the round for
    // the elements of one that is absent would scan every root element (all sources, then all
    // generated delegates) for nothing. The order, and so the order of the delegates and of any
    // errors, stays: @Traced, @TraceBoundary, @TraceAttribute, then advice bindings.
    Set<String> present = new HashSet<>();
    for (TypeElement annotation : annotations) {
      present.add(annotation.getQualifiedName().toString());
    }
    Set<TypeElement> targets = new LinkedHashSet<>();
    for (Class<? extends Annotation> ours :
        List.of(Traced.class, TraceBoundary.class, TraceAttribute.class)) {
      if (present.contains(ours.getCanonicalName())) {
        for (Element element : round.getElementsAnnotatedWith(ours)) {
          addEnclosingType(element, targets);
        }
      }
    }
    for (TypeElement annotation : annotations) {
      if (Annotations.find(annotation, TracingApi.TRACE_ADVICE).isPresent()) {
        for (Element element : round.getElementsAnnotatedWith(annotation)) {
          addEnclosingType(element, targets);
        }
      }
    }
    return targets;
  }

  private static void addEnclosingType(Element element, Set<TypeElement> targets) {
    Element e = element;
    while (e != null && !(e.getKind().isClass() || e.getKind().isInterface())) {
      e = e.getEnclosingElement();
    }
    if (e != null) {
      targets.add((TypeElement) e);
    }
  }
}
