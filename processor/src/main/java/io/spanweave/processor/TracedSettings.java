package io.spanweave.processor;

import io.spanweave.annotations.Capture;
import io.spanweave.annotations.Kind;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.util.Elements;

/**
 * The values of one {@code @Traced}, written or by default, read from its mirror rather than
 * through {@code getAnnotation}, whose reflection proxy is a class the JVM running javac would spin
 * (and then compile) in every build.
 */
final class TracedSettings {

  final String name;
  final String stage;
  final Kind kind;
  final String[] metrics;
  final String[] attributes;
  final Capture capture;

  private TracedSettings(
      String name,
      String stage,
      Kind kind,
      String[] metrics,
      String[] attributes,
      Capture capture) {
    this.name = name;
    this.stage = stage;
    this.kind = kind;
    this.metrics = metrics;
    this.attributes = attributes;
    this.capture = capture;
  }

  static TracedSettings of(Elements elements, AnnotationMirror traced) {
    return new TracedSettings(
        Annotations.string(elements, traced, "name"),
        Annotations.string(elements, traced, "stage"),
        Kind.valueOf(Annotations.enumName(elements, traced, "kind")),
        Annotations.strings(elements, traced, "metrics"),
        Annotations.strings(elements, traced, "attributes"),
        Capture.valueOf(Annotations.enumName(elements, traced, "capture")));
  }
}
