package io.spanweave.lint;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * {@code @SuppressWarnings("spanweave:<id>")} (or {@code "spanweave"} for every rule) on any
 * enclosing declaration silences a rule there.
 *
 * <p>Two places have no enclosing declaration of their own: imports, which a suppression on a
 * top-level type of the file silences, and the delegates the spanweave processor generates, whose
 * methods take the suppressions of the user's methods they override: a user who suppresses a rule
 * on {@code generate} must not meet it again in {@code TracedRolloutWorker.generate}.
 */
final class Suppressions {

  static final String PREFIX = "spanweave:";
  private static final String GENERATOR = "io.spanweave.processor.TracedProcessor";

  private final LintContext context;
  private final Map<Element, Boolean> generatedTypes = new HashMap<>();

  Suppressions(LintContext context) {
    this.context = context;
  }

  boolean isSuppressed(TreePath at, String id) {
    for (TreePath path = at; path != null; path = path.getParentPath()) {
      Tree.Kind kind = path.getLeaf().getKind();
      if (kind == Tree.Kind.COMPILATION_UNIT) {
        return at.getLeaf().getKind() == Tree.Kind.IMPORT && topLevelTypesSuppress(id);
      }
      if (!isDeclaration(path.getLeaf())) {
        continue;
      }
      Element element = context.elementOf(path);
      if (element == null) {
        continue;
      }
      if (suppresses(element, id)) {
        return true;
      }
      if (element.getKind() == ElementKind.METHOD
          && isGeneratedDelegateMethod(element)
          && overriddenMethodSuppresses((ExecutableElement) element, id)) {
        return true;
      }
    }
    return false;
  }

  /** For findings on imports: a {@code @SuppressWarnings} on a top-level type of the file. */
  boolean topLevelTypesSuppress(String id) {
    for (Tree type : context.compilationUnit().getTypeDecls()) {
      if (type instanceof ClassTree) {
        Element element = context.elementOf(TreePath.getPath(context.compilationUnit(), type));
        if (element != null && suppresses(element, id)) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean isDeclaration(Tree tree) {
    return tree instanceof ClassTree
        || tree.getKind() == Tree.Kind.METHOD
        || tree.getKind() == Tree.Kind.VARIABLE;
  }

  /**
   * For findings on declarations seen through the annotation model: a suppression on the element or
   * on any element that encloses it (a parameter's method, a method's types).
   */
  static boolean suppressesDeclaration(Element element, String id) {
    for (Element e = element;
        e != null && e.getKind() != ElementKind.PACKAGE && e.getKind() != ElementKind.MODULE;
        e = e.getEnclosingElement()) {
      if (suppresses(e, id)) {
        return true;
      }
    }
    return false;
  }

  static boolean suppresses(Element element, String id) {
    SuppressWarnings annotation = element.getAnnotation(SuppressWarnings.class);
    if (annotation == null) {
      return false;
    }
    for (String value : annotation.value()) {
      if (value.equals("spanweave") || value.equals(PREFIX + id)) {
        return true;
      }
    }
    return false;
  }

  /** Whether {@code method} belongs to a delegate class written by the spanweave processor. */
  boolean isGeneratedDelegateMethod(Element method) {
    Element type = method.getEnclosingElement();
    return type != null && isGeneratedBySpanweave(type);
  }

  boolean isGeneratedBySpanweave(Element type) {
    return generatedTypes.computeIfAbsent(type, Suppressions::carriesGeneratedBySpanweave);
  }

  private static boolean carriesGeneratedBySpanweave(Element type) {
    for (AnnotationMirror annotation : type.getAnnotationMirrors()) {
      if (!annotation.getAnnotationType().asElement().getSimpleName().contentEquals("Generated")) {
        continue;
      }
      for (Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> entry :
          annotation.getElementValues().entrySet()) {
        if (entry.getKey().getSimpleName().contentEquals("value")
            && entry.getValue().toString().contains(GENERATOR)) {
          return true;
        }
      }
    }
    return false;
  }

  private boolean overriddenMethodSuppresses(ExecutableElement method, String id) {
    ExecutableElement overridden = overriddenSourceMethod(method, context);
    return overridden != null && suppressesDeclaration(overridden, id);
  }

  /**
   * The user's method that a generated delegate method overrides or implements, or {@code null}.
   */
  static ExecutableElement overriddenSourceMethod(ExecutableElement method, LintContext context) {
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    return findOverridden(method, owner, owner.asType(), context, 0);
  }

  private static ExecutableElement findOverridden(
      ExecutableElement method,
      TypeElement owner,
      TypeMirror type,
      LintContext context,
      int depth) {
    if (depth > 16) {
      return null;
    }
    List<? extends TypeMirror> supertypes = context.types().directSupertypes(type);
    for (TypeMirror supertype : supertypes) {
      if (supertype.getKind() != TypeKind.DECLARED) {
        continue;
      }
      TypeElement superElement = (TypeElement) ((DeclaredType) supertype).asElement();
      for (Element member : superElement.getEnclosedElements()) {
        if (member.getKind() == ElementKind.METHOD
            && member.getSimpleName().equals(method.getSimpleName())
            && context.elements().overrides(method, (ExecutableElement) member, owner)) {
          return (ExecutableElement) member;
        }
      }
      ExecutableElement deeper = findOverridden(method, owner, supertype, context, depth + 1);
      if (deeper != null) {
        return deeper;
      }
    }
    return null;
  }
}
