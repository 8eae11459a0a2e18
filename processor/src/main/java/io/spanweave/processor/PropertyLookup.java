package io.spanweave.processor;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ArrayType;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.type.TypeVariable;
import javax.lang.model.type.WildcardType;
import javax.lang.model.util.ElementFilter;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Finds the properties a metric path can walk through, and says which types a metric may end in.
 * Only members the generated class (in {@code fromPackage}) can call are offered.
 */
final class PropertyLookup {

  /** Methods every object or enum has; offering {@code hashCode} as a metric would only confuse. */
  private static final Set<String> IGNORED_DECLARERS =
      Set.of("java.lang.Object", "java.lang.Enum", "java.lang.Record");

  /** Object's methods as records and other types redeclare them. */
  private static final Set<String> OBJECT_METHODS =
      Set.of("hashCode", "toString", "getClass", "clone");

  private final Elements elements;
  private final Types types;

  /**
   * The properties of plain (non-generic) types, per package they are read from: every metric of a
   * method, and every method returning the same type, walks the same types again.
   */
  private final Map<TypeElement, Map<PackageElement, Map<String, Property>>> plainTypes =
      new HashMap<>();

  private TypeMirror numberType;
  private TypeMirror baseStreamErasure;

  /** One lookup per round: its cache holds elements, which javac renews from round to round. */
  PropertyLookup(Elements elements, Types types) {
    this.elements = elements;
    this.types = types;
  }

  /**
   * The readable properties of {@code type}, in declaration order; empty for primitives. Read-only.
   */
  Map<String, Property> properties(TypeMirror type, PackageElement fromPackage) {
    TypeMirror readable = readableType(type);
    if (readable.getKind() == TypeKind.ARRAY) {
      return Map.of(
          "length", new Property("length", "length", types.getPrimitiveType(TypeKind.INT)));
    }
    if (readable.getKind() != TypeKind.DECLARED) {
      return Map.of();
    }
    DeclaredType declared = (DeclaredType) readable;
    TypeElement element = (TypeElement) declared.asElement();
    if (!isPlain(declared)) {
      return Collections.unmodifiableMap(declaredProperties(declared, element, fromPackage));
    }
    Map<PackageElement, Map<String, Property>> byPackage = plainTypes.get(element);
    if (byPackage == null) {
      byPackage = new HashMap<>();
      plainTypes.put(element, byPackage);
    }
    Map<String, Property> properties = byPackage.get(fromPackage);
    if (properties == null) {
      properties = Collections.unmodifiableMap(declaredProperties(declared, element, fromPackage));
      byPackage.put(fromPackage, properties);
    }
    return properties;
  }

  /**
   * Whether the type is its class as declared, with no type arguments here or on an enclosing type:
   * then every mirror of it has the same properties, and the class can key the cache.
   */
  private static boolean isPlain(DeclaredType declared) {
    return declared.getTypeArguments().isEmpty()
        && ((TypeElement) declared.asElement()).getTypeParameters().isEmpty()
        && declared.getEnclosingType().getKind() == TypeKind.NONE;
  }

  private Map<String, Property> declaredProperties(
      DeclaredType declared, TypeElement element, PackageElement fromPackage) {
    Map<String, Property> properties = new LinkedHashMap<>();
    List<ExecutableElement> accessors = new ArrayList<>();
    for (ExecutableElement method : ElementFilter.methodsIn(elements.getAllMembers(element))) {
      if (isAccessor(method, fromPackage)) {
        accessors.add(method);
      }
    }
    // Plain x() and record components first, so that they win over getX() of the same name.
    for (ExecutableElement method : accessors) {
      String name = method.getSimpleName().toString();
      if (!isBeanGetter(name, "get") && !isBeanGetter(name, "is")) {
        properties.putIfAbsent(name, property(declared, method, name));
      }
    }
    for (ExecutableElement method : accessors) {
      String name = method.getSimpleName().toString();
      if (isBeanGetter(name, "get")) {
        properties.putIfAbsent(
            decapitalize(name.substring(3)),
            property(declared, method, decapitalize(name.substring(3))));
      } else if (isBeanGetter(name, "is")) {
        Property property = property(declared, method, decapitalize(name.substring(2)));
        if (isBoolean(property.type())) {
          properties.putIfAbsent(property.name(), property);
        } else {
          properties.putIfAbsent(name, property(declared, method, name));
        }
      }
    }
    return properties;
  }

  /** Whether a metric may end in this type: a number or a boolean, primitive or boxed. */
  boolean isMetricValue(TypeMirror declared) {
    TypeMirror type = readableType(declared); // R extends Number is a number
    if (type.getKind().isPrimitive()) {
      return type.getKind() != TypeKind.CHAR;
    }
    return isBoolean(type) || isNumber(type);
  }

  boolean isBoolean(TypeMirror type) {
    return type.getKind() == TypeKind.BOOLEAN || isType(type, "java.lang.Boolean");
  }

  boolean isNumber(TypeMirror type) {
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    if (numberType == null) {
      numberType = elements.getTypeElement("java.lang.Number").asType();
    }
    return types.isAssignable(type, numberType);
  }

  /**
   * What a path can read from: a type variable reads as its bound, a wildcard as its upper bound.
   */
  TypeMirror readableType(TypeMirror type) {
    if (type.getKind() == TypeKind.TYPEVAR) {
      return readableType(((TypeVariable) type).getUpperBound());
    }
    if (type.getKind() == TypeKind.WILDCARD) {
      TypeMirror bound = ((WildcardType) type).getExtendsBound();
      return bound == null
          ? elements.getTypeElement("java.lang.Object").asType()
          : readableType(bound);
    }
    if (type.getKind() == TypeKind.INTERSECTION) {
      return types.erasure(type);
    }
    return type;
  }

  private boolean isType(TypeMirror type, String qualifiedName) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals(qualifiedName);
  }

  private Property property(DeclaredType owner, ExecutableElement method, String name) {
    ExecutableType asMember = (ExecutableType) types.asMemberOf(owner, method);
    return new Property(name, method.getSimpleName() + "()", asMember.getReturnType());
  }

  private boolean isAccessor(ExecutableElement method, PackageElement fromPackage) {
    if (!method.getParameters().isEmpty()
        || !method.getTypeParameters().isEmpty()
        || method.getReturnType().getKind() == TypeKind.VOID
        || method.getModifiers().contains(Modifier.STATIC)) {
      return false;
    }
    TypeElement declarer = (TypeElement) method.getEnclosingElement();
    if (IGNORED_DECLARERS.contains(declarer.getQualifiedName().toString())
        || OBJECT_METHODS.contains(method.getSimpleName().toString())
        || throwsOrConsumes(declarer, method)) {
      return false;
    }
    if (method.getModifiers().contains(Modifier.PUBLIC)) {
      return true;
    }
    return !method.getModifiers().contains(Modifier.PRIVATE)
        && packageOf(declarer).equals(fromPackage);
  }

  /**
   * Reads that would throw on an absent value ({@code Optional.get}, {@code getAsDouble}) or run a
   * stream pipeline: a metric read must not fail the traced call or do real work.
   */
  private boolean throwsOrConsumes(TypeElement declarer, ExecutableElement method) {
    String owner = declarer.getQualifiedName().toString();
    String name = method.getSimpleName().toString();
    if (owner.startsWith("java.util.Optional")) {
      return !name.equals("isPresent") && !name.equals("isEmpty");
    }
    if (owner.startsWith("java.util.stream.")) {
      return true;
    }
    if (baseStreamErasure == null) {
      TypeElement baseStream = elements.getTypeElement("java.util.stream.BaseStream");
      baseStreamErasure =
          baseStream == null ? types.getNoType(TypeKind.NONE) : types.erasure(baseStream.asType());
    }
    return baseStreamErasure.getKind() != TypeKind.NONE
        && types.isAssignable(types.erasure(method.getReturnType()), baseStreamErasure);
  }

  private static PackageElement packageOf(Element element) {
    Element e = element;
    while (e.getKind() != ElementKind.PACKAGE) {
      e = e.getEnclosingElement();
    }
    return (PackageElement) e;
  }

  private static boolean isBeanGetter(String name, String prefix) {
    return name.length() > prefix.length()
        && name.startsWith(prefix)
        && Character.isUpperCase(name.charAt(prefix.length()));
  }

  private static String decapitalize(String name) {
    if (name.length() > 1 && Character.isUpperCase(name.charAt(1))) {
      return name; // URL stays URL, as java.beans does
    }
    return Character.toLowerCase(name.charAt(0)) + name.substring(1);
  }

  /** The element type of an array type, for callers that only have a mirror. */
  static TypeMirror componentType(TypeMirror arrayType) {
    return ((ArrayType) arrayType).getComponentType();
  }
}
