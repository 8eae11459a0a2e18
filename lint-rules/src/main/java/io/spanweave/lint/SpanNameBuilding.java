package io.spanweave.lint;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * How a span or event name is built at run time, read from javac's trees for {@link
 * SpanNameCardinalityRule}; apart from the rule so that the rules load without javac's module.
 */
final class SpanNameBuilding {

  private static final Set<String> BUILDING_METHODS =
      Set.of("format", "formatted", "valueOf", "join", "concat", "toString", "repeat");

  private SpanNameBuilding() {}

  /**
   * How {@code path}'s expression is built at run time, or {@code null} if it is a constant or not
   * visibly built.
   */
  static String builtHow(TreePath path, LintContext context) {
    return builtHow(path, context, 0);
  }

  private static String builtHow(TreePath path, LintContext context, int depth) {
    if (depth > 16 || context.constantValue(path) != null) {
      return null;
    }
    Tree tree = path.getLeaf();
    switch (tree.getKind()) {
      case PARENTHESIZED:
        return builtHow(
            LintContext.child(path, ((ParenthesizedTree) tree).getExpression()),
            context,
            depth + 1);
      case PLUS:
        return context.constantValue(LintContext.child(path, ((BinaryTree) tree).getLeftOperand()))
                    == null
                || context.constantValue(
                        LintContext.child(path, ((BinaryTree) tree).getRightOperand()))
                    == null
            ? "by concatenating a run-time value"
            : null;
      case CONDITIONAL_EXPRESSION:
        {
          ConditionalExpressionTree conditional = (ConditionalExpressionTree) tree;
          String found =
              builtHow(
                  LintContext.child(path, conditional.getTrueExpression()), context, depth + 1);
          return found != null
              ? found
              : builtHow(
                  LintContext.child(path, conditional.getFalseExpression()), context, depth + 1);
        }
      case METHOD_INVOCATION:
        {
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
    return type != null
        && type.getKind() == TypeKind.DECLARED
        && ((DeclaredType) type).asElement().getKind() == ElementKind.ENUM;
  }
}
