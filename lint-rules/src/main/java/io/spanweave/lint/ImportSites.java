package io.spanweave.lint;

import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.TreePath;
import javax.lang.model.element.Element;
import javax.lang.model.element.ModuleElement;

/**
 * Imports as the import rules see them in javac's trees; apart from the rules so that the rules
 * load without javac's module.
 */
final class ImportSites {

  private ImportSites() {}

  /** The path of an import of the unit being checked, to report at. */
  static TreePath pathOf(ImportTree importTree, LintContext context) {
    return new TreePath(new TreePath(context.compilationUnit()), importTree);
  }

  /**
   * Whether the import names a type of a JDK module ({@code java.*} or {@code jdk.*}), such as
   * {@code com.sun.net.httpserver.HttpServer} of {@code jdk.httpserver}: the JDK is infrastructure
   * whatever its package is called.
   */
  static boolean isFromTheJdk(ImportTree importTree, TreePath at, LintContext context) {
    Tree name = importTree.getQualifiedIdentifier();
    if ((importTree.isStatic() || name.toString().endsWith(".*"))
        && name instanceof MemberSelectTree) {
      name =
          ((MemberSelectTree) name).getExpression(); // the type or package, not the member or '*'
    }
    Element element = context.elementOf(new TreePath(at, name));
    if (element == null) {
      return false;
    }
    ModuleElement module = context.elements().getModuleOf(element);
    if (module == null || module.isUnnamed()) {
      return false;
    }
    String moduleName = module.getQualifiedName().toString();
    return moduleName.startsWith("java.") || moduleName.startsWith("jdk.");
  }
}
