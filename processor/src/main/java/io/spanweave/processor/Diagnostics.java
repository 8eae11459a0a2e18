package io.spanweave.processor;

import java.util.HashSet;
import java.util.Set;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic.Kind;

/**
 * Reports problems through the {@link Messager} on the exact element, annotation and annotation
 * value, so that javac points at the line to fix. Every message says what is wrong and what to do.
 */
final class Diagnostics {

  static final String PREFIX = "[spanweave] ";

  private final Messager messager;

  /** A method inherited by two traced types is checked twice; the same problem is reported once. */
  private final Set<String> reported = new HashSet<>();

  private int errors;

  Diagnostics(Messager messager) {
    this.messager = messager;
  }

  void error(Element element, String message) {
    error(element, null, null, message);
  }

  void error(Element element, AnnotationMirror annotation, String message) {
    error(element, annotation, null, message);
  }

  void error(Element element, AnnotationMirror annotation, AnnotationValue value, String message) {
    errors++;
    print(Kind.ERROR, element, annotation, value, message);
  }

  void warning(
      Element element, AnnotationMirror annotation, AnnotationValue value, String message) {
    print(Kind.WARNING, element, annotation, value, message);
  }

  /**
   * The number of errors reported so far; compare before and after a step to know whether it
   * failed.
   */
  int errorCount() {
    return errors;
  }

  private void print(
      Kind kind,
      Element element,
      AnnotationMirror annotation,
      AnnotationValue value,
      String message) {
    String key = kind + "|" + System.identityHashCode(element) + "|" + message;
    if (!reported.add(key)) {
      return;
    }
    if (annotation == null) {
      messager.printMessage(kind, PREFIX + message, element);
    } else if (value == null) {
      messager.printMessage(kind, PREFIX + message, element, annotation);
    } else {
      messager.printMessage(kind, PREFIX + message, element, annotation, value);
    }
  }
}
