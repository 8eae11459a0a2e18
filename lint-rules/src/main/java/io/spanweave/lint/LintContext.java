package io.spanweave.lint;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import javax.annotation.processing.Messager;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;
import javax.tools.Diagnostic;

/**
 * What a rule sees of the code being checked: the model utilities ({@code javax.lang.model}), the
 * options, {@link #report}, which applies severity and {@code @SuppressWarnings("spanweave:<id>")},
 * and, under javac, its trees (public {@code com.sun.source} APIs only).
 *
 * <p>Under a compiler other than javac only the declarations are checked, through the annotation
 * model: {@link #trees()} and {@link #compilationUnit()} are then {@code null}, and every finding
 * is on a declaration ({@link Location#treePath()} is {@code null}). The code of this class touches
 * no tree type, so that it loads in a JVM without javac's module.
 */
public final class LintContext {

  private final Trees trees;
  private final Elements elements;
  private final Types types;
  private final LintOptions options;
  private final CompilationUnitTree compilationUnit;
  private final Messager messager;
  private Suppressions suppressions;

  /** Looked up on first use: most units never ask, and a context is made per unit. */
  private TypeMirror throwableType;

  private boolean throwableLookedUp;
  private final java.util.Map<String, Object> memo = new java.util.HashMap<>();
  private final java.util.Map<String, Object> compilationMemo;

  LintContext(
      Trees trees,
      Elements elements,
      Types types,
      LintOptions options,
      CompilationUnitTree compilationUnit) {
    this(trees, elements, types, options, compilationUnit, new java.util.HashMap<>());
  }

  /**
   * @param compilationMemo shared by the contexts of one compilation, for {@link #compilationMemo}
   */
  LintContext(
      Trees trees,
      Elements elements,
      Types types,
      LintOptions options,
      CompilationUnitTree compilationUnit,
      java.util.Map<String, Object> compilationMemo) {
    this.trees = trees;
    this.elements = elements;
    this.types = types;
    this.options = options;
    this.compilationUnit = compilationUnit;
    this.messager = null;
    this.compilationMemo = compilationMemo;
  }

  /**
   * For the declarations, seen through the annotation model only: findings go to {@code messager}.
   */
  LintContext(Messager messager, Elements elements, Types types, LintOptions options) {
    this.trees = null;
    this.elements = elements;
    this.types = types;
    this.options = options;
    this.compilationUnit = null;
    this.messager = messager;
    this.compilationMemo = new java.util.HashMap<>();
  }

  /**
   * javac's trees; {@code null} when only the declarations are checked (a compiler other than
   * javac).
   */
  public Trees trees() {
    return trees;
  }

  public Elements elements() {
    return elements;
  }

  public Types types() {
    return types;
  }

  public LintOptions options() {
    return options;
  }

  /** The unit being checked; {@code null} when only the declarations are checked. */
  public CompilationUnitTree compilationUnit() {
    return compilationUnit;
  }

  /** The package of the unit being checked; empty for the unnamed package. */
  public String packageName() {
    ExpressionTree name = compilationUnit.getPackageName();
    return name == null ? "" : name.toString();
  }

  /**
   * Reports a finding of {@code rule} at {@code at} as {@code [spanweave:<id>] <message>}, with the
   * rule's severity, unless an enclosing declaration suppresses it.
   */
  public void report(LintRule rule, Location at, String message) {
    Severity severity = options.severity(rule);
    if (severity == Severity.OFF || at.isSuppressed(this, rule.id())) {
      return;
    }
    at.print(
        this,
        severity == Severity.ERROR ? Diagnostic.Kind.ERROR : Diagnostic.Kind.WARNING,
        rule.id(),
        message);
  }

  /** {@link #report(LintRule, Location, String)} at a position of javac's trees. */
  public void report(LintRule rule, TreePath at, String message) {
    report(rule, Location.of(at), message);
  }

  /** A location on a declaration, reported through this context's {@code Messager}. */
  Location declaration(Element element, AnnotationMirror annotation, AnnotationValue value) {
    return Location.of(element, annotation, value, messager);
  }

  void print(Diagnostic.Kind kind, String id, Tree at, String message) {
    trees.printMessage(kind, tagged(id, message), at, compilationUnit);
  }

  /** {@code [spanweave:<id>] <message>}, the form of every finding. */
  static String tagged(String id, String message) {
    return "[spanweave:" + id + "] " + message;
  }

  /**
   * The warning for a defect of rule {@code id} (or of the scanner) that stopped it on some code.
   */
  static String defectMessage(String id, Throwable e) {
    return "this rule failed with "
        + e.getClass().getName()
        + (e.getMessage() == null ? "" : ": " + e.getMessage())
        + " and did not check this code; the build goes on. Please report this to spanweave"
        + " with the code at this line, or turn the rule off with -A"
        + LintOptions.severityKey(id)
        + "=off";
  }

  Suppressions suppressions() {
    if (suppressions == null) {
      suppressions = new Suppressions(this);
    }
    return suppressions;
  }

  /** A value computed once per compilation unit, such as whether its package is a base package. */
  @SuppressWarnings("unchecked")
  public <T> T memo(String key, java.util.function.Supplier<T> compute) {
    if (!memo.containsKey(key)) {
      memo.put(key, compute.get());
    }
    return (T) memo.get(key);
  }

  /**
   * A value computed once per compilation, such as whether a package is a base package: the rules
   * run after annotation processing, when no package or type can change any more, and a context is
   * made per unit (a project has many units per package).
   */
  @SuppressWarnings("unchecked")
  public <T> T compilationMemo(String key, java.util.function.Supplier<T> compute) {
    if (!compilationMemo.containsKey(key)) {
      compilationMemo.put(key, compute.get());
    }
    return (T) compilationMemo.get(key);
  }

  /**
   * The static type of an expression, or {@code null} if javac has none (an error type is returned
   * as is).
   */
  public TypeMirror typeOf(TreePath path) {
    return trees.getTypeMirror(path);
  }

  /**
   * The element an identifier, member select, method call or declaration refers to, or {@code
   * null}.
   */
  public Element elementOf(TreePath path) {
    return trees.getElement(path);
  }

  /** A path for a tree under {@code parent}; enough for {@link #typeOf} and {@link #elementOf}. */
  public static TreePath child(TreePath parent, Tree tree) {
    return new TreePath(parent, tree);
  }

  /**
   * The value of a compile-time constant expression: literals, {@code static final} (or local
   * final) constants, and {@code +} concatenations of those. {@code null} for anything else.
   */
  public Object constantValue(TreePath path) {
    return TreeValues.constantValue(this, path);
  }

  /** {@link #constantValue} if it is a string. */
  public String constantString(TreePath path) {
    Object value = constantValue(path);
    return value instanceof String ? (String) value : null;
  }

  /**
   * A readable name for a value expression: {@code prompt}, {@code request.prompt}, {@code
   * result.getCompletion} for {@code result.getCompletion()}; {@code null} for others.
   */
  public static String nameOf(Tree tree) {
    return TreeValues.nameOf(tree);
  }

  /** Whether {@code type} is {@code Throwable} or a subclass. */
  public boolean isThrowable(TypeMirror type) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    if (!throwableLookedUp) {
      TypeElement throwable = elements.getTypeElement("java.lang.Throwable");
      throwableType = throwable == null ? null : throwable.asType();
      throwableLookedUp = true;
    }
    return throwableType != null && types.isAssignable(type, throwableType);
  }

  /** The qualified name of a declared type's class, or {@code null}. */
  public static String qualifiedName(TypeMirror type) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    return ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
  }

  /**
   * Whether {@code type} is the class {@code qualifiedName} or inherits from it, compared by name.
   */
  public boolean isSubtypeOf(TypeMirror type, String qualifiedName) {
    if (type == null || type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    TypeElement target = elements.getTypeElement(qualifiedName);
    if (target != null) {
      return types.isAssignable(types.erasure(type), types.erasure(target.asType()));
    }
    return qualifiedName.equals(qualifiedName(type));
  }

  /**
   * Whether the type of a class is the class {@code qualifiedName} or one of its subclasses,
   * walking superclasses by name.
   */
  public static boolean extendsByName(TypeElement type, String qualifiedName) {
    TypeElement current = type;
    for (int depth = 0; current != null && depth < 32; depth++) {
      if (current.getQualifiedName().contentEquals(qualifiedName)) {
        return true;
      }
      TypeMirror superclass = current.getSuperclass();
      if (superclass.getKind() != TypeKind.DECLARED) {
        return false;
      }
      current = (TypeElement) ((DeclaredType) superclass).asElement();
    }
    return false;
  }
}
