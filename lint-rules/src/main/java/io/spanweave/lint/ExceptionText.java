package io.spanweave.lint;

import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.TreePath;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.type.TypeMirror;

/**
 * What of an exception a value expression records, read from javac's trees ({@link
 * AttributeValues#exceptionDetail}).
 */
final class ExceptionText {

  /** Throwable methods whose result is the exception's text or trace. */
  private static final Set<String> DETAIL_METHODS =
      Set.of(
          "getMessage",
          "getLocalizedMessage",
          "toString",
          "getStackTrace",
          "printStackTrace",
          "getSuppressed");

  /**
   * Methods that turn any argument into text: {@code String.valueOf(e)}, {@code "%s".formatted(e)}.
   */
  private static final Set<String> STRINGIFYING_METHODS =
      Set.of("valueOf", "toString", "format", "formatted", "join", "concat", "append");

  private ExceptionText() {}

  static String of(TreePath path, LintContext context) {
    return find(path, context, 0);
  }

  private static String find(TreePath path, LintContext context, int depth) {
    if (depth > 32) {
      return null;
    }
    Tree tree = path.getLeaf();
    if (tree instanceof ExpressionTree && context.isThrowable(context.typeOf(path))) {
      return "the exception object " + tree;
    }
    switch (tree.getKind()) {
      case PARENTHESIZED:
        return find(
            LintContext.child(path, ((ParenthesizedTree) tree).getExpression()),
            context,
            depth + 1);
      case TYPE_CAST:
        return find(
            LintContext.child(path, ((TypeCastTree) tree).getExpression()), context, depth + 1);
      case CONDITIONAL_EXPRESSION:
        {
          ConditionalExpressionTree conditional = (ConditionalExpressionTree) tree;
          String found =
              find(LintContext.child(path, conditional.getTrueExpression()), context, depth + 1);
          return found != null
              ? found
              : find(LintContext.child(path, conditional.getFalseExpression()), context, depth + 1);
        }
      case PLUS:
        {
          BinaryTree binary = (BinaryTree) tree;
          String left = find(LintContext.child(path, binary.getLeftOperand()), context, depth + 1);
          return left != null
              ? detailAsText(left, tree)
              : detailAsText(
                  find(LintContext.child(path, binary.getRightOperand()), context, depth + 1),
                  tree);
        }
      case METHOD_INVOCATION:
        return callDetail(path, (MethodInvocationTree) tree, context, depth);
      default:
        return null;
    }
  }

  private static String detailAsText(String found, Tree tree) {
    return found == null ? null : "text made from an exception: " + tree;
  }

  private static String callDetail(
      TreePath path, MethodInvocationTree call, LintContext context, int depth) {
    ExpressionTree select = call.getMethodSelect();
    String name =
        select instanceof MemberSelectTree
            ? ((MemberSelectTree) select).getIdentifier().toString()
            : select.toString();
    if (select instanceof MemberSelectTree) {
      TreePath receiver = LintContext.child(path, ((MemberSelectTree) select).getExpression());
      TypeMirror receiverType = context.typeOf(receiver);
      if (context.isThrowable(receiverType)) {
        return DETAIL_METHODS.contains(name)
            ? "the exception's " + describe(name) + " (" + call + ")"
            : null;
      }
      // e.getMessage().trim(), message.substring(0, 80): still the message
      if ("java.lang.String".equals(LintContext.qualifiedName(receiverType))) {
        String found = find(receiver, context, depth + 1);
        if (found != null) {
          return found;
        }
      }
    }
    String lower = name.toLowerCase(Locale.ROOT);
    boolean namesDetail =
        lower.contains("stacktrace") || lower.contains("message") || lower.contains("trace");
    for (ExpressionTree argument : call.getArguments()) {
      TreePath argumentPath = LintContext.child(path, argument);
      if (context.isThrowable(context.typeOf(argumentPath))) {
        if (namesDetail || STRINGIFYING_METHODS.contains(name)) {
          return "text made from an exception (" + call + ")";
        }
        continue; // errorType(e) and the like: may well record only the type
      }
      String found = find(argumentPath, context, depth + 1);
      if (found != null) {
        return found;
      }
    }
    return null;
  }

  private static String describe(String method) {
    switch (method) {
      case "getMessage":
      case "getLocalizedMessage":
        return "message";
      case "toString":
        return "type and message";
      default:
        return "stack trace";
    }
  }
}
