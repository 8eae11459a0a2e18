package io.spanweave.lint;

import com.sun.source.tree.ClassTree;
import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.util.JavacTask;
import com.sun.source.util.TaskEvent;
import com.sun.source.util.TaskListener;
import com.sun.source.util.TreePath;
import com.sun.source.util.Trees;
import io.spanweave.lint.internal.JavacEnvironments;
import io.spanweave.lint.rules.AttributePayloadRule;
import io.spanweave.lint.rules.AttributeSecretRule;
import io.spanweave.lint.rules.AttributeTypeRule;
import io.spanweave.lint.rules.BasePackageImportRule;
import io.spanweave.lint.rules.CapturePreviewRule;
import io.spanweave.lint.rules.DirectSdkRule;
import io.spanweave.lint.rules.ExceptionDetailRule;
import io.spanweave.lint.rules.SpanNameCardinalityRule;
import java.lang.management.ManagementFactory;
import java.lang.management.ThreadMXBean;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * Entry point of the guardrail lint rules. The spanweave processor calls {@link #install} from its
 * {@code init}, so that users who put the processor on their processor path get the rules too,
 * and returns {@link #supportedOptions()} from {@code getSupportedOptions}.
 *
 * <p>The rules run after javac has analysed each class (attributed and flow-checked it), over
 * every compilation unit of the compilation, generated sources included, in one pass.
 */
public final class SpanweaveLint {

  /** Compilations the rules are already installed in: the processor and {@link LintProcessor} may both call install. */
  private static final Map<JavacTask, Boolean> INSTALLED = Collections.synchronizedMap(new WeakHashMap<>());
  /** Compilations (by their element utilities) already told that the guardrails cannot run: once is enough. */
  private static final Map<Object, Boolean> FAILED_CLOSED = Collections.synchronizedMap(new WeakHashMap<>());

  private SpanweaveLint() {
  }

  /** A fresh instance of every rule, in the order of the documentation. */
  public static List<LintRule> allRules() {
    return List.of(
        new AttributePayloadRule(),
        new AttributeSecretRule(),
        new AttributeTypeRule(),
        new ExceptionDetailRule(),
        new BasePackageImportRule(),
        new DirectSdkRule(),
        new SpanNameCardinalityRule(),
        new CapturePreviewRule());
  }

  /**
   * The {@code -A} option keys the rules read, for {@code Processor.getSupportedOptions()}:
   * {@code spanweave.lint.<id with _ for ->} per rule, {@code spanweave.lint},
   * {@code spanweave.basePackages}, {@code spanweave.basePackages.allow},
   * {@code spanweave.basePackages.allowMore}, {@code spanweave.sdkAdapterPackages}.
   */
  public static Set<String> supportedOptions() {
    return LintOptions.supportedOptions(allRules());
  }

  /**
   * Registers the rules with the running compilation; they then check every compilation unit once
   * it has been analysed. Safe to call more than once per compilation.
   */
  public static void install(ProcessingEnvironment processingEnv) {
    install(processingEnv, allRules());
  }

  /**
   * As {@link #install(ProcessingEnvironment)} with the given rules instead of the built-in ones.
   *
   * <p>The rules need javac's tree API, which only javac's own environment opens. Build tools that
   * wrap it (Gradle's incremental processing, IntelliJ IDEA's build) are looked behind
   * ({@link JavacEnvironments}). Where javac's environment cannot be reached, the guardrails fail
   * closed: an error says so, unless the build turned them off ({@code -Aspanweave.lint=off}).
   */
  public static void install(ProcessingEnvironment processingEnv, List<? extends LintRule> rules) {
    LintOptions options = LintOptions.parse(processingEnv.getOptions(), rules);
    List<LintRule> enabled = new ArrayList<>();
    for (LintRule rule : rules) {
      if (options.severity(rule) != Severity.OFF) {
        enabled.add(rule);
      }
    }
    JavacEnvironments.Lookup lookup = JavacEnvironments.find(processingEnv);
    ProcessingEnvironment javacEnv = lookup.javacEnvironment();
    JavacTask task = null;
    Trees trees = null;
    Throwable failure = null;
    if (javacEnv != null) {
      try {
        task = JavacTask.instance(javacEnv);
        trees = Trees.instance(javacEnv);
      } catch (RuntimeException | LinkageError e) {
        failure = e;
      }
    }
    if (task == null) {
      if (!enabled.isEmpty() && FAILED_CLOSED.putIfAbsent(processingEnv.getElementUtils(), Boolean.TRUE) == null) {
        failClosed(processingEnv, lookup, failure, options, enabled);
      }
      return;
    }
    if (INSTALLED.putIfAbsent(task, Boolean.TRUE) != null) {
      return;
    }
    for (String problem : options.problems()) {
      processingEnv.getMessager().printMessage(Diagnostic.Kind.WARNING, "[spanweave] " + problem);
    }
    if (enabled.isEmpty()) {
      return;
    }
    boolean timing = Boolean.parseBoolean(processingEnv.getOptions().get(LintOptions.TIMING));
    task.addTaskListener(new AfterAnalysis(trees, javacEnv, options, enabled, timing));
  }

  /**
   * The guardrails cannot run, and a build that passes must have been checked: an error (a warning
   * if every enabled rule is only a warning) that says why, what environment was found, and the
   * option that builds without them.
   */
  private static void failClosed(ProcessingEnvironment env, JavacEnvironments.Lookup lookup, Throwable failure,
      LintOptions options, List<LintRule> enabled) {
    boolean anyError = enabled.stream().anyMatch(rule -> options.severity(rule) == Severity.ERROR);
    List<String> layers = lookup.layers().isEmpty() ? List.of(env.getClass().getName()) : lookup.layers();
    String inside = layers.size() > 1 ? " (wrapping " + String.join(" -> ", layers.subList(1, layers.size())) + ")" : "";
    String why = failure != null
        ? "javac's tree API refused javac's environment (" + failure + ")"
        : "they need javac's own processing environment, and the build handed the processor " + layers.get(0) + inside
            + ", which is not javac's (" + JavacEnvironments.JAVAC_ENVIRONMENT + ") nor a wrapper spanweave can look"
            + " behind (Gradle's IncrementalProcessingEnvironment, IntelliJ IDEA's proxy)";
    String consequence = anyError
        ? "A build that passes must have been checked, so this fails the build."
        : "Every rule that is on is only a warning, so the build goes on unchecked.";
    env.getMessager().printMessage(anyError ? Diagnostic.Kind.ERROR : Diagnostic.Kind.WARNING,
        "[spanweave] the guardrails (lint rules) could not run: " + why + ". " + consequence
            + " Compile with javac, Maven, Gradle or IntelliJ IDEA as spanweave's"
            + " docs/build-tools.md shows, or build without the guardrails by turning them off explicitly with "
            + LintOptions.GUARDRAILS_OFF_OPTION + ".");
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
    /** Per unit, whether its classes can hold a position the scanner inspects ({@link UnitPrefilter}). */
    private final Map<CompilationUnitTree, Boolean> walked = new IdentityHashMap<>();
    private final boolean timing;
    private final ThreadMXBean threads = ManagementFactory.getThreadMXBean();
    private final ScannerNames names;
    /** Facts about the compilation's packages, shared by the units' contexts ({@link LintContext#compilationMemo}). */
    private final Map<String, Object> compilationMemo = new HashMap<>();
    private long lintNanos;
    private int classes;

    AfterAnalysis(Trees trees, ProcessingEnvironment env, LintOptions options, List<LintRule> rules, boolean timing) {
      this.trees = trees;
      this.env = env;
      this.options = options;
      this.rules = rules;
      this.timing = timing && threads.isCurrentThreadCpuTimeSupported();
      this.names = new ScannerNames(env.getElementUtils());
    }

    @Override
    public void started(TaskEvent event) {
    }

    @Override
    public void finished(TaskEvent event) {
      if (timing && event.getKind() == TaskEvent.Kind.COMPILATION) {
        env.getMessager().printMessage(Diagnostic.Kind.NOTE, String.format(java.util.Locale.ROOT,
            "[spanweave] lint rules: %d classes checked in %.1f ms of CPU time (%d rules, one pass each)",
            classes, lintNanos / 1e6, rules.size()));
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
        boolean checkImports = importsChecked.put(unit, Boolean.TRUE) == null && !unit.getImports().isEmpty();
        boolean walk = walked.computeIfAbsent(unit, UnitPrefilter::mayHoldPositions);
        if (!checkImports && !walk) {
          return;
        }
        LintContext context = new LintContext(trees, env.getElementUtils(), env.getTypeUtils(), options, unit, compilationMemo);
        LintScanner scanner = new LintScanner(rules, context, names);
        if (checkImports) {
          scanner.scanImports(unit);
        }
        if (!walk) {
          return;
        }
        TypeElement type = event.getTypeElement();
        TreePath path = type == null ? null : trees.getPath(type);
        if (path != null && path.getLeaf() instanceof ClassTree && path.getCompilationUnit() == unit) {
          scanner.scan(path, null);
        }
      } catch (RuntimeException | LinkageError | AssertionError | StackOverflowError e) {
        trees.printMessage(Diagnostic.Kind.WARNING, "[spanweave:" + LintScanner.ENGINE_ID
            + "] the lint rules failed on this file with " + e + " and did not check it; the build goes on."
            + " Please report this to spanweave.", unit, unit);
      }
    }
  }
}
