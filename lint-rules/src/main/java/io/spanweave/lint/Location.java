package io.spanweave.lint;

import com.sun.source.util.TreePath;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.tools.Diagnostic;

/**
 * Where a finding is reported, and whose {@code @SuppressWarnings} silences it: a javac tree (the
 * pass over javac's trees sees every position), or a declaration seen through the annotation model
 * ({@code javax.lang.model}) alone, which is all a compiler other than javac offers.
 *
 * <p>This class and the declaration kind name no {@code com.sun.source} type in their code, so that
 * the declarations are checked in a JVM without javac's module ({@code jdk.compiler}).
 */
public abstract class Location {

  Location() {}

  /** A position in javac's trees. */
  static Location of(TreePath path) {
    return new TreeLocation(path);
  }

  /**
   * An annotation on a declaration, or one of its values: where Eclipse's compiler and javac's
   * {@code Messager} put the report.
   *
   * @param annotation the annotation, or {@code null} for the element itself
   * @param value the annotation's value to point at, or {@code null} for the whole annotation
   */
  static Location of(
      Element element, AnnotationMirror annotation, AnnotationValue value, Messager messager) {
    return new DeclarationLocation(element, annotation, value, messager);
  }

  /**
   * The tree path, or {@code null} when the finding is on a declaration seen through the annotation
   * model.
   */
  public abstract TreePath treePath();

  /**
   * Whether {@code @SuppressWarnings("spanweave:<id>")} (or {@code "spanweave"}) silences {@code
   * id} here.
   */
  abstract boolean isSuppressed(LintContext context, String id);

  /** Prints {@code [spanweave:<id>] <message>} here. */
  abstract void print(LintContext context, Diagnostic.Kind kind, String id, String message);

  /**
   * A finding on a declaration: reported through the {@code Messager} at the element and
   * annotation.
   */
  private static final class DeclarationLocation extends Location {
    private final Element element;
    private final AnnotationMirror annotation;
    private final AnnotationValue value;
    private final Messager messager;

    DeclarationLocation(
        Element element, AnnotationMirror annotation, AnnotationValue value, Messager messager) {
      this.element = element;
      this.annotation = annotation;
      this.value = value;
      this.messager = messager;
    }

    @Override
    public TreePath treePath() {
      return null;
    }

    @Override
    boolean isSuppressed(LintContext context, String id) {
      return Suppressions.suppressesDeclaration(element, id);
    }

    @Override
    void print(LintContext context, Diagnostic.Kind kind, String id, String message) {
      messager.printMessage(kind, LintContext.tagged(id, message), element, annotation, value);
    }
  }
}
