package io.spanweave.lint.rules;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import io.spanweave.lint.LintContext;
import io.spanweave.lint.LintRule;
import io.spanweave.lint.SpanNameUse;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * {@code span-name-cardinality}: a span or event name built at run time: a concatenation with a
 * non-constant part, {@code String.format}, {@code formatted}, {@code String.valueOf},
 * {@code String.join}, {@code concat}, or {@code toString()} of a non-enum. Every distinct name is
 * a separate series in the viewer and in tracing backends, so names like {@code "step-" + step}
 * defeat grouping and bloat indexes. A plain variable or parameter is not guessed at: wrappers
 * that pass a constant name through are common and fine.
 */
public final class SpanNameCardinalityRule extends LintRule {

  public static final String ID = "span-name-cardinality";

  private static final Set<String> BUILDING_METHODS = Set.of(
      "format", "formatted", "valueOf", "join", "concat", "toString", "repeat");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "span and event names must be constants, not built from run-time values";
  }

  @Override
  public void checkSpanName(SpanNameUse use, LintContext context) {
    String how = builtHow(use.namePath(), context, 0);
    if (how == null) {
      return;
    }
    String thing = use.isEvent() ? "event name" : "span name";
    context.report(this, use.namePath(), "the " + thing + " passed to " + use.api() + " is built " + how
        + " (" + use.namePath().getLeaf() + "); every distinct name becomes its own series, which defeats grouping"
        + " in the viewer and bloats tracing backends. Use a constant " + thing + " and record the varying part as"
        + " an attribute, e.g. Trace.span(\"step\", Map.of(\"step\", step)).");
  }

  /** How a name is built at run time, or {@code null} if it is a constant or not visibly built. */
  private static String builtHow(TreePath path, LintContext context, int depth) {
    if (depth > 16 || context.constantValue(path) != null) {
      return null;
    }
    Tree tree = path.getLeaf();
    switch (tree.getKind()) {
      case PARENTHESIZED:
        return builtHow(LintContext.child(path, ((ParenthesizedTree) tree).getExpression()), context, depth + 1);
      case PLUS:
        return context.constantValue(LintContext.child(path, ((BinaryTree) tree).getLeftOperand())) == null
            || context.constantValue(LintContext.child(path, ((BinaryTree) tree).getRightOperand())) == null
            ? "by concatenating a run-time value" : null;
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree conditional = (ConditionalExpressionTree) tree;
        String found = builtHow(LintContext.child(path, conditional.getTrueExpression()), context, depth + 1);
        return found != null ? found
            : builtHow(LintContext.child(path, conditional.getFalseExpression()), context, depth + 1);
      }
      case METHOD_INVOCATION: {
        MethodInvocationTree call = (MethodInvocationTree) tree;
        if (!(call.getMethodSelect() instanceof MemberSelectTree)) {
          return null;
        }
        MemberSelectTree select = (MemberSelectTree) call.getMethodSelect();
        String name = select.getIdentifier().toString();
        if (!BUILDING_METHODS.contains(name)) {
          return null;
        }
        if (name.equals("toString")) {
          TypeMirror receiver = context.typeOf(LintContext.child(path, select.getExpression()));
          if (isEnum(receiver)) {
            return null; // a bounded set of names
          }
        }
        return "with " + name + "()";
      }
      default:
        return null;
    }
  }

  private static boolean isEnum(TypeMirror type) {
    return type != null && type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
  }
}
