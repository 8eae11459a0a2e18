package io.spanweave.lint;

import io.spanweave.lint.internal.EclipseEnvironments;
import io.spanweave.lint.internal.JavacEnvironments;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;
import javax.tools.Diagnostic;

/**
 * Entry point of the guardrail lint rules. The spanweave processor calls {@link #install} from its
 * {@code init} and {@link Guardrails#checkRound} from each {@code process}, so that users who put
 * the processor on their processor path get the rules too, and returns {@link #supportedOptions()}
 * from {@code getSupportedOptions}.
 *
 * <p>Under javac the rules run after javac has analysed each class (attributed and flow-checked
 * it), over every compilation unit of the compilation, generated sources included, in one pass.
 * Under another compiler (Eclipse's) only the declarations can be seen; see {@link Guardrails}.
 *
 * <p>This class names no {@code com.sun.source} type: under a compiler other than javac, in a JVM
 * that may lack javac's module, the declarations are still checked.
 */
public final class SpanweaveLint {

  private SpanweaveLint() {}

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
   * The {@code -A} option keys the rules read, for {@code Processor.getSupportedOptions()}: {@code
   * spanweave.lint.<id with _ for ->} per rule, {@code spanweave.lint}, {@code
   * spanweave.basePackages}, {@code spanweave.basePackages.allow}, {@code
   * spanweave.basePackages.allowMore}, {@code spanweave.sdkAdapterPackages}.
   */
  public static Set<String> supportedOptions() {
    return LintOptions.supportedOptions(allRules());
  }

  /**
   * Registers the rules with the running compilation; under javac they then check every compilation
   * unit once it has been analysed. Safe to call more than once per compilation. Call {@link
   * Guardrails#checkRound} on the result from every round of processing.
   */
  public static Guardrails install(ProcessingEnvironment processingEnv) {
    return install(processingEnv, allRules());
  }

  /**
   * As {@link #install(ProcessingEnvironment)} with the given rules instead of the built-in ones.
   *
   * <p>The rules need javac's tree API, which only javac's own environment opens. Build tools that
   * wrap it (Gradle's incremental processing, IntelliJ IDEA's build) are looked behind ({@link
   * JavacEnvironments}). Where javac's environment cannot be reached, the declarations are checked
   * through the annotation model each round, and the checks of code cannot run:
   *
   * <ul>
   *   <li>in the Eclipse IDE's build (and VS Code's Java extension) that is one warning per build,
   *       naming the command-line build that runs them ({@link EclipseEnvironments});
   *   <li>anywhere else (ecj's batch compiler, an unknown wrapper) the guardrails fail closed: an
   *       error says so, unless the build turned them off ({@code -Aspanweave.lint=off}).
   * </ul>
   */
  public static Guardrails install(
      ProcessingEnvironment processingEnv, List<? extends LintRule> rules) {
    LintOptions options = LintOptions.parse(processingEnv.getOptions(), rules);
    List<LintRule> enabled = new ArrayList<>();
    for (LintRule rule : rules) {
      if (options.severity(rule) != Severity.OFF) {
        enabled.add(rule);
      }
    }
    JavacEnvironments.Lookup lookup = JavacEnvironments.find(processingEnv);
    Throwable failure = null;
    if (lookup.javacEnvironment() != null) {
      try {
        JavacLint.install(lookup.javacEnvironment(), processingEnv, options, enabled);
        return Guardrails.noRoundChecks(); // javac's pass over its trees checks everything
      } catch (RuntimeException | LinkageError e) {
        failure = e;
      }
    }
    EclipseEnvironments.Phase eclipse = EclipseEnvironments.phaseOf(lookup.innermost());
    Guardrails.Compilation compilation = Guardrails.compilationOf(processingEnv);
    if (compilation.firstInstall()) {
      reportOptionProblems(processingEnv, options);
    }
    if (enabled.isEmpty()) {
      return Guardrails.noRoundChecks(); // nothing to check
    }
    boolean ide =
        eclipse == EclipseEnvironments.Phase.IDE_BUILD
            || eclipse == EclipseEnvironments.Phase.IDE_RECONCILE;
    if (!ide && compilation.failClosedOnce()) {
      failClosed(
          processingEnv,
          lookup,
          failure,
          options,
          enabled,
          eclipse == EclipseEnvironments.Phase.BATCH);
    }
    return new Guardrails(
        processingEnv,
        options,
        enabled,
        compilation,
        eclipse == EclipseEnvironments.Phase.IDE_BUILD);
  }

  /** Options that could not be read, as warnings, once per compilation. */
  static void reportOptionProblems(ProcessingEnvironment env, LintOptions options) {
    for (String problem : options.problems()) {
      env.getMessager().printMessage(Diagnostic.Kind.WARNING, "[spanweave] " + problem);
    }
  }

  /**
   * The checks of code cannot run, and a build that passes must have been checked: an error (a
   * warning if every enabled rule is only a warning) that says why, what environment was found, and
   * the option that builds without them.
   */
  private static void failClosed(
      ProcessingEnvironment env,
      JavacEnvironments.Lookup lookup,
      Throwable failure,
      LintOptions options,
      List<LintRule> enabled,
      boolean eclipseBatch) {
    boolean anyError = enabled.stream().anyMatch(rule -> options.severity(rule) == Severity.ERROR);
    List<String> layers =
        lookup.layers().isEmpty() ? List.of(env.getClass().getName()) : lookup.layers();
    String inside =
        layers.size() > 1
            ? " (wrapping " + String.join(" -> ", layers.subList(1, layers.size())) + ")"
            : "";
    String why;
    if (failure != null) {
      why = "javac's tree API refused javac's environment (" + failure + ")";
    } else if (eclipseBatch) {
      why =
          "they need javac's own processing environment, and this is a batch build with Eclipse's compiler (ecj),"
              + " which handed the processor "
              + layers.get(0)
              + inside
              + ": it has no javac trees, so only the"
              + " declarations (@Traced, @TraceAttribute) were checked, not the code that calls the tracing API."
              + " Inside the Eclipse IDE or VS Code the build only warns, since the command-line build checks the code;"
              + " this build is a command-line build";
    } else {
      why =
          "they need javac's own processing environment, and the build handed the processor "
              + layers.get(0)
              + inside
              + ", which is not javac's ("
              + JavacEnvironments.JAVAC_ENVIRONMENT
              + ") nor a wrapper spanweave can look"
              + " behind (Gradle's IncrementalProcessingEnvironment, IntelliJ IDEA's proxy)";
    }
    String consequence =
        anyError
            ? "A build that passes must have been checked, so this fails the build."
            : "Every rule that is on is only a warning, so the build goes on with its code unchecked.";
    env.getMessager()
        .printMessage(
            anyError ? Diagnostic.Kind.ERROR : Diagnostic.Kind.WARNING,
            "[spanweave] the guardrails (lint rules) could not run: "
                + why
                + ". "
                + consequence
                + " Compile with javac, Maven, Gradle or IntelliJ IDEA as spanweave's"
                + " docs/build-tools.md shows, or build without the guardrails by turning them off explicitly with "
                + LintOptions.GUARDRAILS_OFF_OPTION
                + ".");
  }
}
