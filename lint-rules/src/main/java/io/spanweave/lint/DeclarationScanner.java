package io.spanweave.lint;

import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.tools.Diagnostic;

/**
 * Finds the attribute-writing positions that declarations hold, through the annotation model alone,
 * and hands each to every enabled rule, as {@link LintScanner} does over javac's trees:
 * {@code @Traced(attributes)} entries and {@code @Traced(capture)} on types and methods, and
 * {@code @TraceAttribute} parameters. It is what the guardrails check under a compiler without
 * javac's trees; it names no {@code com.sun.source} type.
 */
final class DeclarationScanner {

  private final List<LintRule> rules;
  private final LintContext context;
  private final Set<String> failedRules = new HashSet<>();

  DeclarationScanner(List<LintRule> rules, LintContext context) {
    this.rules = rules;
    this.context = context;
  }

  /**
   * Checks a type, its methods and their parameters, and its nested types; whether any carried a
   * spanweave annotation.
   */
  boolean scan(TypeElement type) {
    return scanElement(type);
  }

  private boolean scanElement(Element element) {
    boolean found = false;
    for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
      Element annotationType = annotation.getAnnotationType().asElement();
      if (!(annotationType instanceof TypeElement)) {
        continue;
      }
      String name = ((TypeElement) annotationType).getQualifiedName().toString();
      if (name.equals(LintScanner.TRACED)) {
        found = true;
        guarded(element, annotation, () -> inspectTraced(element, annotation));
      } else if (name.equals(LintScanner.TRACE_ATTRIBUTE) && element instanceof VariableElement) {
        found = true;
        guarded(
            element,
            annotation,
            () -> inspectTraceAttribute((VariableElement) element, annotation));
      }
    }
    if (element instanceof ExecutableElement) {
      for (VariableElement parameter : ((ExecutableElement) element).getParameters()) {
        found |= scanElement(parameter);
      }
    } else if (element instanceof TypeElement) {
      for (Element member : element.getEnclosedElements()) {
        ElementKind kind = member.getKind();
        if (kind == ElementKind.METHOD
            || kind == ElementKind.CONSTRUCTOR
            || member instanceof TypeElement) {
          found |= scanElement(member);
        }
      }
    }
    return found;
  }

  /** {@code @Traced(attributes = {"key=value", ...}, capture = Capture.PREVIEW)}. */
  private void inspectTraced(Element element, AnnotationMirror annotation) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> member :
        annotation.getElementValues().entrySet()) {
      String name = member.getKey().getSimpleName().toString();
      AnnotationValue value = member.getValue();
      Location at = context.declaration(element, annotation, value);
      if (name.equals("attributes")) {
        Object entries = value.getValue();
        for (Object entry : entries instanceof List ? (List<?>) entries : List.of(value)) {
          Object text =
              entry instanceof AnnotationValue ? ((AnnotationValue) entry).getValue() : null;
          if (text instanceof String) {
            dispatch(AttributeWrite.tracedAttribute(at, (String) text, context));
          }
        }
      } else if (name.equals("capture") && isPreview(value.getValue())) {
        for (LintRule rule : rules) {
          run(rule, at, () -> rule.checkPreviewCapture(at, context));
        }
      }
    }
  }

  private static boolean isPreview(Object value) {
    if (!(value instanceof VariableElement)
        || !(((VariableElement) value).getEnclosingElement() instanceof TypeElement)) {
      return false;
    }
    VariableElement constant = (VariableElement) value;
    return constant.getSimpleName().contentEquals("PREVIEW")
        && ((TypeElement) constant.getEnclosingElement())
            .getQualifiedName()
            .contentEquals(LintScanner.CAPTURE);
  }

  /**
   * {@code @TraceAttribute("key") Type name}: the key (default: the parameter's name) and the
   * parameter's type.
   */
  private void inspectTraceAttribute(VariableElement parameter, AnnotationMirror annotation) {
    String key = null;
    for (AnnotationValue value : annotation.getElementValues().values()) {
      if (value.getValue() instanceof String) {
        key = (String) value.getValue();
      }
    }
    dispatch(
        AttributeWrite.traceAttribute(
            context.declaration(parameter, annotation, null), parameter, key));
  }

  private void dispatch(AttributeWrite write) {
    for (LintRule rule : rules) {
      run(rule, write.reportAt(), () -> rule.checkAttribute(write, context));
    }
  }

  /**
   * Runs one rule's hook; a defect in it becomes one warning naming the rule, never a compiler
   * crash.
   */
  private void run(LintRule rule, Location at, Runnable hook) {
    try {
      hook.run();
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      reportDefect(rule.id(), at, e);
    }
  }

  private void guarded(Element element, AnnotationMirror annotation, Runnable inspection) {
    try {
      inspection.run();
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      reportDefect(LintScanner.ENGINE_ID, context.declaration(element, annotation, null), e);
    }
  }

  private void reportDefect(String id, Location at, Throwable e) {
    if (!failedRules.add(id)) {
      return; // one warning per rule and compilation is enough to act on
    }
    try {
      at.print(context, Diagnostic.Kind.WARNING, id, LintContext.defectMessage(id, e));
    } catch (RuntimeException ignored) {
      // nothing more can be done without risking the compilation
    }
  }
}
