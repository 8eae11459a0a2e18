package io.spanweave.lint;

import java.util.Set;
import javax.lang.model.element.Name;
import javax.lang.model.util.Elements;

/**
 * The simple names the {@link LintScanner} reacts to, as the compiler's own {@link Name} objects.
 * javac's {@code Name.contentEquals} and {@code toString} decode the name into a new string, and
 * the scanner asks at every identifier, member select, call and annotation of a unit; comparing
 * with {@code equals} against names of the same compiler is a reference comparison.
 */
final class ScannerNames {

  private final Name[] apiMethods;
  private final Name[] constructedTypes;
  private final Name[] annotations;
  private final Name preview;

  ScannerNames(Elements elements) {
    Set<String> methods = new java.util.HashSet<>(LintScanner.API_METHOD_NAMES);
    methods.addAll(RolloutPresetApis.METHOD_NAMES);
    this.apiMethods = names(elements, methods);
    this.constructedTypes = names(elements, RolloutPresetApis.CONSTRUCTED_TYPES);
    this.annotations = names(elements, LintScanner.ANNOTATION_NAMES);
    this.preview = elements.getName("PREVIEW");
  }

  private static Name[] names(Elements elements, Set<String> strings) {
    return strings.stream().map(elements::getName).toArray(Name[]::new);
  }

  /** Whether a call of a method so named may be a tracing API call. */
  boolean isApiMethod(Name name) {
    return isOneOf(name, apiMethods);
  }

  /**
   * Whether a {@code new} of a type so named may construct a preset type that carries attributes.
   */
  boolean isConstructedApiType(Name name) {
    return isOneOf(name, constructedTypes);
  }

  /** Whether an annotation so named may be {@code @Traced} or {@code @TraceAttribute}. */
  boolean isAnnotation(Name name) {
    return isOneOf(name, annotations);
  }

  boolean isPreview(Name name) {
    return preview.equals(name);
  }

  private static boolean isOneOf(Name name, Name[] candidates) {
    if (name == null) {
      return false;
    }
    for (Name candidate : candidates) {
      if (candidate.equals(name)) {
        return true;
      }
    }
    return false;
  }
}
