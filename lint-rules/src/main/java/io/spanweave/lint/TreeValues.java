package io.spanweave.lint;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.LiteralTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.TreePath;
import javax.lang.model.element.Element;
import javax.lang.model.element.VariableElement;

/**
 * Constants and names read from javac's expression trees, for {@link LintContext}. Kept apart so
 * that {@code LintContext}, which the declaration checks also use, holds no tree walking: a class
 * that walks trees cannot even be loaded in a JVM without {@code jdk.compiler}.
 */
final class TreeValues {

  private TreeValues() {}

  static Object constantValue(LintContext context, TreePath path) {
    Tree tree = path.getLeaf();
    switch (tree.getKind()) {
      case STRING_LITERAL:
      case INT_LITERAL:
      case LONG_LITERAL:
      case FLOAT_LITERAL:
      case DOUBLE_LITERAL:
      case BOOLEAN_LITERAL:
      case CHAR_LITERAL:
        return ((LiteralTree) tree).getValue();
      case PARENTHESIZED:
        return constantValue(
            context, LintContext.child(path, ((ParenthesizedTree) tree).getExpression()));
      case TYPE_CAST:
        return constantValue(
            context, LintContext.child(path, ((TypeCastTree) tree).getExpression()));
      case IDENTIFIER:
      case MEMBER_SELECT:
        {
          Element element = context.elementOf(path);
          if (element instanceof VariableElement) {
            return ((VariableElement) element).getConstantValue();
          }
          return null;
        }
      case PLUS:
        {
          BinaryTree binary = (BinaryTree) tree;
          Object left = constantValue(context, LintContext.child(path, binary.getLeftOperand()));
          if (left == null) {
            return null;
          }
          Object right = constantValue(context, LintContext.child(path, binary.getRightOperand()));
          if (right == null) {
            return null;
          }
          if (left instanceof String || right instanceof String) {
            return String.valueOf(left) + right;
          }
          return null; // numeric addition: not a key or a name
        }
      default:
        return null;
    }
  }

  static String nameOf(Tree tree) {
    switch (tree.getKind()) {
      case IDENTIFIER:
        return ((IdentifierTree) tree).getName().toString();
      case MEMBER_SELECT:
        {
          MemberSelectTree select = (MemberSelectTree) tree;
          String receiver = nameOf(select.getExpression());
          String member = select.getIdentifier().toString();
          return receiver == null ? member : receiver + "." + member;
        }
      case METHOD_INVOCATION:
        {
          MethodInvocationTree call = (MethodInvocationTree) tree;
          return call.getArguments().isEmpty() ? nameOf(call.getMethodSelect()) : null;
        }
      case PARENTHESIZED:
        return nameOf(((ParenthesizedTree) tree).getExpression());
      case TYPE_CAST:
        return nameOf(((TypeCastTree) tree).getExpression());
      default:
        return null;
    }
  }
}
