package io.spanweave.processor;

import io.spanweave.annotations.Capture;
import io.spanweave.annotations.Direction;
import io.spanweave.annotations.Kind;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Name;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Turns one traced method and its annotations into a {@link TracedMethod}: span name, stage and
 * kind, constant attributes, recorded parameters, metrics and how the span starts. Every problem is
 * reported on the annotation (and value) that causes it; the result is then {@code null}.
 */
final class TracedMethodAnalyzer {

  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;
  private final MetricResolver metrics;
  private final AttributeTypes attributeTypes;
  private final CarrierResolver carriers;
  private final AdviceResolver advices;

  /** {@code @Traced} of each settings holder, read once: a type's covers all its methods. */
  private final Map<Element, TracedSettings> tracedSettings = new HashMap<>();

  private TypeElement completionStage;

  /**
   * Whether {@code spanweave-reactor} is on the compile classpath; looked up once, at the first
   * reactive method.
   */
  private Boolean reactiveStagesPresent;

  TracedMethodAnalyzer(Elements elements, Types types, Diagnostics diagnostics) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
    this.metrics = new MetricResolver(new PropertyLookup(elements, types));
    this.attributeTypes = new AttributeTypes(elements, types);
    this.carriers = new CarrierResolver(elements, types, diagnostics);
    this.advices = new AdviceResolver(elements, types, diagnostics);
  }

  /**
   * @param settingsHolder the element whose {@code @Traced} gives stage, kind, metrics and constant
   *     attributes: the method itself, or the type that covers it; {@code null} for defaults
   */
  TracedMethod analyze(
      TypeElement target,
      ExecutableElement method,
      ExecutableType type,
      Marks marks,
      Element settingsHolder) {
    int errorsBefore = diagnostics.errorCount();
    String methodName = method.getSimpleName().toString();
    AnnotationMirror tracedMirror =
        settingsHolder == null ? null : Annotations.find(settingsHolder, Traced.class).orElse(null);
    TracedSettings traced = tracedMirror == null ? null : settings(settingsHolder, tracedMirror);
    boolean fromType = settingsHolder != null && settingsHolder != method;

    if (fromType && !traced.name.isEmpty() && settingsHolder == target) {
      diagnostics.error(
          settingsHolder,
          tracedMirror,
          Annotations.explicitValue(tracedMirror, "name"),
          "@Traced(name) on a type would give every method the same span name; set name on the methods instead");
    }

    String spanName = spanName(target, method, marks, traced, fromType);
    AnnotationMirror binding = marks.bindings().isEmpty() ? null : marks.bindings().get(0);
    String stage = stage(methodName, binding, traced, fromType);
    Kind kind = kind(binding, traced, tracedMirror, fromType);
    List<String> constants =
        traced == null ? List.of() : constantAttributes(settingsHolder, tracedMirror, traced);
    List<TracedMethod.RecordedAttribute> attributes = attributes(method, type);

    TracedMethod.Reactive reactive = reactive(type.getReturnType());
    boolean async = reactive == null && isCompletionStage(type.getReturnType());
    TypeMirror value =
        reactive != null
            ? emittedValue((DeclaredType) type.getReturnType())
            : completedValue(type.getReturnType(), async);
    List<MetricPath> metricPaths =
        traced == null
            ? List.of()
            : metricPaths(settingsHolder, tracedMirror, traced, method, type, value, fromType);

    SpanStart start = spanStart(method, type, marks);
    if (reactive != null && start != null) {
      checkReactive(method, settingsHolder == method ? tracedMirror : null, reactive, start);
    }
    if (diagnostics.errorCount() > errorsBefore || start == null) {
      return null;
    }
    boolean previews = traced != null && traced.capture == Capture.PREVIEW;
    return new TracedMethod(
        spanName,
        stage,
        kind,
        constants,
        attributes,
        metricPaths,
        start,
        async,
        type.getReturnType(),
        previews,
        reactive);
  }

  private TracedSettings settings(Element holder, AnnotationMirror mirror) {
    TracedSettings settings = tracedSettings.get(holder);
    if (settings == null) {
      settings = TracedSettings.of(elements, mirror);
      tracedSettings.put(holder, settings);
    }
    return settings;
  }

  private String spanName(
      TypeElement target,
      ExecutableElement method,
      Marks marks,
      TracedSettings traced,
      boolean fromType) {
    if (traced != null && !fromType && !traced.name.isEmpty()) {
      return traced.name;
    }
    for (AnnotationMirror binding : marks.bindings()) {
      String name = AdviceResolver.spanName(binding);
      if (!name.isEmpty()) {
        return name;
      }
    }
    if (marks.boundary() != null) {
      String boundaryName = Annotations.string(elements, marks.boundary(), "name");
      if (!boundaryName.isEmpty()) {
        return boundaryName;
      }
    }
    return target.getSimpleName() + "." + method.getSimpleName();
  }

  /**
   * The stage, most specific first: the method's own {@code @Traced(stage)}, the binding's span
   * name (so that {@code rollout.controller.generate} and {@code rollout.worker.generate} do not
   * both group as "generate"), the type's {@code @Traced(stage)}, the method name.
   */
  private static String stage(
      String methodName, AnnotationMirror binding, TracedSettings traced, boolean fromType) {
    boolean tracedStage = traced != null && !traced.stage.isEmpty();
    if (tracedStage && !fromType) {
      return traced.stage;
    }
    String bindingName = binding == null ? "" : AdviceResolver.spanName(binding);
    if (!bindingName.isEmpty()) {
      return bindingName;
    }
    return tracedStage ? traced.stage : methodName;
  }

  /**
   * The kind, in the same order as the stage: a {@code kind} written in the method's own
   * {@code @Traced}, the binding's {@code Kind kind()} element (its declared default when not
   * written), the type's {@code @Traced(kind)}, {@link Kind#CUSTOM}. Only a {@code kind} written in
   * the source counts for the method's {@code @Traced}: its declared default, CUSTOM, would
   * otherwise hide the binding's whenever {@code @Traced} is there for metrics alone.
   */
  private Kind kind(
      AnnotationMirror binding,
      TracedSettings traced,
      AnnotationMirror tracedMirror,
      boolean fromType) {
    if (traced != null && !fromType && Annotations.explicitValue(tracedMirror, "kind") != null) {
      return traced.kind;
    }
    Kind bindingKind = binding == null ? null : AdviceResolver.kind(binding, elements);
    if (bindingKind != null) {
      return bindingKind;
    }
    return traced == null ? Kind.CUSTOM : traced.kind;
  }

  private List<String> constantAttributes(
      Element holder, AnnotationMirror mirror, TracedSettings traced) {
    List<String> keysAndValues = new ArrayList<>();
    List<? extends AnnotationValue> values = Annotations.explicitArray(mirror, "attributes");
    String[] entries = traced.attributes;
    for (int i = 0; i < entries.length; i++) {
      String entry = entries[i];
      int eq = entry.indexOf('=');
      if (eq <= 0 || entry.substring(0, eq).isBlank()) {
        diagnostics.error(
            holder,
            mirror,
            i < values.size() ? values.get(i) : null,
            "constant attribute \""
                + entry
                + "\" is malformed: write key=value, such as \"team=rl\"");
        continue;
      }
      keysAndValues.add(entry.substring(0, eq).trim());
      keysAndValues.add(entry.substring(eq + 1).trim());
    }
    return keysAndValues;
  }

  private List<TracedMethod.RecordedAttribute> attributes(
      ExecutableElement method, ExecutableType type) {
    List<TracedMethod.RecordedAttribute> out = new ArrayList<>();
    PackageElement fromPackage = elements.getPackageOf(method);
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      VariableElement parameter = parameters.get(i);
      AnnotationMirror annotation = Annotations.find(parameter, TraceAttribute.class).orElse(null);
      if (annotation == null) {
        continue;
      }
      String name = parameter.getSimpleName().toString();
      String written = Annotations.string(elements, annotation, "value");
      String key = written.isEmpty() ? name : written;
      TypeMirror parameterType = type.getParameterTypes().get(i);
      AttributeTypes.Value value = attributeTypes.value(parameterType, name);
      if (value == null) {
        List<String> candidates = metrics.candidates(parameterType, name + ".", fromPackage);
        diagnostics.error(
            parameter,
            annotation,
            "parameter '"
                + name
                + "' of type "
                + MetricResolver.display(parameterType)
                + " cannot be a span attribute: "
                + attributeTypes.refusal(parameterType)
                + (candidates.isEmpty()
                    ? ""
                    : ", such as @Traced(metrics = \""
                        + candidates.get(0)
                        + "\")"
                        + (candidates.size() > 1
                            ? " (also: "
                                + String.join(
                                    ", ", candidates.subList(1, Math.min(candidates.size(), 8)))
                                + ")"
                            : "")));
        continue;
      }
      out.add(new TracedMethod.RecordedAttribute(key, value.recorder(), value.expression()));
    }
    return out;
  }

  private List<MetricPath> metricPaths(
      Element holder,
      AnnotationMirror mirror,
      TracedSettings traced,
      ExecutableElement method,
      ExecutableType type,
      TypeMirror value,
      boolean fromType) {
    List<MetricPath> out = new ArrayList<>();
    List<? extends AnnotationValue> values = Annotations.explicitArray(mirror, "metrics");
    MetricResolver.Target target =
        new MetricResolver.Target(
            method.getSimpleName() + "()",
            value,
            method.getParameters(),
            type.getParameterTypes(),
            elements.getPackageOf(method));
    String[] entries = traced.metrics;
    for (int i = 0; i < entries.length; i++) {
      MetricResolver.Resolution resolution = metrics.resolve(entries[i], target);
      if (resolution.error() != null) {
        String where =
            fromType
                ? "on " + method.getSimpleName() + "(), which @Traced on the type covers: "
                : "";
        diagnostics.error(
            holder, mirror, i < values.size() ? values.get(i) : null, where + resolution.error());
      } else {
        out.add(resolution.path());
      }
    }
    return out;
  }

  private SpanStart spanStart(ExecutableElement method, ExecutableType type, Marks marks) {
    if (marks.bindings().size() > 1) {
      diagnostics.error(
          method,
          marks.bindings().get(1),
          method.getSimpleName()
              + "() has more than one advice binding ("
              + bindingNames(marks.bindings())
              + "); a method takes at most one advice. Keep one");
      return null;
    }
    if (marks.boundary() != null && !marks.bindings().isEmpty()) {
      diagnostics.error(
          method,
          marks.bindings().get(0),
          "@TraceBoundary and @"
              + marks.bindings().get(0).getAnnotationType().asElement().getSimpleName()
              + " both decide how the span of "
              + method.getSimpleName()
              + "() starts; keep one of them");
      return null;
    }
    if (marks.boundary() != null) {
      Direction direction =
          Direction.valueOf(Annotations.enumName(elements, marks.boundary(), "value"));
      return carriers.resolve(
          method,
          type,
          marks.boundary(),
          direction,
          Annotations.string(elements, marks.boundary(), "carrier"));
    }
    if (!marks.bindings().isEmpty()) {
      return advices.resolve(method, type, marks.bindings().get(0));
    }
    return SpanStart.PLAIN;
  }

  /** {@code @A, @B}: the names of advice bindings, for an error message. */
  private static String bindingNames(List<AnnotationMirror> bindings) {
    StringBuilder names = new StringBuilder();
    for (AnnotationMirror binding : bindings) {
      names
          .append(names.length() == 0 ? "@" : ", @")
          .append(binding.getAnnotationType().asElement().getSimpleName());
    }
    return names.toString();
  }

  /**
   * {@code Mono} or {@code Flux} when the method returns exactly one of them (by name: reactor-core
   * is the user's).
   */
  private static TracedMethod.Reactive reactive(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    Name name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName();
    return name.contentEquals(TracingApi.MONO)
        ? TracedMethod.Reactive.MONO
        : name.contentEquals(TracingApi.FLUX) ? TracedMethod.Reactive.FLUX : null;
  }

  /**
   * A reactive method's span is driven by {@code spanweave-reactor}, which the user adds next to
   * reactor-core; without it the delegate would not compile, so the error says what to add. Its
   * span starts on each subscription, where no carrier or advice argument is at hand.
   *
   * @param traced the method's own {@code @Traced}, where the error points; {@code null} to point
   *     at the method
   */
  private void checkReactive(
      ExecutableElement method,
      AnnotationMirror traced,
      TracedMethod.Reactive reactive,
      SpanStart start) {
    String returns =
        method.getSimpleName()
            + "() returns a "
            + (reactive == TracedMethod.Reactive.MONO ? "Mono" : "Flux");
    if (start.how() != SpanStart.How.PLAIN) {
      diagnostics.error(
          method,
          returns
              + ": its span starts on each subscription, so @TraceBoundary and advice bindings "
              + "are not supported on it. Put them on a method that returns a plain value, or record the boundary "
              + "with Trace.inject or Trace.extract inside the stream");
      return;
    }
    // The call runs in a lambda whose one type parameter E carries what it throws.
    TypeMirror exception = elements.getTypeElement("java.lang.Exception").asType();
    TypeMirror unchecked = elements.getTypeElement("java.lang.RuntimeException").asType();
    List<String> checked = new ArrayList<>();
    for (TypeMirror thrown : method.getThrownTypes()) {
      if (!types.isAssignable(thrown, exception)) {
        diagnostics.error(
            method,
            traced,
            returns
                + " and declares throws "
                + MetricResolver.display(thrown)
                + ", which the generated call cannot rethrow from its lambda; declare Exception or narrower");
        return;
      }
      if (!types.isAssignable(thrown, unchecked)) {
        checked.add(MetricResolver.display(thrown));
      }
    }
    if (checked.size() > 1) {
      diagnostics.error(
          method,
          traced,
          returns
              + " and declares "
              + checked.size()
              + " checked exceptions ("
              + String.join(", ", checked)
              + "); the generated call rethrows one checked type. Declare one, such as their "
              + "common supertype");
      return;
    }
    if (reactiveStagesPresent == null) {
      reactiveStagesPresent =
          elements.getTypeElement(TracingApi.REACTIVE_STAGES.canonicalName()) != null;
    }
    if (!reactiveStagesPresent) {
      String message =
          returns
              + ": its span starts on subscription and ends on the last signal, "
              + "which needs spanweave-reactor on the compile classpath. Add the dependency "
              + "io.spanweave:spanweave-reactor (the version of spanweave-processor) next to reactor-core";
      diagnostics.error(method, traced, message);
    }
  }

  /**
   * What a {@code Mono} or {@code Flux} emits; {@code Object} when raw, {@code null} for {@code
   * Void}.
   */
  private TypeMirror emittedValue(DeclaredType publisher) {
    TypeMirror value =
        publisher.getTypeArguments().isEmpty()
            ? elements.getTypeElement("java.lang.Object").asType()
            : publisher.getTypeArguments().get(0);
    if (types.isSameType(value, elements.getTypeElement("java.lang.Void").asType())) {
      return null;
    }
    return value;
  }

  private boolean isCompletionStage(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED && type.getKind() != TypeKind.TYPEVAR) {
      return false;
    }
    return types.isAssignable(types.erasure(type), types.erasure(completionStage().asType()));
  }

  private TypeElement completionStage() {
    if (completionStage == null) {
      completionStage = elements.getTypeElement("java.util.concurrent.CompletionStage");
    }
    return completionStage;
  }

  /**
   * What metrics read from: the return value, the completed value of a stage, or {@code null} when
   * there is none.
   */
  private TypeMirror completedValue(TypeMirror returnType, boolean async) {
    TypeMirror value = returnType;
    if (async) {
      TypeElement stage = completionStage();
      TypeMirror base =
          returnType.getKind() == TypeKind.TYPEVAR
              ? ((TypeVariable) returnType).getUpperBound()
              : returnType;
      value =
          Supertypes.argument(
              types, base, stage, elements.getTypeElement("java.lang.Object").asType());
      if (value == null) {
        return null;
      }
    }
    if (value.getKind() == TypeKind.VOID
        || types.isSameType(value, elements.getTypeElement("java.lang.Void").asType())) {
      return null;
    }
    return value;
  }
}
