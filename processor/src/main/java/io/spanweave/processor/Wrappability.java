package io.spanweave.processor;

import java.util.List;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.NestingKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;

/**
 * Says why a type or a method cannot be wrapped by a generated delegate, or {@code null} when it
 * can. Each reason names what to do instead, since it becomes the compile error.
 */
final class Wrappability {

  private Wrappability() {}

  static String typeProblem(TypeElement type, String delegateName) {
    String name = type.getSimpleName().toString();
    switch (type.getKind()) {
      case ENUM:
        return "enum "
            + name
            + " cannot be traced: an enum cannot be subclassed, so "
            + delegateName
            + " cannot wrap it. Put @Traced on an interface the enum implements";
      case RECORD:
        return "record "
            + name
            + " cannot be traced: records are final, so "
            + delegateName
            + " cannot extend it. Put @Traced on an interface the record implements";
      case ANNOTATION_TYPE:
        return "annotation type " + name + " cannot be traced";
      default:
        break;
    }
    if (type.getNestingKind() == NestingKind.ANONYMOUS) {
      return anonymousClassProblem();
    }
    if (type.getNestingKind() == NestingKind.LOCAL) {
      return localClassProblem(name, delegateName);
    }
    for (Element e = type;
        e.getKind().isClass() || e.getKind().isInterface();
        e = e.getEnclosingElement()) {
      if (e.getModifiers().contains(Modifier.PRIVATE)) {
        return "private type "
            + e.getSimpleName()
            + " cannot be traced: "
            + delegateName
            + " lives in the package and cannot see it. Make it package-private or wider";
      }
    }
    if (type.getNestingKind() == NestingKind.MEMBER
        && type.getKind() == ElementKind.CLASS
        && !type.getModifiers().contains(Modifier.STATIC)) {
      return "inner class "
          + name
          + " cannot be traced: "
          + delegateName
          + " would need an instance of "
          + type.getEnclosingElement().getSimpleName()
          + " to extend it. Declare it static";
    }
    if (isSealed(type)) {
      return "sealed type "
          + name
          + " cannot be traced: "
          + delegateName
          + " is not among its permitted subtypes. "
          + "Put @Traced on a non-sealed interface instead";
    }
    if (type.getKind() == ElementKind.CLASS) {
      if (type.getModifiers().contains(Modifier.FINAL)) {
        return "final class "
            + name
            + " cannot be traced: "
            + delegateName
            + " extends it. Remove final, "
            + "or put @Traced on an interface "
            + name
            + " implements and wrap instances with its delegate";
      }
      if (type.getModifiers().contains(Modifier.ABSTRACT)) {
        return "abstract class "
            + name
            + " cannot be traced: "
            + delegateName
            + " would have to implement its abstract methods. Put @Traced on a concrete subclass or on an interface";
      }
      List<ExecutableElement> constructors =
          ElementFilter.constructorsIn(type.getEnclosedElements());
      if (allPrivate(constructors)) {
        return "class "
            + name
            + " cannot be traced: all its constructors are private, so "
            + delegateName
            + " cannot call one. Make a constructor package-private or wider";
      }
    }
    return null;
  }

  static String anonymousClassProblem() {
    return "an anonymous class cannot be traced: the generated delegate has to name the type it wraps. "
        + "Make it a named top-level or static nested class, or put @Traced on the interface it implements";
  }

  static String localClassProblem(String name, String delegateName) {
    return "local class "
        + name
        + " cannot be traced: "
        + delegateName
        + " lives in the package and cannot see it. "
        + "Move it to a top-level or static nested class";
  }

  /** For a method marked directly ({@code @Traced}, a boundary or an advice binding). */
  static String methodProblem(ExecutableElement method, String delegateName) {
    Set<Modifier> modifiers = method.getModifiers();
    String name = method.getSimpleName() + "()";
    if (modifiers.contains(Modifier.STATIC)) {
      return "static method "
          + name
          + " cannot be traced: "
          + delegateName
          + " can only intercept calls on an instance. "
          + "Make it an instance method, or open a span inside it with Trace.span";
    }
    if (modifiers.contains(Modifier.PRIVATE)) {
      return "private method "
          + name
          + " cannot be traced: "
          + delegateName
          + " cannot override it. "
          + "Make it package-private or wider";
    }
    if (modifiers.contains(Modifier.FINAL)) {
      return "final method "
          + name
          + " cannot be traced: "
          + delegateName
          + " has to override it. Remove final";
    }
    return null;
  }

  private static boolean allPrivate(List<ExecutableElement> constructors) {
    for (ExecutableElement constructor : constructors) {
      if (!constructor.getModifiers().contains(Modifier.PRIVATE)) {
        return false;
      }
    }
    return true;
  }

  private static boolean isSealed(TypeElement type) {
    // By name, so that the processor still loads on a JDK whose Modifier has no SEALED.
    for (Modifier modifier : type.getModifiers()) {
      if (modifier.name().equals("SEALED")) {
        return true;
      }
    }
    return false;
  }
}
