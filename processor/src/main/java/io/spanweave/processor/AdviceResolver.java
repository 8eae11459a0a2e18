package io.spanweave.processor;

import com.palantir.javapoet.ClassName;
import io.spanweave.annotations.Kind;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Resolves an advice binding: an annotation whose type carries {@code @TraceAdvice(X.class)}.
 * {@code X} must be a {@code StageAdvice<A>} the generated code can instantiate, and the method
 * must have exactly one parameter that is an {@code A} (or an {@code Iterable<? extends A>}, for a
 * batch).
 */
final class AdviceResolver {

  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;

  AdviceResolver(Elements elements, Types types, Diagnostics diagnostics) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
  }

  /** Whether {@code annotation} is an advice binding. */
  static boolean isBinding(AnnotationMirror annotation) {
    return Annotations.find(annotation.getAnnotationType().asElement(), TracingApi.TRACE_ADVICE)
        .isPresent();
  }

  /** The binding's {@code String value()}, the span name, or {@code ""}. */
  static String spanName(AnnotationMirror binding) {
    AnnotationValue value = Annotations.explicitValue(binding, "value");
    return value != null && value.getValue() instanceof String ? (String) value.getValue() : "";
  }

  /**
   * The binding's {@code Kind kind()} element, written or defaulted, such as
   * {@code @RolloutEndpoint}'s {@code ROLLOUT}; {@code null} when the binding type declares none.
   * An element named {@code kind} of another type is not ours to read and is ignored.
   */
  static Kind kind(AnnotationMirror binding, Elements elements) {
    for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
        elements.getElementValuesWithDefaults(binding).entrySet()) {
      ExecutableElement element = entry.getKey();
      if (!element.getSimpleName().contentEquals("kind") || !isKind(element.getReturnType())) {
        continue;
      }
      Object value = entry.getValue().getValue();
      if (value instanceof VariableElement) {
        try {
          return Kind.valueOf(((VariableElement) value).getSimpleName().toString());
        } catch (IllegalArgumentException newerConstant) {
          return null; // annotations newer than this processor: keep the processor's default
        }
      }
    }
    return null;
  }

  private static boolean isKind(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(Kind.class.getCanonicalName());
  }

  /** The span start, or {@code null} after reporting an error on the binding. */
  SpanStart resolve(ExecutableElement method, ExecutableType type, AnnotationMirror binding) {
    String bindingName = "@" + binding.getAnnotationType().asElement().getSimpleName();
    AnnotationMirror traceAdvice =
        Annotations.find(binding.getAnnotationType().asElement(), TracingApi.TRACE_ADVICE).get();
    AnnotationValue value = Annotations.explicitValue(traceAdvice, "value");
    Object raw = value == null ? null : value.getValue();
    if (!(raw instanceof DeclaredType) || ((DeclaredType) raw).getKind() != TypeKind.DECLARED) {
      diagnostics.error(
          method,
          binding,
          bindingName
              + " carries @TraceAdvice without a resolvable advice class; "
              + "check the class named in @TraceAdvice(...) compiles");
      return null;
    }
    DeclaredType adviceType = (DeclaredType) raw;
    TypeElement advice = (TypeElement) adviceType.asElement();
    String adviceName = advice.getSimpleName().toString();

    TypeElement stageAdvice = elements.getTypeElement(TracingApi.STAGE_ADVICE);
    TypeMirror argument =
        stageAdvice == null
            ? null
            : Supertypes.argument(
                types,
                adviceType,
                stageAdvice,
                elements.getTypeElement("java.lang.Object").asType());
    if (argument == null) {
      diagnostics.error(
          method,
          binding,
          bindingName
              + " binds "
              + adviceName
              + ", which does not extend "
              + TracingApi.STAGE_ADVICE
              + "<A>. Make "
              + adviceName
              + " extend StageAdvice<the type of argument it reads>");
      return null;
    }
    String instantiable = instantiationProblem(advice);
    if (instantiable != null) {
      diagnostics.error(
          method,
          binding,
          bindingName
              + " binds advice "
              + adviceName
              + ", which "
              + instantiable
              + ": the generated code creates it once with new "
              + adviceName
              + "()");
      return null;
    }

    String methodName = method.getSimpleName() + "()";
    List<String> direct = new ArrayList<>();
    List<String> batch = new ArrayList<>();
    TypeMirror iterableOfArgument =
        types.getDeclaredType(
            elements.getTypeElement("java.lang.Iterable"), types.getWildcardType(argument, null));
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      TypeMirror parameterType = type.getParameterTypes().get(i);
      String name = parameters.get(i).getSimpleName().toString();
      if (types.isAssignable(parameterType, argument)) {
        direct.add(name);
      } else if (types.isAssignable(parameterType, iterableOfArgument)) {
        batch.add(name);
      }
    }
    String readsWhat = "advice " + adviceName + " reads a " + MetricResolver.display(argument);
    if (direct.size() == 1) {
      return new SpanStart(SpanStart.How.ADVICE, direct.get(0), ClassName.get(advice));
    }
    if (direct.size() > 1) {
      diagnostics.error(
          method,
          binding,
          bindingName
              + ": "
              + readsWhat
              + ", and "
              + methodName
              + " has several ("
              + String.join(", ", direct)
              + "); an advice reads exactly one argument. Keep one such parameter, or remove "
              + bindingName);
      return null;
    }
    if (batch.size() == 1) {
      return new SpanStart(SpanStart.How.ADVICE_BATCH, batch.get(0), ClassName.get(advice));
    }
    if (batch.size() > 1) {
      diagnostics.error(
          method,
          binding,
          bindingName
              + ": "
              + readsWhat
              + ", and "
              + methodName
              + " has several batches of them ("
              + String.join(", ", batch)
              + "); an advice reads exactly one. Keep one such parameter, or remove "
              + bindingName);
      return null;
    }
    diagnostics.error(
        method,
        binding,
        bindingName
            + ": "
            + readsWhat
            + ", but "
            + methodName
            + " has no parameter of type "
            + MetricResolver.display(argument)
            + " or Iterable<? extends "
            + MetricResolver.display(argument)
            + ">. "
            + "Add one, or remove "
            + bindingName);
    return null;
  }

  private static String instantiationProblem(TypeElement advice) {
    if (advice.getKind() != ElementKind.CLASS
        || advice.getModifiers().contains(Modifier.ABSTRACT)) {
      return "is abstract";
    }
    if (!advice.getModifiers().contains(Modifier.PUBLIC)) {
      return "is not public";
    }
    if (!advice.getTypeParameters().isEmpty()) {
      return "declares type parameters";
    }
    if (advice.getNestingKind() == NestingKind.MEMBER
        && !advice.getModifiers().contains(Modifier.STATIC)) {
      return "is an inner (non-static) class";
    }
    boolean publicNoArg = false;
    for (ExecutableElement constructor :
        ElementFilter.constructorsIn(advice.getEnclosedElements())) {
      publicNoArg |=
          constructor.getParameters().isEmpty()
              && constructor.getModifiers().contains(Modifier.PUBLIC);
    }
    return publicNoArg ? null : "has no public no-argument constructor";
  }
}
