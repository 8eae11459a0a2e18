package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import io.spanweave.conventions.AttributeValuePolicy;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Decides which parameter types {@code @TraceAttribute} accepts, and how the generated code hands
 * each one to {@code StageSpan.attribute}: primitives, boxed primitives, {@code String}, enums, and
 * arrays or lists of those (every primitive array but the payloads {@code byte[]} and {@code
 * char[]}). Everything else is refused at compile time, since an object's {@code toString()} is
 * where payloads and secrets leak into traces.
 */
final class AttributeTypes {

  /** The declared scalar types a span can hold, the conventions module's one list. */
  private static final Set<String> SCALARS = AttributeValuePolicy.SCALAR_TYPE_NAMES;

  /** Primitive arrays with an overload of their own on {@code StageSpan}. */
  private static final Set<TypeKind> RECORDED_PRIMITIVE_ARRAYS =
      Set.of(
          TypeKind.BOOLEAN,
          TypeKind.SHORT,
          TypeKind.INT,
          TypeKind.LONG,
          TypeKind.FLOAT,
          TypeKind.DOUBLE);

  private final Elements elements;
  private final Types types;

  AttributeTypes(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /**
   * How the generated code records a parameter on the span builder: the method, typed where one
   * exists ({@code stringAttribute}, {@code longAttribute}, ...: javac then resolves no overloads),
   * and the expression that passes the parameter.
   */
  record Value(String recorder, CodeBlock expression) {}

  /** How {@code parameter} is recorded, or {@code null} when its type is not allowed. */
  Value value(TypeMirror type, String parameter) {
    TypeKind kind = type.getKind();
    if (kind == TypeKind.CHAR) {
      return new Value(
          "stringAttribute",
          CodeBlock.of(
              "$T.valueOf($N)", String.class, parameter)); // as text, not as its code point
    }
    if (kind == TypeKind.BOOLEAN) {
      return new Value("booleanAttribute", CodeBlock.of("$L", parameter));
    }
    if (kind == TypeKind.FLOAT || kind == TypeKind.DOUBLE) {
      return new Value("doubleAttribute", CodeBlock.of("$L", parameter));
    }
    if (kind.isPrimitive()) {
      return new Value(
          "longAttribute", CodeBlock.of("$L", parameter)); // int, short, byte widen to long
    }
    if (isNamed(type, "java.lang.Character")) {
      return new Value(
          "stringAttribute", CodeBlock.of("$T.toString($N, null)", Objects.class, parameter));
    }
    if (isNamed(type, "java.lang.String")) {
      return new Value("stringAttribute", CodeBlock.of("$L", parameter));
    }
    if (isScalar(type)) {
      return new Value(
          "attribute", CodeBlock.of("$L", parameter)); // boxed or enum: attribute's overloads
    }
    if (kind == TypeKind.ARRAY) {
      TypeMirror component = PropertyLookup.componentType(type);
      if (component.getKind().isPrimitive()
          ? RECORDED_PRIMITIVE_ARRAYS.contains(component.getKind())
          : isScalar(component)) {
        return new Value("attribute", CodeBlock.of("$L", parameter));
      }
      return null;
    }
    TypeMirror element = listElement(type);
    if (element != null && isScalar(element)) {
      return new Value("attribute", CodeBlock.of("$L", parameter));
    }
    return null;
  }

  /** Why a refused type is refused, for the error message, with what to do instead. */
  String refusal(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY
        && PropertyLookup.componentType(type).getKind().isPrimitive()) {
      // Every other primitive array has an overload; byte[] and char[] are the two refused.
      return "a "
          + type
          + " is a payload (bytes or text), not an attribute; record its length as a metric instead";
    }
    return "attributes are primitives, boxed primitives, String, enums, and arrays or lists of those; "
        + "record a number about it as a metric instead";
  }

  /** A scalar a span can hold: boxed primitive, String, enum. */
  private boolean isScalar(TypeMirror type) {
    TypeMirror t = type;
    if (t.getKind() == TypeKind.WILDCARD) {
      t = ((WildcardType) t).getExtendsBound();
      if (t == null) {
        return false;
      }
    }
    if (t.getKind() != TypeKind.DECLARED) {
      return false;
    }
    TypeElement element = (TypeElement) ((DeclaredType) t).asElement();
    return element.getKind() == ElementKind.ENUM
        || SCALARS.contains(element.getQualifiedName().toString());
  }

  /** {@code E} when {@code type} is a {@code List<E>} (or a subtype), {@code null} otherwise. */
  private TypeMirror listElement(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return null;
    }
    TypeElement list = elements.getTypeElement("java.util.List");
    if (!types.isAssignable(types.erasure(type), types.erasure(list.asType()))) {
      return null;
    }
    DeclaredType asList = Supertypes.find(types, type, list);
    if (asList == null) {
      return null;
    }
    List<? extends TypeMirror> arguments = asList.getTypeArguments();
    return arguments.isEmpty() ? null : arguments.get(0);
  }

  private static boolean isNamed(TypeMirror type, String name) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().contentEquals(name);
  }
}
