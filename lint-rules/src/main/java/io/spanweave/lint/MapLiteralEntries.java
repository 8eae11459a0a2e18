package io.spanweave.lint;

import com.sun.source.tree.ExpressionTree;
import com.sun.source.tree.IdentifierTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.tree.NewClassTree;
import com.sun.source.tree.ParenthesizedTree;
import com.sun.source.tree.Tree;
import com.sun.source.tree.TypeCastTree;
import com.sun.source.tree.VariableTree;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.List;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;

/**
 * Finds the key and value of every entry of a map written in the source where an attribute map is
 * expected ({@code Trace.span(name, Map.of("k", v))}), for {@link LintScanner} to check each entry
 * as an attribute write. What it cannot see (a map built elsewhere, {@code put} calls after a
 * local's initializer) it leaves alone: the rules check what the source shows.
 */
final class MapLiteralEntries {

  /** Receives one entry: its key and value, and the path of the tree that holds them. */
  interface Entries {
    void entry(TreePath parent, ExpressionTree key, ExpressionTree value);
  }

  private final LintContext context;

  MapLiteralEntries(LintContext context) {
    this.context = context;
  }

  /**
   * The entries of the map at {@code mapPath}.
   *
   * @param enclosing the enclosing method, where a local variable's initializer is looked up;
   *     {@code null} outside one
   */
  void forEachEntry(TreePath mapPath, TreePath enclosing, Entries entries) {
    entries(mapPath, enclosing, 0, entries);
  }

  /**
   * The entries of a map literal: {@code Map.of(k, v, ...)} (any static {@code of} or {@code
   * singletonMap} returning a map, such as Guava's), {@code Map.ofEntries(Map.entry(k, v), ...)},
   * builder chains ending in {@code build()} ({@code .put(k, v)} calls), and a copy constructor
   * around one of those, also through a local variable initialised with one.
   */
  private void entries(TreePath mapPath, TreePath enclosing, int depth, Entries entries) {
    if (depth > 8) {
      return;
    }
    Tree tree = mapPath.getLeaf();
    if (tree instanceof ParenthesizedTree) {
      entries(
          LintContext.child(mapPath, ((ParenthesizedTree) tree).getExpression()),
          enclosing,
          depth + 1,
          entries);
    } else if (tree instanceof TypeCastTree) {
      entries(
          LintContext.child(mapPath, ((TypeCastTree) tree).getExpression()),
          enclosing,
          depth + 1,
          entries);
    } else if (tree instanceof NewClassTree) {
      NewClassTree created = (NewClassTree) tree;
      if (created.getArguments().size() == 1) {
        entries(
            LintContext.child(mapPath, created.getArguments().get(0)),
            enclosing,
            depth + 1,
            entries);
      }
    } else if (tree instanceof IdentifierTree) {
      TreePath initializer = localInitializer(mapPath, enclosing);
      if (initializer != null) {
        entries(initializer, enclosing, depth + 1, entries);
      }
    } else if (tree instanceof MethodInvocationTree) {
      MethodInvocationTree call = (MethodInvocationTree) tree;
      Element element = context.elementOf(mapPath);
      if (!(element instanceof ExecutableElement)) {
        return;
      }
      ExecutableElement method = (ExecutableElement) element;
      String name = method.getSimpleName().toString();
      List<? extends ExpressionTree> args = call.getArguments();
      boolean isStatic = method.getModifiers().contains(Modifier.STATIC);
      if (isStatic && (name.equals("of") || name.equals("singletonMap")) && args.size() % 2 == 0) {
        for (int i = 0; i + 1 < args.size(); i += 2) {
          entries.entry(mapPath, args.get(i), args.get(i + 1));
        }
      } else if (isStatic && name.equals("ofEntries")) {
        for (ExpressionTree entry : args) {
          entry(LintContext.child(mapPath, entry), entries);
        }
      } else if (name.startsWith("build") && args.isEmpty()) {
        builderPuts(mapPath, call, entries);
      }
    }
  }

  /**
   * The initializer of a local variable, for {@code var attributes = Map.of(...); Trace.span(name,
   * attributes)}. Only locals declared in the enclosing method are followed, and only their
   * initializer: later {@code put} calls are not seen.
   */
  private TreePath localInitializer(TreePath identifier, TreePath method) {
    Element variable = context.elementOf(identifier);
    if (variable == null
        || variable.getKind() != javax.lang.model.element.ElementKind.LOCAL_VARIABLE) {
      return null;
    }
    if (method == null) {
      return null;
    }
    TreePath[] found = new TreePath[1];
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitVariable(VariableTree node, Void unused) {
        if (found[0] == null
            && node.getInitializer() != null
            && node.getName().equals(variable.getSimpleName())
            && variable.equals(context.elementOf(getCurrentPath()))) {
          found[0] = new TreePath(getCurrentPath(), node.getInitializer());
        }
        return super.visitVariable(node, unused);
      }
    }.scan(method, null);
    return found[0];
  }

  /** {@code Map.entry(k, v)} or {@code new AbstractMap.SimpleEntry<>(k, v)}. */
  private void entry(TreePath entryPath, Entries entries) {
    Tree tree = entryPath.getLeaf();
    List<? extends ExpressionTree> args;
    if (tree instanceof MethodInvocationTree) {
      Element element = context.elementOf(entryPath);
      if (element == null || !element.getSimpleName().contentEquals("entry")) {
        return;
      }
      args = ((MethodInvocationTree) tree).getArguments();
    } else if (tree instanceof NewClassTree) {
      args = ((NewClassTree) tree).getArguments();
    } else {
      return;
    }
    if (args.size() == 2) {
      entries.entry(entryPath, args.get(0), args.get(1));
    }
  }

  /** Walks {@code builder().put(k1, v1).put(k2, v2).build()} back from {@code build()}. */
  private void builderPuts(TreePath buildPath, MethodInvocationTree build, Entries entries) {
    ExpressionTree receiver = receiverOf(build);
    TreePath path = buildPath;
    for (int depth = 0; receiver instanceof MethodInvocationTree && depth < 256; depth++) {
      MethodInvocationTree call = (MethodInvocationTree) receiver;
      path = LintContext.child(path, call);
      if (methodName(call).equals("put") && call.getArguments().size() == 2) {
        entries.entry(path, call.getArguments().get(0), call.getArguments().get(1));
      }
      receiver = receiverOf(call);
    }
  }

  private static ExpressionTree receiverOf(MethodInvocationTree call) {
    ExpressionTree select = call.getMethodSelect();
    return select instanceof MemberSelectTree ? ((MemberSelectTree) select).getExpression() : null;
  }

  private static String methodName(MethodInvocationTree call) {
    ExpressionTree select = call.getMethodSelect();
    if (select instanceof MemberSelectTree) {
      return ((MemberSelectTree) select).getIdentifier().toString();
    }
    return select instanceof IdentifierTree ? ((IdentifierTree) select).getName().toString() : "";
  }
}
