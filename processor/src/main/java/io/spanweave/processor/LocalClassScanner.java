package io.spanweave.processor;

import com.sun.source.tree.AnnotationTree;
import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MethodTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import com.sun.source.util.Trees;
import io.spanweave.lint.internal.JavacEnvironments;
import java.io.IOException;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Reports {@code @Traced} and {@code @TraceBoundary} inside anonymous and local classes. Annotation
 * processing never hands their members over as elements (they live in method bodies, which are not
 * analysed yet), so without this scan such annotations would be silently ignored. It reads the
 * javac trees and matches annotation names as written, resolved through the imports.
 */
final class LocalClassScanner {

  private static final String PACKAGE = "io.spanweave.annotations";
  private static final Set<String> NAMES = Set.of("Traced", "TraceBoundary");

  private final Trees trees;
  private final Set<CompilationUnitTree> scanned =
      Collections.newSetFromMap(new IdentityHashMap<>());

  LocalClassScanner(ProcessingEnvironment env) {
    Trees found = null;
    try {
      // Gradle and IntelliJ IDEA wrap javac's environment; the lint rules report when it cannot be
      // reached.
      ProcessingEnvironment javac = JavacEnvironments.find(env).javacEnvironment();
      found = javac == null ? null : Trees.instance(javac);
    } catch (RuntimeException | LinkageError e) {
      found = null; // the check is skipped, generation is not affected
    }
    this.trees = found;
  }

  /**
   * @param delegates the delegates this processor wrote, which the next round hands back and which
   *     hold no local classes: not read, not scanned
   */
  void scan(RoundEnvironment round, Set<String> delegates) {
    if (trees == null) {
      return;
    }
    for (Element root : round.getRootElements()) {
      if (root instanceof TypeElement
          && delegates.contains(((TypeElement) root).getQualifiedName().toString())) {
        continue;
      }
      TreePath path = trees.getPath(root);
      if (path == null || !scanned.add(path.getCompilationUnit())) {
        continue;
      }
      CompilationUnitTree unit = path.getCompilationUnit();
      if (mentionsAnnotations(unit)) {
        new Finder(unit).scan(unit, null);
      }
    }
  }

  /** A cheap filter: a file that never names our package cannot use our annotations. */
  private static boolean mentionsAnnotations(CompilationUnitTree unit) {
    try {
      return unit.getSourceFile().getCharContent(true).toString().contains(PACKAGE);
    } catch (IOException | UnsupportedOperationException e) {
      return true;
    }
  }

  private final class Finder extends TreePathScanner<Void, Void> {
    private final CompilationUnitTree unit;
    private final boolean importsByName;

    Finder(CompilationUnitTree unit) {
      this.unit = unit;
      boolean imports = false;
      for (ImportTree anImport : unit.getImports()) {
        String name = anImport.getQualifiedIdentifier().toString();
        imports |= !anImport.isStatic() && importsFromPackage(name);
      }
      this.importsByName = imports;
    }

    /** Whether {@code name} is {@code PACKAGE.*} or one of {@code PACKAGE.NAMES}. */
    private boolean importsFromPackage(String name) {
      if (!name.startsWith(PACKAGE)
          || name.length() < PACKAGE.length() + 2
          || name.charAt(PACKAGE.length()) != '.') {
        return false;
      }
      String simpleName = name.substring(PACKAGE.length() + 1);
      return simpleName.equals("*") || NAMES.contains(simpleName);
    }

    @Override
    public Void visitClass(ClassTree node, Void unused) {
      Tree parent = getCurrentPath().getParentPath().getLeaf();
      boolean anonymous = parent.getKind() == Tree.Kind.NEW_CLASS;
      boolean local = parent.getKind() == Tree.Kind.BLOCK || parent.getKind() == Tree.Kind.CASE;
      if (anonymous || local) {
        String problem =
            anonymous
                ? Wrappability.anonymousClassProblem()
                : Wrappability.localClassProblem(
                    node.getSimpleName().toString(), "Traced" + node.getSimpleName());
        report(node.getModifiers().getAnnotations(), problem);
        for (Tree member : node.getMembers()) {
          if (member instanceof MethodTree) {
            report(((MethodTree) member).getModifiers().getAnnotations(), problem);
          }
        }
      }
      return super.visitClass(node, unused);
    }

    private void report(List<? extends AnnotationTree> annotations, String problem) {
      for (AnnotationTree annotation : annotations) {
        if (isOurs(annotation.getAnnotationType().toString())) {
          trees.printMessage(Diagnostic.Kind.ERROR, Diagnostics.PREFIX + problem, annotation, unit);
        }
      }
    }

    private boolean isOurs(String written) {
      for (String name : NAMES) {
        if (written.equals(PACKAGE + "." + name) || (importsByName && written.equals(name))) {
          return true;
        }
      }
      return false;
    }
  }
}
