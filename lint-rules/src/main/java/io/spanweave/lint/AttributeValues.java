package io.spanweave.lint;

import io.spanweave.conventions.AttributeValuePolicy;
import java.util.List;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;

/**
 * What the attribute rules need to know about values: allowed types, text, and exception details
 * (read from javac's trees by {@link ExceptionText}; this class walks none, so that the
 * declarations are checked without javac's module).
 */
public final class AttributeValues {

  /** The declared scalar types a span can hold, the conventions module's one list. */
  private static final Set<String> BOXED_AND_STRING = AttributeValuePolicy.SCALAR_TYPE_NAMES;

  private AttributeValues() {}

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
      case BOOLEAN:
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
      case CHAR:
      case FLOAT:
      case DOUBLE:
      case NULL:
      case ERROR:
      case NONE:
      case VOID:
        return true;
      case ARRAY:
        return isScalar(((ArrayType) type).getComponentType());
      case TYPEVAR:
        return isAllowed(((TypeVariable) type).getUpperBound(), context);
      case WILDCARD:
        {
          TypeMirror bound = ((WildcardType) type).getExtendsBound();
          return bound == null || isAllowed(bound, context);
        }
      case DECLARED:
        {
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
                ? isAllowed(element, context)
                : isScalar(element);
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
   * Whether a value of this type can carry text: strings, characters, and arrays or lists of them,
   * plus types the attribute-type rule does not allow. Numbers, booleans and enums cannot, so
   * {@code prompt.isEmpty()} or {@code response.statusCode()} are never payloads.
   */
  public static boolean canCarryText(TypeMirror type) {
    if (type == null) {
      return false;
    }
    switch (type.getKind()) {
      case BOOLEAN:
      case BYTE:
      case SHORT:
      case INT:
      case LONG:
      case FLOAT:
      case DOUBLE:
      case NULL:
      case ERROR:
        return false;
      case ARRAY:
        return canCarryText(((ArrayType) type).getComponentType());
      case DECLARED:
        {
          DeclaredType declared = (DeclaredType) type;
          if (declared.asElement().getKind() == ElementKind.ENUM) {
            return false;
          }
          String name = LintContext.qualifiedName(type);
          if (BOXED_AND_STRING.contains(name)
              && !"java.lang.String".equals(name)
              && !"java.lang.Character".equals(name)) {
            return false;
          }
          List<? extends TypeMirror> arguments = declared.getTypeArguments();
          if (arguments.size() == 1 && name != null && name.startsWith("java.util.")) {
            return canCarryText(arguments.get(0))
                || arguments.get(0).getKind() == TypeKind.WILDCARD;
          }
          return true;
        }
      default:
        return true;
    }
  }

  /**
   * What of an exception a value expression records, such as {@code "e.getMessage()"}, or {@code
   * null}: the exception object itself, its message or stack trace, or text made from it ({@code
   * String.valueOf(e)}, {@code "failed: " + e}, {@code truncate(e.getMessage())}). {@code
   * e.getClass().getName()} is the exception's type and is fine. A declared value (no expression)
   * is judged by its type.
   */
  public static String exceptionDetail(AttributeWrite write, LintContext context) {
    if (write.valuePath() == null) {
      return context.isThrowable(write.valueType()) ? "the exception object" : null;
    }
    return ExceptionText.of(write.valuePath(), context);
  }
}
