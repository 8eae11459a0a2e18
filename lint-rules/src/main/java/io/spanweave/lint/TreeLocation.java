package io.spanweave.lint;

import com.sun.source.util.TreePath;
import javax.tools.Diagnostic;

/** A finding at a position of javac's trees; only javac's pass over its trees makes one. */
final class TreeLocation extends Location {

  private final TreePath path;

  TreeLocation(TreePath path) {
    this.path = path;
  }

  @Override
  public TreePath treePath() {
    return path;
  }

  @Override
  boolean isSuppressed(LintContext context, String id) {
    return context.suppressions().isSuppressed(path, id);
  }

  @Override
  void print(LintContext context, Diagnostic.Kind kind, String id, String message) {
    context.print(kind, id, path.getLeaf(), message);
  }
}
