package io.spanweave.processor;

import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;

/**
 * Whether a type's method signatures still name types that do not exist yet, typically classes
 * another processor generates in this round. Such a type is analysed in a later round, once they
 * exist, instead of failing with misleading metric errors now.
 */
final class UnresolvedTypes {

  private UnresolvedTypes() {}

  /**
   * @param allMethods the type's methods, inherited ones included
   */
  static boolean inSignaturesOf(TypeElement type, List<ExecutableElement> allMethods) {
    for (TypeMirror supertype : List.of(type.getSuperclass())) {
      if (unresolved(supertype)) {
        return true;
      }
    }
    for (TypeMirror supertype : type.getInterfaces()) {
      if (unresolved(supertype)) {
        return true;
      }
    }
    for (ExecutableElement method : allMethods) {
      if (unresolved(method.getReturnType())) {
        return true;
      }
      for (var parameter : method.getParameters()) {
        if (unresolved(parameter.asType())) {
          return true;
        }
      }
    }
    return false;
  }

  private static boolean unresolved(TypeMirror type) {
    switch (type.getKind()) {
      case ERROR:
        return true;
      case ARRAY:
        return unresolved(((ArrayType) type).getComponentType());
      case WILDCARD:
        WildcardType wildcard = (WildcardType) type;
        return (wildcard.getExtendsBound() != null && unresolved(wildcard.getExtendsBound()))
            || (wildcard.getSuperBound() != null && unresolved(wildcard.getSuperBound()));
      case DECLARED:
        for (TypeMirror argument : ((DeclaredType) type).getTypeArguments()) {
          if (unresolved(argument)) {
            return true;
          }
        }
        return false;
      default:
        return type.getKind() == TypeKind.ERROR;
    }
  }
}
