package io.spanweave.processor;

import java.util.HashMap;
import java.util.HashSet;
import java.util.Map;
import java.util.Set;
import javax.lang.model.element.Element;
import javax.lang.model.element.PackageElement;
import javax.lang.model.util.Elements;

/**
 * The simple names of the top-level types a package declares, read once per package from its
 * members. Asking {@code Elements.getTypeElement("pkg.Stage")} instead costs javac a name
 * resolution in every module of the JDK when the answer is "no such type", which it nearly always
 * is; five such questions per delegate were a visible part of the processor's time.
 *
 * <p>Valid for one round: a later round may add types to the package.
 */
final class PackageTypeNames {

  private final Elements elements;
  private final Map<PackageElement, Set<String>> byPackage = new HashMap<>();

  PackageTypeNames(Elements elements) {
    this.elements = elements;
  }

  /** Whether the package of {@code element} declares a top-level type named {@code simpleName}. */
  boolean declares(Element element, String simpleName) {
    PackageElement pkg = elements.getPackageOf(element);
    Set<String> names = byPackage.get(pkg);
    if (names == null) {
      names = topLevelNames(pkg);
      byPackage.put(pkg, names);
    }
    return names.contains(simpleName);
  }

  private static Set<String> topLevelNames(PackageElement pkg) {
    Set<String> names = new HashSet<>();
    for (Element member : pkg.getEnclosedElements()) {
      if (member.getKind().isClass() || member.getKind().isInterface()) {
        names.add(member.getSimpleName().toString());
      }
    }
    return names;
  }
}
