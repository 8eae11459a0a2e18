package io.spanweave.processor;

import com.palantir.javapoet.ClassName;
import io.spanweave.annotations.TraceAttribute;
import io.spanweave.annotations.Traced;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Decides what the delegate of one annotated type contains: which of its methods are traced and
 * with what, which are passed through, which constructors are mirrored. Returns {@code null} when
 * anything was reported, so that no half-right delegate is written.
 */
final class DelegateAnalyzer {

  private final Elements elements;
  private final Types types;
  private final Diagnostics diagnostics;
  private final TracedMethodAnalyzer methods;

  DelegateAnalyzer(Elements elements, Types types, Diagnostics diagnostics) {
    this.elements = elements;
    this.types = types;
    this.diagnostics = diagnostics;
    this.methods = new TracedMethodAnalyzer(elements, types, diagnostics);
  }

  static ClassName delegateName(TypeElement target) {
    ClassName name = ClassName.get(target);
    return ClassName.get(name.packageName(), "Traced" + String.join("_", name.simpleNames()));
  }

  /**
   * @param allMethods the target's methods, inherited ones included ({@code
   *     ElementFilter.methodsIn(elements.getAllMembers(target))}), which the caller has already
   *     listed to look for unresolved types
   */
  DelegateModel analyze(TypeElement target, List<ExecutableElement> allMethods) {
    int errorsBefore = diagnostics.errorCount();
    ClassName name = delegateName(target);

    String typeProblem = Wrappability.typeProblem(target, name.simpleName());
    if (typeProblem != null) {
      reportOnEveryMark(target, typeProblem);
      return null;
    }
    if (elements.getTypeElement(TracingApi.STAGE.canonicalName()) == null) {
      diagnostics.error(
          target,
          name.simpleName()
              + " calls "
              + TracingApi.STAGE.canonicalName()
              + ", which is not on the compile classpath: add the dependency io.spanweave:spanweave-runtime");
      return null;
    }

    boolean wrapsInterface = target.getKind() == ElementKind.INTERFACE;
    AnnotationMirror typeTraced = Annotations.find(target, Traced.class).orElse(null);
    DeclaredType targetType = (DeclaredType) target.asType();
    List<DelegateModel.Method> delegateMethods = new ArrayList<>();
    boolean anyTraced = false;

    for (Map.Entry<ExecutableElement, ExecutableType> member :
        members(targetType, allMethods).entrySet()) {
      ExecutableElement method = member.getKey();
      ExecutableType type = member.getValue();
      TypeElement declarer = (TypeElement) method.getEnclosingElement();
      Marks marks = Marks.of(method);
      Element coveringType = coveringType(target, typeTraced != null, declarer, method);

      if (marks.any()) {
        String problem = Wrappability.methodProblem(method, name.simpleName());
        if (problem != null) {
          diagnostics.error(method, marks.first(), problem);
          continue;
        }
      } else if (coveringType != null && method.getModifiers().contains(Modifier.FINAL)) {
        if (declarer.equals(target)) {
          diagnostics.error(
              method,
              "final method "
                  + method.getSimpleName()
                  + "() cannot be traced, yet @Traced on "
                  + target.getSimpleName()
                  + " covers every public method: "
                  + name.simpleName()
                  + " has to override it. Remove final, or move @Traced from the type to the methods to trace");
        }
        continue;
      }

      if (marks.any() || coveringType != null) {
        Element settingsHolder = marks.traced() != null ? method : coveringType;
        TracedMethod tracing = methods.analyze(target, method, type, marks, settingsHolder);
        if (tracing != null) {
          delegateMethods.add(new DelegateModel.Method(method, type, tracing));
          anyTraced = true;
        }
      } else {
        reportUnusedAttributes(method, target);
        if (wrapsInterface && isInstanceMethod(method)) {
          delegateMethods.add(new DelegateModel.Method(method, type, null));
        }
      }
    }

    if (diagnostics.errorCount() > errorsBefore || !anyTraced) {
      return null;
    }
    List<ExecutableElement> constructors = new ArrayList<>();
    if (!wrapsInterface) {
      for (ExecutableElement constructor :
          ElementFilter.constructorsIn(target.getEnclosedElements())) {
        if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
          constructors.add(constructor);
        }
      }
    }
    return new DelegateModel(
        target, name, wrapsInterface, isPublic(target), delegateMethods, constructors);
  }

  /**
   * The type whose {@code @Traced} covers {@code method}: the target's or the declaring
   * interface's, for public instance methods only; {@code null} when none does.
   */
  private static Element coveringType(
      TypeElement target, boolean targetTraced, TypeElement declarer, ExecutableElement method) {
    if (!method.getModifiers().contains(Modifier.PUBLIC)
        || method.getModifiers().contains(Modifier.STATIC)) {
      return null;
    }
    if (targetTraced) {
      return target;
    }
    // The mirror, not getAnnotation: that builds a reflection proxy on every call, for every
    // method.
    return declarer != target && Annotations.find(declarer, Traced.class).isPresent()
        ? declarer
        : null;
  }

  /**
   * The methods of the target other than Object's, each with its type as a member of the target
   * (worked out once per method). A method inherited from two super-interfaces appears once, as the
   * one with the most specific return type, which the delegate must declare.
   */
  private Map<ExecutableElement, ExecutableType> members(
      DeclaredType targetType, List<ExecutableElement> allMethods) {
    Map<String, ExecutableElement> bySignature = new LinkedHashMap<>();
    Map<ExecutableElement, ExecutableType> memberTypes = new HashMap<>();
    for (ExecutableElement method : allMethods) {
      if (((TypeElement) method.getEnclosingElement())
          .getQualifiedName()
          .contentEquals("java.lang.Object")) {
        continue;
      }
      ExecutableType type = (ExecutableType) types.asMemberOf(targetType, method);
      memberTypes.put(method, type);
      String signature = erasedSignature(method, type);
      ExecutableElement kept = bySignature.get(signature);
      if (kept == null
          || types.isSubtype(type.getReturnType(), memberTypes.get(kept).getReturnType())) {
        bySignature.put(signature, method);
      }
    }
    Map<ExecutableElement, ExecutableType> members = new LinkedHashMap<>();
    for (ExecutableElement method : bySignature.values()) {
      members.put(method, memberTypes.get(method));
    }
    return members;
  }

  private String erasedSignature(ExecutableElement method, ExecutableType type) {
    StringBuilder signature = new StringBuilder(method.getSimpleName()).append('(');
    for (TypeMirror parameter : type.getParameterTypes()) {
      signature.append(types.erasure(parameter)).append(',');
    }
    return signature.append(')').toString();
  }

  private static boolean isInstanceMethod(ExecutableElement method) {
    return !method.getModifiers().contains(Modifier.STATIC)
        && !method.getModifiers().contains(Modifier.PRIVATE);
  }

  private void reportUnusedAttributes(ExecutableElement method, TypeElement target) {
    if (!method.getEnclosingElement().equals(target)) {
      return;
    }
    for (VariableElement parameter : method.getParameters()) {
      AnnotationMirror annotation = Annotations.find(parameter, TraceAttribute.class).orElse(null);
      if (annotation != null) {
        diagnostics.error(
            parameter,
            annotation,
            "@TraceAttribute on a parameter of "
                + method.getSimpleName()
                + "() has no effect: the method is not traced. Mark it @Traced, or remove @TraceAttribute");
      }
    }
  }

  /** Reports a problem of the whole type on each annotation that asked for tracing. */
  private void reportOnEveryMark(TypeElement target, String problem) {
    AnnotationMirror traced = Annotations.find(target, Traced.class).orElse(null);
    if (traced != null) {
      diagnostics.error(target, traced, problem);
    }
    for (ExecutableElement method : ElementFilter.methodsIn(target.getEnclosedElements())) {
      Marks marks = Marks.of(method);
      if (marks.any()) {
        diagnostics.error(method, marks.first(), problem);
      }
      for (VariableElement parameter : method.getParameters()) {
        AnnotationMirror attribute =
            marks.any() || traced != null
                ? null
                : Annotations.find(parameter, TraceAttribute.class).orElse(null);
        if (attribute != null) {
          diagnostics.error(parameter, attribute, problem);
        }
      }
    }
  }

  private static boolean isPublic(TypeElement target) {
    for (Element e = target;
        e.getKind().isClass() || e.getKind().isInterface();
        e = e.getEnclosingElement()) {
      if (!e.getModifiers().contains(Modifier.PUBLIC)
          && !e.getEnclosingElement().getKind().isInterface()) {
        return false;
      }
    }
    return true;
  }
}
