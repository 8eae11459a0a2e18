package io.spanweave.lint;

import io.spanweave.conventions.AttributeValuePolicy;
import com.sun.source.tree.BinaryTree;
import com.sun.source.tree.ConditionalExpressionTree;
import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.util.TreePath;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/** What the attribute rules need to know about values: allowed types, text, and exception details. */
public final class AttributeValues {

  /** The declared scalar types a span can hold, the conventions module's one list. */
  private static final Set<String> BOXED_AND_STRING = AttributeValuePolicy.SCALAR_TYPE_NAMES;

  /** Throwable methods whose result is the exception's text or trace. */
  private static final Set<String> DETAIL_METHODS = Set.of(
      "getMessage", "getLocalizedMessage", "toString", "getStackTrace", "printStackTrace", "getSuppressed");

  /** Methods that turn any argument into text: {@code String.valueOf(e)}, {@code "%s".formatted(e)}. */
  private static final Set<String> STRINGIFYING_METHODS = Set.of(
      "valueOf", "toString", "format", "formatted", "join", "concat", "append");

  private AttributeValues() {
  }

  /**
   * Whether a span can hold a value of this type: primitives, boxed primitives, {@code String},
   * enums, and arrays or lists of those. Unknown element types (raw lists, wildcards) are not
   * guessed at. {@code null} and error types count as allowed: javac reports those itself.
   */
  public static boolean isAllowed(TypeMirror type, LintContext context) {
    if (type == null) {
      return true;
    }
    switch (type.getKind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case CHAR: case FLOAT: case DOUBLE:
      case NULL: case ERROR: case NONE: case VOID:
        return true;
      case ARRAY:
        return isScalar(((ArrayType) type).getComponentType());
      case TYPEVAR:
        return isAllowed(((TypeVariable) type).getUpperBound(), context);
      case WILDCARD: {
        TypeMirror bound = ((WildcardType) type).getExtendsBound();
        return bound == null || isAllowed(bound, context);
      }
      case DECLARED: {
        if (isScalar(type)) {
          return true;
        }
        if (context.isSubtypeOf(type, "java.util.List")) {
          List<? extends TypeMirror> arguments = ((DeclaredType) type).getTypeArguments();
          if (arguments.isEmpty()) {
            return true; // raw: not guessed at
          }
          TypeMirror element = arguments.get(0);
          return element.getKind() == TypeKind.WILDCARD || element.getKind() == TypeKind.TYPEVAR
              ? isAllowed(element, context) : isScalar(element);
        }
        return false;
      }
      default:
        return true;
    }
  }

  /** A primitive, boxed primitive, {@code String} or enum. */
  private static boolean isScalar(TypeMirror type) {
    if (type.getKind().isPrimitive()) {
      return true;
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return type.getKind() == TypeKind.ERROR;
    }
    DeclaredType declared = (DeclaredType) type;
    if (declared.asElement().getKind() == ElementKind.ENUM) {
      return true;
    }
    String name = LintContext.qualifiedName(type);
    return BOXED_AND_STRING.contains(name) || "java.lang.Enum".equals(name);
  }

  /**
   * Whether a value of this type can carry text: strings, characters, and arrays or lists of
   * them, plus types the attribute-type rule does not allow. Numbers, booleans and enums cannot,
   * so {@code prompt.isEmpty()} or {@code response.statusCode()} are never payloads.
   */
  public static boolean canCarryText(TypeMirror type) {
    if (type == null) {
      return false;
    }
    switch (type.getKind()) {
      case BOOLEAN: case BYTE: case SHORT: case INT: case LONG: case FLOAT: case DOUBLE: case NULL: case ERROR:
        return false;
      case ARRAY:
        return canCarryText(((ArrayType) type).getComponentType());
      case DECLARED: {
        DeclaredType declared = (DeclaredType) type;
        if (declared.asElement().getKind() == ElementKind.ENUM) {
          return false;
        }
        String name = LintContext.qualifiedName(type);
        if (BOXED_AND_STRING.contains(name) && !"java.lang.String".equals(name) && !"java.lang.Character".equals(name)) {
          return false;
        }
        List<? extends TypeMirror> arguments = declared.getTypeArguments();
        if (arguments.size() == 1 && name != null && name.startsWith("java.util.")) {
          return canCarryText(arguments.get(0)) || arguments.get(0).getKind() == TypeKind.WILDCARD;
        }
        return true;
      }
      default:
        return true;
    }
  }

  /**
   * What of an exception a value expression records, such as {@code "e.getMessage()"}, or
   * {@code null}: the exception object itself, its message or stack trace, or text made from it
   * ({@code String.valueOf(e)}, {@code "failed: " + e}, {@code truncate(e.getMessage())}).
   * {@code e.getClass().getName()} is the exception's type and is fine.
   */
  public static String exceptionDetail(AttributeWrite write, LintContext context) {
    if (write.valuePath() == null) {
      return context.isThrowable(write.valueType()) ? "the exception object" : null;
    }
    return exceptionDetail(write.valuePath(), context, 0);
  }

  private static String exceptionDetail(TreePath path, LintContext context, int depth) {
    if (depth > 32) {
      return null;
    }
    Tree tree = path.getLeaf();
    if (tree instanceof ExpressionTree && context.isThrowable(context.typeOf(path))) {
      return "the exception object " + tree;
    }
    switch (tree.getKind()) {
      case PARENTHESIZED:
        return exceptionDetail(LintContext.child(path, ((ParenthesizedTree) tree).getExpression()), context, depth + 1);
      case TYPE_CAST:
        return exceptionDetail(LintContext.child(path, ((TypeCastTree) tree).getExpression()), context, depth + 1);
      case CONDITIONAL_EXPRESSION: {
        ConditionalExpressionTree conditional = (ConditionalExpressionTree) tree;
        String found = exceptionDetail(LintContext.child(path, conditional.getTrueExpression()), context, depth + 1);
        return found != null ? found
            : exceptionDetail(LintContext.child(path, conditional.getFalseExpression()), context, depth + 1);
      }
      case PLUS: {
        BinaryTree binary = (BinaryTree) tree;
        String left = exceptionDetail(LintContext.child(path, binary.getLeftOperand()), context, depth + 1);
        return left != null ? detailAsText(left, tree)
            : detailAsText(exceptionDetail(LintContext.child(path, binary.getRightOperand()), context, depth + 1), tree);
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

  private static String callDetail(TreePath path, MethodInvocationTree call, LintContext context, int depth) {
    ExpressionTree select = call.getMethodSelect();
    String name = select instanceof MemberSelectTree
        ? ((MemberSelectTree) select).getIdentifier().toString() : select.toString();
    if (select instanceof MemberSelectTree) {
      TreePath receiver = LintContext.child(path, ((MemberSelectTree) select).getExpression());
      TypeMirror receiverType = context.typeOf(receiver);
      if (context.isThrowable(receiverType)) {
        return DETAIL_METHODS.contains(name) ? "the exception's " + describe(name) + " (" + call + ")" : null;
      }
      // e.getMessage().trim(), message.substring(0, 80): still the message
      if ("java.lang.String".equals(LintContext.qualifiedName(receiverType))) {
        String found = exceptionDetail(receiver, context, depth + 1);
        if (found != null) {
          return found;
        }
      }
    }
    String lower = name.toLowerCase(Locale.ROOT);
    boolean namesDetail = lower.contains("stacktrace") || lower.contains("message") || lower.contains("trace");
    for (ExpressionTree argument : call.getArguments()) {
      TreePath argumentPath = LintContext.child(path, argument);
      if (context.isThrowable(context.typeOf(argumentPath))) {
        if (namesDetail || STRINGIFYING_METHODS.contains(name)) {
          return "text made from an exception (" + call + ")";
        }
        continue; // errorType(e) and the like: may well record only the type
      }
      String found = exceptionDetail(argumentPath, context, depth + 1);
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
