package io.spanweave.lint;

import com.sun.source.tree.ImportTree;
import com.sun.source.util.TreePath;
import java.util.Set;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.PackageElement;

/**
 * {@code base-package-import}: a base trace package imports a business type. The base package
 * ({@code io.spanweave.runtime}, packages whose {@code package-info.java} carries a
 * {@code @BasePackage} marker, and {@code -Aspanweave.basePackages}) is the infrastructure every
 * pipeline shares; once it imports rollout, agent or HTTP-client types, every user inherits them.
 * Such code belongs in a preset module ({@code spanweave-rollout}) that depends on the base.
 *
 * <p>Allowed by default: any type of a JDK module (so {@code com.sun.net.httpserver} too), {@code
 * java.}, {@code javax.}, {@code jdk.}, {@code io.opentelemetry.}, {@code
 * io.spanweave.annotations.} and the base packages themselves; replace the list with {@code
 * -Aspanweave.basePackages.allow} or extend it with {@code -Aspanweave.basePackages.allowMore}.
 */
public final class BasePackageImportRule extends LintRule {

  public static final String ID = "base-package-import";

  /** Simple names of the package annotations that mark a base package. */
  private static final Set<String> MARKERS = Set.of("BasePackage", "TraceBasePackage");

  @Override
  public String id() {
    return ID;
  }

  @Override
  public String summary() {
    return "base trace packages import only the JDK, the OpenTelemetry API, spanweave annotations and base packages";
  }

  @Override
  public void checkImport(ImportTree importTree, LintContext context) {
    String basePackage = basePackageOfUnit(context);
    if (basePackage == null) {
      return;
    }
    String imported = importTree.getQualifiedIdentifier().toString();
    TreePath at = ImportSites.pathOf(importTree, context);
    if (isAllowed(imported, context) || ImportSites.isFromTheJdk(importTree, at, context)) {
      return;
    }
    context.report(
        this,
        at,
        "base package "
            + context.packageName()
            + " imports "
            + imported
            + ", which is not tracing infrastructure; the base package ("
            + basePackage
            + ") may import only "
            + String.join(", ", context.options().baseAllow())
            + " and other base packages. Move the code that needs it"
            + " to a preset module that depends on the base (as spanweave-rollout does for rollout concepts), or allow"
            + " the package with -A"
            + LintOptions.BASE_PACKAGE_ALLOW_MORE
            + "="
            + packageOf(imported)
            + ".");
  }

  private static boolean isAllowed(String imported, LintContext context) {
    for (String allowed : context.options().baseAllow()) {
      if (LintOptions.isIn(imported, allowed)) {
        return true;
      }
    }
    for (String base : context.options().basePackages()) {
      if (LintOptions.isIn(imported, base)) {
        return true;
      }
    }
    return false;
  }

  /**
   * The base package, configured or marked, that contains the unit being checked, or {@code null}.
   * Once per package: looking a package and its parents up costs javac a search of every module.
   */
  static String basePackageOfUnit(LintContext context) {
    String pkg = context.packageName();
    return context.compilationMemo(ID + ":" + pkg, () -> basePackageOf(pkg, context));
  }

  /** The configured or marked base package containing {@code pkg}, or {@code null}. */
  private static String basePackageOf(String pkg, LintContext context) {
    if (pkg.isEmpty()) {
      return null;
    }
    for (String base : context.options().basePackages()) {
      if (LintOptions.isIn(pkg, base)) {
        return base;
      }
    }
    // a marker on the package itself or on any enclosing package
    for (String candidate = pkg; !candidate.isEmpty(); candidate = parentOf(candidate)) {
      PackageElement element = context.elements().getPackageElement(candidate);
      if (element != null && isMarked(element)) {
        return candidate;
      }
    }
    return null;
  }

  private static boolean isMarked(PackageElement element) {
    for (AnnotationMirror annotation : element.getAnnotationMirrors()) {
      if (MARKERS.contains(annotation.getAnnotationType().asElement().getSimpleName().toString())) {
        return true;
      }
    }
    return false;
  }

  private static String parentOf(String pkg) {
    int dot = pkg.lastIndexOf('.');
    return dot < 0 ? "" : pkg.substring(0, dot);
  }

  /**
   * {@code com.acme.rollout} for {@code com.acme.rollout.State} (a best guess: lower-case
   * segments).
   */
  private static String packageOf(String imported) {
    String[] parts = imported.split("\\.");
    StringBuilder pkg = new StringBuilder();
    for (String part : parts) {
      if (part.isEmpty() || Character.isUpperCase(part.charAt(0)) || part.equals("*")) {
        break;
      }
      if (pkg.length() > 0) {
        pkg.append('.');
      }
      pkg.append(part);
    }
    return pkg.length() == 0 ? imported : pkg.toString();
  }
}
