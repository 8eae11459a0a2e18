package io.spanweave.processor;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import javax.lang.model.element.PackageElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.DeclaredType;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Resolves a {@code @Traced(metrics = ...)} entry against a method: the path is read from the
 * return value first, then from the parameters by name, and must end in a number or a boolean. When
 * it does not resolve, the error lists the paths that do.
 */
final class MetricResolver {

  /** How many candidate paths an error lists before it says "…". */
  private static final int MAX_CANDIDATES = 24;

  private final PropertyLookup lookup;

  MetricResolver(PropertyLookup lookup) {
    this.lookup = lookup;
  }

  /** Either a path or an error message. */
  record Resolution(MetricPath path, String error) {}

  /** A traced method as the resolver sees it. */
  record Target(
      String methodName,
      TypeMirror value,
      List<? extends VariableElement> parameters,
      List<? extends TypeMirror> parameterTypes,
      PackageElement fromPackage) {}

  /**
   * @param entry {@code path} or {@code key=path}
   * @param target the method; its {@code value} is the return type, or the completed value of a
   *     {@code CompletionStage}, or {@code null} for {@code void} and {@code Void}
   */
  Resolution resolve(String entry, Target target) {
    String key;
    String path;
    int eq = entry.indexOf('=');
    if (eq >= 0) {
      key = entry.substring(0, eq).trim();
      path = entry.substring(eq + 1).trim();
    } else {
      key = entry.trim();
      path = key;
    }
    if (key.isEmpty()
        || path.isEmpty()
        || path.contains("=")
        || Arrays.asList(path.split("\\.", -1)).contains("")) {
      return new Resolution(
          null,
          "metric \""
              + entry
              + "\" is malformed: write a path such as \"numTokens\" or "
              + "\"usage.inputTokens\", or key=path such as \"gen_ai.usage.input_tokens=usage.inputTokens\"");
    }
    String[] segments = path.split("\\.");

    Walk fromResult =
        target.value() == null ? null : walk(target.value(), segments, target.fromPackage());
    if (fromResult != null && fromResult.failure == null) {
      return new Resolution(
          new MetricPath(key, null, fromResult.steps, recorder(fromResult.at)), null);
    }
    int parameter = parameterIndex(target, segments[0]);
    Walk fromParameter = null;
    if (parameter >= 0) {
      String[] rest = Arrays.copyOfRange(segments, 1, segments.length);
      fromParameter = walk(target.parameterTypes().get(parameter), rest, target.fromPackage());
      if (fromParameter.failure == null) {
        return new Resolution(
            new MetricPath(key, segments[0], fromParameter.steps, recorder(fromParameter.at)),
            null);
      }
    }

    if (fromResult != null && !fromResult.steps.isEmpty()) {
      return new Resolution(null, describe(path, fromResult, "", target));
    }
    if (fromParameter != null) {
      return new Resolution(null, describe(path, fromParameter, segments[0] + ".", target));
    }
    String onResult =
        target.value() == null
            ? target.methodName() + " returns no value"
            : display(target.value())
                + " (the return value of "
                + target.methodName()
                + ") has no property '"
                + segments[0]
                + "'";
    return new Resolution(
        null,
        "metric \""
            + path
            + "\" does not resolve: "
            + onResult
            + ", and "
            + target.methodName()
            + " has no parameter '"
            + segments[0]
            + "'. "
            + candidatesSentence(allCandidates(target)));
  }

  /** Number and boolean paths reachable from {@code type}, for error messages elsewhere. */
  List<String> candidates(TypeMirror type, String prefix, PackageElement fromPackage) {
    List<String> out = new ArrayList<>();
    collect(type, prefix, 2, fromPackage, out);
    return out;
  }

  private String describe(String path, Walk walk, String rootPrefix, Target target) {
    String walked = trimDot(rootPrefix + joinNames(walk.steps));
    String prefix = walked.isEmpty() ? "" : walked + ".";
    List<String> candidates = candidates(walk.at, prefix, target.fromPackage());
    if (walk.failure == Failure.NOT_A_METRIC) {
      return "metric \""
          + path
          + "\" ends in "
          + display(walk.at)
          + ", which is not a number or a boolean. "
          + candidatesSentence(candidates);
    }
    String owner =
        walked.isEmpty() ? "the return value of " + target.methodName() : "'" + walked + "'";
    return "metric \""
        + path
        + "\" does not resolve: "
        + display(walk.at)
        + " ("
        + owner
        + ") has no property '"
        + walk.missing
        + "'. "
        + candidatesSentence(candidates);
  }

  private static String trimDot(String s) {
    return s.endsWith(".") ? s.substring(0, s.length() - 1) : s;
  }

  private List<String> allCandidates(Target target) {
    List<String> out = new ArrayList<>();
    if (target.value() != null) {
      collect(target.value(), "", 2, target.fromPackage(), out);
    }
    for (int i = 0; i < target.parameters().size(); i++) {
      String name = target.parameters().get(i).getSimpleName().toString();
      TypeMirror type = target.parameterTypes().get(i);
      if (lookup.isMetricValue(type)) {
        out.add(name);
      } else if (!isText(type)) {
        collect(type, name + ".", 1, target.fromPackage(), out);
      }
    }
    return out;
  }

  private void collect(
      TypeMirror type, String prefix, int depth, PackageElement fromPackage, List<String> out) {
    // Only the direct properties of JDK types: "prompt.lines.count" is a path, but no one's metric.
    int levels = isJdk(lookup.readableType(type)) ? 1 : depth;
    for (Property property : lookup.properties(type, fromPackage).values()) {
      if (out.size() > MAX_CANDIDATES) {
        return;
      }
      if (lookup.isMetricValue(property.type())) {
        out.add(prefix + property.name());
      } else if (levels > 1
          && !property.type().getKind().isPrimitive()
          && !isText(property.type())) {
        collect(property.type(), prefix + property.name() + ".", levels - 1, fromPackage, out);
      }
    }
  }

  private static boolean isJdk(TypeMirror type) {
    if (type.getKind() == TypeKind.ARRAY) {
      return true;
    }
    if (type.getKind() != TypeKind.DECLARED) {
      return false;
    }
    String name = ((TypeElement) ((DeclaredType) type).asElement()).getQualifiedName().toString();
    return name.startsWith("java.") || name.startsWith("javax.");
  }

  /** Text is a payload: offering the length of every string would bury the useful paths. */
  private static boolean isText(TypeMirror type) {
    return type.getKind() == TypeKind.DECLARED
        && ((TypeElement) ((DeclaredType) type).asElement())
            .getQualifiedName()
            .contentEquals("java.lang.String");
  }

  private static String candidatesSentence(List<String> candidates) {
    if (candidates.isEmpty()) {
      return "Nothing there resolves to a number or a boolean: remove the metric, or return a type that exposes one.";
    }
    List<String> shown =
        candidates.size() > MAX_CANDIDATES ? candidates.subList(0, MAX_CANDIDATES) : candidates;
    return "Paths that resolve to a number or a boolean: "
        + String.join(", ", shown)
        + (candidates.size() > MAX_CANDIDATES ? ", …" : "")
        + ".";
  }

  private static int parameterIndex(Target target, String name) {
    for (int i = 0; i < target.parameters().size(); i++) {
      if (target.parameters().get(i).getSimpleName().contentEquals(name)) {
        return i;
      }
    }
    return -1;
  }

  private static String joinNames(List<Property> steps) {
    StringBuilder out = new StringBuilder();
    for (Property step : steps) {
      if (out.length() > 0) {
        out.append('.');
      }
      out.append(step.name());
    }
    return out.toString();
  }

  static String display(TypeMirror type) {
    if (type.getKind() == TypeKind.DECLARED) {
      return ((DeclaredType) type).asElement().getSimpleName().toString();
    }
    return type.toString();
  }

  private enum Failure {
    MISSING,
    NOT_A_METRIC
  }

  /** How far a path got: the properties read, and where and why it stopped. */
  private static final class Walk {
    final List<Property> steps = new ArrayList<>();
    Failure failure;
    TypeMirror at;
    String missing;
  }

  private Walk walk(TypeMirror root, String[] segments, PackageElement fromPackage) {
    Walk walk = new Walk();
    TypeMirror current = root;
    for (String segment : segments) {
      Map<String, Property> properties = lookup.properties(current, fromPackage);
      Property property = properties.get(segment);
      if (property == null) {
        walk.failure = Failure.MISSING;
        walk.at = current;
        walk.missing = segment;
        return walk;
      }
      walk.steps.add(property);
      current = property.type();
    }
    walk.at = current;
    if (!lookup.isMetricValue(current)) {
      walk.failure = Failure.NOT_A_METRIC;
    }
    return walk;
  }

  /**
   * The {@code StageSpan} method that records a metric of {@code type}, which {@link
   * PropertyLookup#isMetricValue} accepted.
   */
  private String recorder(TypeMirror type) {
    TypeMirror readable = lookup.readableType(type);
    switch (readable.getKind()) {
      case BOOLEAN:
        return "booleanMetric";
      case FLOAT:
      case DOUBLE:
        return "doubleMetric";
      case INT:
      case LONG:
      case SHORT:
      case BYTE:
        return "longMetric";
      default:
        return lookup.isBoolean(readable)
            ? "booleanObjectMetric"
            : "numberMetric"; // boxed: null records nothing
    }
  }
}
