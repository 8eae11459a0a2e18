package io.spanweave.lint;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.Tree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.WeakHashMap;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The guardrails under javac: every rule, over javac's trees, once each class has been analysed.
 * Only {@link SpanweaveLint} touches this class, and only once javac's environment was found, so
 * that nothing else of the lint needs javac's module.
 */
final class JavacLint {

  /**
   * Compilations the rules are already installed in: the processor and {@link LintProcessor} may
   * both call install.
   */
  private static final Map<JavacTask, Boolean> INSTALLED =
      Collections.synchronizedMap(new WeakHashMap<>());

  private JavacLint() {}

  /**
   * Registers the rules with javac's compilation.
   *
   * @throws RuntimeException or {@link LinkageError} when javac's tree API refuses the environment
   */
  static void install(
      ProcessingEnvironment javacEnv,
      ProcessingEnvironment processingEnv,
      LintOptions options,
      List<LintRule> enabled) {
    JavacTask task = JavacTask.instance(javacEnv);
    Trees trees = Trees.instance(javacEnv);
    if (INSTALLED.putIfAbsent(task, Boolean.TRUE) != null) {
      return;
    }
    SpanweaveLint.reportOptionProblems(processingEnv, options);
    if (enabled.isEmpty()) {
      return;
    }
    boolean timing = Boolean.parseBoolean(processingEnv.getOptions().get(LintOptions.TIMING));
    task.addTaskListener(new AfterAnalysis(trees, javacEnv, options, enabled, timing));
  }

  /**
   * Runs the rules when javac has finished analysing a top-level class. javac reports ANALYZE per
   * top-level class, so a unit with several classes is scanned class by class, each once its own
   * types are known; its imports are checked with the first.
   */
  private static final class AfterAnalysis implements TaskListener {
    private final Trees trees;
    private final ProcessingEnvironment env;
    private final LintOptions options;
    private final List<LintRule> rules;
    private final Map<CompilationUnitTree, Boolean> importsChecked = new IdentityHashMap<>();

    /**
     * Per unit, whether its classes can hold a position the scanner inspects ({@link
     * UnitPrefilter}).
     */
    private final Map<CompilationUnitTree, Boolean> walked = new IdentityHashMap<>();

    private final boolean timing;

    /**
     * The MXBean that times the rules; {@code null} unless timing was asked ({@link
     * LintOptions#TIMING}): set up, it costs every build.
     */
    private final ThreadMXBean threads;

    private final ScannerNames names;

    /**
     * Facts about the compilation's packages, shared by the units' contexts ({@link
     * LintContext#compilationMemo}).
     */
    private final Map<String, Object> compilationMemo = new HashMap<>();

    private long lintNanos;
    private int classes;

    AfterAnalysis(
        Trees trees,
        ProcessingEnvironment env,
        LintOptions options,
        List<LintRule> rules,
        boolean timing) {
      this.trees = trees;
      this.env = env;
      this.options = options;
      this.rules = rules;
      ThreadMXBean mxBean = timing ? ManagementFactory.getThreadMXBean() : null;
      this.timing = mxBean != null && mxBean.isCurrentThreadCpuTimeSupported();
      this.threads = this.timing ? mxBean : null;
      this.names = new ScannerNames(env.getElementUtils());
    }

    @Override
    public void started(TaskEvent event) {}

    @Override
    public void finished(TaskEvent event) {
      if (timing && event.getKind() == TaskEvent.Kind.COMPILATION) {
        env.getMessager()
            .printMessage(
                Diagnostic.Kind.NOTE,
                String.format(
                    java.util.Locale.ROOT,
                    "[spanweave] lint rules: %d classes checked in %.1f ms of CPU time (%d rules, one pass each)",
                    classes,
                    lintNanos / 1e6,
                    rules.size()));
        return;
      }
      if (event.getKind() != TaskEvent.Kind.ANALYZE || event.getCompilationUnit() == null) {
        return;
      }
      long start = timing ? threads.getCurrentThreadCpuTime() : 0;
      check(event);
      if (timing) {
        lintNanos += threads.getCurrentThreadCpuTime() - start;
        classes++;
      }
    }

    private void check(TaskEvent event) {
      CompilationUnitTree unit = event.getCompilationUnit();
      try {
        boolean checkImports =
            importsChecked.put(unit, Boolean.TRUE) == null && !unit.getImports().isEmpty();
        boolean walk = walked.computeIfAbsent(unit, UnitPrefilter::mayHoldPositions);
        if (!checkImports && !walk) {
          return;
        }
        LintContext context =
            new LintContext(
                trees, env.getElementUtils(), env.getTypeUtils(), options, unit, compilationMemo);
        LintScanner scanner = new LintScanner(rules, context, names);
        if (checkImports) {
          scanner.scanImports(unit);
        }
        if (!walk) {
          return;
        }
        TypeElement type = event.getTypeElement();
        TreePath path = type == null ? null : pathOf(unit, type);
        if (path != null
            && path.getLeaf() instanceof ClassTree
            && path.getCompilationUnit() == unit) {
          scanner.scan(path, null);
        }
      } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
        trees.printMessage(
            Diagnostic.Kind.WARNING,
            "[spanweave:"
                + LintScanner.ENGINE_ID
                + "] the lint rules failed on this file with "
                + e
                + " and did not check it; the build goes on."
                + " Please report this to spanweave.",
            unit,
            unit);
      }
    }

    /**
     * The path of a top-level class, built from its tree: {@code trees.getPath} would search the
     * unit from its root for it (ending the search by throwing), once for every class.
     */
    private TreePath pathOf(CompilationUnitTree unit, TypeElement type) {
      Tree tree = trees.getTree(type);
      if (tree != null && unit.getTypeDecls().contains(tree)) {
        return new TreePath(new TreePath(unit), tree);
      }
      return trees.getPath(type);
    }
  }
}
