package io.spanweave.lint;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.AssignmentTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.NewArrayTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Name;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.TypeMirror;
import javax.tools.Diagnostic;

/**
 * The one pass over a compilation unit. It finds the positions the rules care about (attribute
 * writes, span and event names, imports) once and hands each to every enabled rule, so the cost of
 * a rule is the cost of its check, not of another walk over the tree.
 *
 * <p>API calls are recognised by the resolved method's owner type name, so the lint needs no
 * spanweave runtime or rollout preset on its own classpath; the preset's APIs are listed in {@link
 * RolloutPresetApis}.
 */
final class LintScanner extends TreePathScanner<Void, Void> {

  static final String TRACE = "io.spanweave.api.Trace";
  static final String STAGE_SPAN = "io.spanweave.api.StageSpan";
  static final String STAGE = "io.spanweave.api.Stage";
  static final String TRACED = "io.spanweave.annotations.Traced";
  static final String TRACE_ATTRIBUTE = "io.spanweave.annotations.TraceAttribute";
  static final String OTEL_TRACER = "io.opentelemetry.api.trace.Tracer";
  static final String OTEL_SPAN = "io.opentelemetry.api.trace.Span";

  /** Simple names of the annotations with attribute positions. */
  static final Set<String> ANNOTATION_NAMES = Set.of("Traced", "TraceAttribute");

  /**
   * Names of every API method the scanner inspects, to skip all other calls before resolving them
   * (and, in {@link UnitPrefilter}, units that call none of them).
   */
  static final Set<String> API_METHOD_NAMES =
      Set.of(
          "span",
          "event",
          "call",
          "run",
          "setAttribute",
          "setAttributes",
          "recordSyntheticSpan",
          "attribute",
          "define",
          "spanBuilder",
          "addEvent",
          "updateName");

  /**
   * Trace methods that take a span or event name first and attributes in their first map argument.
   */
  private static final Set<String> TRACE_ATTRIBUTE_METHODS =
      Set.of("span", "event", "call", "run", "setAttributes", "recordSyntheticSpan");

  /** Id under which defects of the scanner itself (not of a rule) are reported. */
  static final String ENGINE_ID = "lint-engine";

  private final List<LintRule> rules;
  private final LintContext context;
  private final ScannerNames names;
  private final Set<String> failedRules = new HashSet<>();
  private final MapLiteralEntries mapLiterals;

  LintScanner(List<LintRule> rules, LintContext context, ScannerNames names) {
    this.rules = rules;
    this.context = context;
    this.names = names;
    this.mapLiterals = new MapLiteralEntries(context);
  }

  /** Checks the imports of the unit; called once per compilation unit. */
  void scanImports(CompilationUnitTree unit) {
    TreePath unitPath = new TreePath(unit);
    for (ImportTree importTree : unit.getImports()) {
      TreePath path = new TreePath(unitPath, importTree);
      for (LintRule rule : rules) {
        run(rule, Location.of(path), () -> rule.checkImport(importTree, context));
      }
    }
  }

  // ---- previews
  // ----------------------------------------------------------------------------------

  static final String CAPTURE = "io.spanweave.annotations.Capture";

  @Override
  public Void visitMemberSelect(MemberSelectTree node, Void unused) {
    if (names.isPreview(node.getIdentifier())) {
      guarded(this::inspectPreviewCapture);
    }
    return super.visitMemberSelect(node, unused);
  }

  @Override
  public Void visitIdentifier(IdentifierTree node, Void unused) {
    if (names.isPreview(node.getName())) { // a static import of Capture.PREVIEW
      guarded(this::inspectPreviewCapture);
    }
    return super.visitIdentifier(node, unused);
  }

  private void inspectPreviewCapture() {
    TreePath path = getCurrentPath();
    Element element = context.elementOf(path);
    if (element == null
        || element.getKind() != ElementKind.ENUM_CONSTANT
        || !(element.getEnclosingElement() instanceof TypeElement)
        || !((TypeElement) element.getEnclosingElement())
            .getQualifiedName()
            .contentEquals(CAPTURE)) {
      return;
    }
    Location at = Location.of(path);
    for (LintRule rule : rules) {
      run(rule, at, () -> rule.checkPreviewCapture(at, context));
    }
  }

  // ---- attribute-writing positions -------------------------------------------------------------

  @Override
  public Void visitAnnotation(AnnotationTree node, Void unused) {
    if (names.isAnnotation(lastName(node.getAnnotationType()))) {
      guarded(() -> inspectAnnotation(node));
    }
    return super.visitAnnotation(node, unused);
  }

  @Override
  public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
    // Most calls are not tracing calls: a name test is far cheaper than resolving the method.
    if (names.isApiMethod(lastName(node.getMethodSelect()))) {
      guarded(() -> inspectCall(node));
    }
    return super.visitMethodInvocation(node, unused);
  }

  @Override
  public Void visitNewClass(NewClassTree node, Void unused) {
    Tree type = node.getIdentifier();
    if (type instanceof com.sun.source.tree.ParameterizedTypeTree) {
      type = ((com.sun.source.tree.ParameterizedTypeTree) type).getType();
    }
    if (names.isConstructedApiType(lastName(type))) {
      guarded(() -> inspectConstruction(node));
    }
    return super.visitNewClass(node, unused);
  }

  /** {@code c} for {@code a.b.c} or {@code c}; {@code null} for anything else. */
  private static Name lastName(Tree tree) {
    if (tree instanceof MemberSelectTree) {
      return ((MemberSelectTree) tree).getIdentifier();
    }
    return tree instanceof IdentifierTree ? ((IdentifierTree) tree).getName() : null;
  }

  private void inspectAnnotation(AnnotationTree node) {
    TreePath path = getCurrentPath();
    Element type = context.elementOf(LintContext.child(path, node.getAnnotationType()));
    if (!(type instanceof TypeElement)) {
      return;
    }
    String name = ((TypeElement) type).getQualifiedName().toString();
    if (name.equals(TRACED)) {
      inspectTracedAttributes(node, path);
    } else if (name.equals(TRACE_ATTRIBUTE)) {
      inspectTraceAttribute(node, path);
    }
  }

  /** {@code @Traced(attributes = {"key=value", ...})}: constant keys and values. */
  private void inspectTracedAttributes(AnnotationTree node, TreePath path) {
    for (ExpressionTree argument : node.getArguments()) {
      if (!(argument instanceof AssignmentTree)) {
        continue;
      }
      AssignmentTree assignment = (AssignmentTree) argument;
      if (!assignment.getVariable().toString().equals("attributes")) {
        continue;
      }
      TreePath assignmentPath = LintContext.child(path, assignment);
      ExpressionTree value = assignment.getExpression();
      List<? extends ExpressionTree> entries =
          value instanceof NewArrayTree ? ((NewArrayTree) value).getInitializers() : List.of(value);
      TreePath valuePath = LintContext.child(assignmentPath, value);
      for (ExpressionTree entry : entries) {
        TreePath entryPath = entry == value ? valuePath : LintContext.child(valuePath, entry);
        String text = context.constantString(entryPath);
        if (text != null) {
          dispatch(AttributeWrite.tracedAttribute(Location.of(entryPath), text, context));
        }
      }
    }
  }

  /**
   * {@code @TraceAttribute("key") Type name}: the key (default: the parameter's name) and the
   * parameter's type.
   */
  private void inspectTraceAttribute(AnnotationTree node, TreePath path) {
    TreePath modifiers = path.getParentPath();
    TreePath parameter = modifiers == null ? null : modifiers.getParentPath();
    if (parameter == null || !(parameter.getLeaf() instanceof VariableTree)) {
      return;
    }
    Element element = context.elementOf(parameter);
    if (!(element instanceof VariableElement)) {
      return;
    }
    String key = null;
    for (ExpressionTree argument : node.getArguments()) {
      ExpressionTree value =
          argument instanceof AssignmentTree
              ? ((AssignmentTree) argument).getExpression()
              : argument;
      String constant = context.constantString(LintContext.child(path, value));
      if (constant != null && !constant.isEmpty()) {
        key = constant;
      }
    }
    dispatch(AttributeWrite.traceAttribute(Location.of(path), (VariableElement) element, key));
  }

  private void inspectCall(MethodInvocationTree node) {
    TreePath path = getCurrentPath();
    Element element = context.elementOf(path);
    if (!(element instanceof ExecutableElement)
        || !(element.getEnclosingElement() instanceof TypeElement)) {
      return;
    }
    ExecutableElement method = (ExecutableElement) element;
    TypeElement owner = (TypeElement) method.getEnclosingElement();
    String ownerName = owner.getQualifiedName().toString();
    String name = method.getSimpleName().toString();
    List<? extends ExpressionTree> args = node.getArguments();
    RolloutPresetApis.Api preset = RolloutPresetApis.find(owner, name);
    if (preset != null) {
      if (!isInsideImplementationOf(path, preset.owner)) {
        inspectPresetCall(preset, path, args);
      }
      return;
    }
    if (!isTracingApi(owner, ownerName) || isInsideImplementationOf(path, ownerName)) {
      return;
    }

    if (ownerName.equals(TRACE)) {
      inspectTraceCall(path, name, args);
    } else if (LintContext.extendsByName(owner, STAGE_SPAN)) {
      if (name.equals("attribute") && args.size() == 2) {
        inspectStageSpanAttribute(path, args);
      } else if (name.equals("event") && !args.isEmpty()) {
        spanName("StageSpan.event", LintContext.child(path, args.get(0)), true);
      }
    } else if (ownerName.equals(STAGE) && name.equals("define") && !args.isEmpty()) {
      spanName("Stage.define", LintContext.child(path, args.get(0)), false);
    } else if (ownerName.equals(OTEL_TRACER) && name.equals("spanBuilder") && args.size() == 1) {
      spanName("Tracer.spanBuilder", LintContext.child(path, args.get(0)), false);
    } else if (ownerName.equals(OTEL_SPAN) && name.equals("addEvent") && !args.isEmpty()) {
      spanName("Span.addEvent", LintContext.child(path, args.get(0)), true);
    } else if (ownerName.equals(OTEL_SPAN) && name.equals("updateName") && args.size() == 1) {
      spanName("Span.updateName", LintContext.child(path, args.get(0)), false);
    }
  }

  /** {@code new LlmRequest(start, end, Map.of(...))}, {@code new ToolCall(name, Map.of(...))}. */
  private void inspectConstruction(NewClassTree node) {
    TreePath path = getCurrentPath();
    Element element = context.elementOf(path);
    if (!(element instanceof ExecutableElement)
        || !(element.getEnclosingElement() instanceof TypeElement)) {
      return;
    }
    TypeElement owner = (TypeElement) element.getEnclosingElement();
    RolloutPresetApis.Api preset = RolloutPresetApis.find(owner, RolloutPresetApis.CONSTRUCTOR);
    if (preset != null && !isInsideImplementationOf(path, preset.owner)) {
      inspectPresetCall(preset, path, node.getArguments());
    }
  }

  /**
   * A call of the rollout preset: its attributes, values or span name, as {@link RolloutPresetApis}
   * says.
   */
  private void inspectPresetCall(
      RolloutPresetApis.Api api, TreePath path, List<? extends ExpressionTree> args) {
    if (args.isEmpty()) {
      return;
    }
    TreePath first = LintContext.child(path, args.get(0));
    switch (api.position) {
      case ATTRIBUTE_MAP:
        for (ExpressionTree arg : args) {
          TreePath argPath = LintContext.child(path, arg);
          if (context.isSubtypeOf(context.typeOf(argPath), "java.util.Map")) {
            mapEntries(api.where, argPath);
            return;
          }
        }
        return;
      case TEXT_VALUE:
        write(api.where, null, first, first);
        return;
      case STRUCTURED_VALUE:
        if (context.isSubtypeOf(context.typeOf(first), "java.util.Map")) {
          mapEntries(api.where, first);
        } else {
          dispatch(
              new AttributeWrite(
                  api.where,
                  first,
                  null,
                  first,
                  context.typeOf(first),
                  LintContext.nameOf(first.getLeaf()),
                  context.constantString(first),
                  true));
        }
        return;
      case SPAN_NAME:
        spanName(api.where, first, false);
        return;
      default:
        throw new AssertionError(api.position);
    }
  }

  private static boolean isTracingApi(TypeElement owner, String ownerName) {
    return ownerName.equals(TRACE)
        || ownerName.equals(STAGE)
        || ownerName.equals(OTEL_TRACER)
        || ownerName.equals(OTEL_SPAN)
        || LintContext.extendsByName(owner, STAGE_SPAN);
  }

  /**
   * Calls the tracing API makes to itself (a {@code StageSpan} implementation forwarding one {@code
   * attribute} overload to another) are its implementation, not attribute writes of users.
   */
  private boolean isInsideImplementationOf(TreePath path, String ownerName) {
    for (TreePath p = path; p != null; p = p.getParentPath()) {
      if (p.getLeaf() instanceof ClassTree) {
        Element type = context.elementOf(p);
        if (type instanceof TypeElement
            && LintContext.extendsByName((TypeElement) type, ownerName)) {
          return true;
        }
      }
    }
    return false;
  }

  /**
   * {@code Trace.setAttribute(key, value)}; {@code Trace.span/event/call/run(name, attributes,
   * ...)} and {@code Trace.setAttributes(attributes)}, whose first map argument holds the
   * attributes (a later one, such as the parent carrier of {@code span}, does not).
   */
  private void inspectTraceCall(TreePath path, String name, List<? extends ExpressionTree> args) {
    String api = "Trace." + name;
    if (name.equals("setAttribute") && args.size() == 2) {
      TreePath key = LintContext.child(path, args.get(0));
      write(api, key, LintContext.child(path, args.get(1)), key);
      return;
    }
    if (!TRACE_ATTRIBUTE_METHODS.contains(name)) {
      return; // inject, extract, attach, metric, ...: no attributes, no span names
    }
    if (!name.equals("setAttributes")
        && !args.isEmpty()
        && isString(LintContext.child(path, args.get(0)))) {
      spanName(api, LintContext.child(path, args.get(0)), name.equals("event"));
    }
    for (ExpressionTree arg : args) {
      TreePath argPath = LintContext.child(path, arg);
      if (context.isSubtypeOf(context.typeOf(argPath), "java.util.Map")) {
        mapEntries(api, argPath);
        return;
      }
    }
  }

  /**
   * {@code span.attribute(key, value)}, mostly written by the processor in generated delegates.
   * There a key declared by {@code @TraceAttribute} on the user's method has already been checked
   * (with the user's suppressions) at the annotation, so it is not reported twice.
   */
  private void inspectStageSpanAttribute(TreePath path, List<? extends ExpressionTree> args) {
    TreePath key = LintContext.child(path, args.get(0));
    String constantKey = context.constantString(key);
    if (constantKey != null && isDeclaredOnOverriddenMethod(constantKey)) {
      return;
    }
    write("StageSpan.attribute", key, LintContext.child(path, args.get(1)), key);
  }

  private boolean isDeclaredOnOverriddenMethod(String key) {
    TreePath methodPath = enclosingMethod();
    if (methodPath == null) {
      return false;
    }
    Element method = context.elementOf(methodPath);
    if (!(method instanceof ExecutableElement)
        || !context.suppressions().isGeneratedDelegateMethod(method)) {
      return false;
    }
    ExecutableElement overridden =
        Suppressions.overriddenSourceMethod((ExecutableElement) method, context);
    if (overridden == null) {
      return false;
    }
    for (VariableElement parameter : overridden.getParameters()) {
      for (AnnotationMirror annotation : parameter.getAnnotationMirrors()) {
        TypeElement type = (TypeElement) annotation.getAnnotationType().asElement();
        if (!type.getQualifiedName().contentEquals(TRACE_ATTRIBUTE)) {
          continue;
        }
        String declared = parameter.getSimpleName().toString();
        for (java.util.Map.Entry<? extends ExecutableElement, ? extends AnnotationValue> value :
            annotation.getElementValues().entrySet()) {
          Object v = value.getValue().getValue();
          if (v instanceof String && !((String) v).isEmpty()) {
            declared = (String) v;
          }
        }
        if (declared.equals(key)) {
          return true;
        }
      }
    }
    return false;
  }

  private TreePath enclosingMethod() {
    for (TreePath p = getCurrentPath(); p != null; p = p.getParentPath()) {
      if (p.getLeaf() instanceof MethodTree) {
        return p;
      }
    }
    return null;
  }

  /** The entries of a map literal passed to {@code api}, each checked as an attribute write. */
  private void mapEntries(String api, TreePath mapPath) {
    mapLiterals.forEachEntry(
        mapPath, enclosingMethod(), (parent, key, value) -> pair(api, parent, key, value));
  }

  private void pair(String api, TreePath parent, ExpressionTree key, ExpressionTree value) {
    TreePath keyPath = LintContext.child(parent, key);
    write(api, keyPath, LintContext.child(parent, value), keyPath);
  }

  private void write(String where, TreePath keyPath, TreePath valuePath, TreePath reportAt) {
    String key = keyPath == null ? null : context.constantString(keyPath);
    TypeMirror type = context.typeOf(valuePath);
    dispatch(
        new AttributeWrite(
            where,
            reportAt,
            key,
            valuePath,
            type,
            LintContext.nameOf(valuePath.getLeaf()),
            context.constantString(valuePath)));
  }

  private boolean isString(TreePath path) {
    return "java.lang.String".equals(LintContext.qualifiedName(context.typeOf(path)));
  }

  private void spanName(String api, TreePath namePath, boolean event) {
    SpanNameUse use = new SpanNameUse(api, namePath, event);
    Location at = Location.of(namePath);
    for (LintRule rule : rules) {
      run(rule, at, () -> rule.checkSpanName(use, context));
    }
  }

  private void dispatch(AttributeWrite write) {
    for (LintRule rule : rules) {
      run(rule, write.reportAt(), () -> rule.checkAttribute(write, context));
    }
  }

  // ---- robustness ------------------------------------------------------------------------------

  /**
   * Runs one rule's hook; a defect in it becomes one warning naming the rule, never a javac crash.
   */
  private void run(LintRule rule, Location at, Runnable hook) {
    try {
      hook.run();
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      reportDefect(rule.id(), at, e);
    }
  }

  private void guarded(Runnable inspection) {
    try {
      inspection.run();
    } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
      TreePath at = getCurrentPath();
      reportDefect(ENGINE_ID, at == null ? null : Location.of(at), e);
    }
  }

  private void reportDefect(String id, Location at, Throwable e) {
    if (!failedRules.add(id)) {
      return; // one warning per rule and compilation unit is enough to act on
    }
    try {
      String message = LintContext.defectMessage(id, e);
      if (at == null) {
        context.print(Diagnostic.Kind.WARNING, id, context.compilationUnit(), message);
      } else {
        at.print(context, Diagnostic.Kind.WARNING, id, message);
      }
    } catch (RuntimeException ignored) {
      // nothing more can be done without risking the compilation
    }
  }
}
