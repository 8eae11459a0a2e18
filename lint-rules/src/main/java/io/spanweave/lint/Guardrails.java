package io.spanweave.lint;

import java.util.Collections;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.WeakHashMap;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;
import javax.tools.Diagnostic;

/**
 * The guardrails installed in one compilation by {@link SpanweaveLint#install}; a processor calls
 * {@link #checkRound} from every {@code process}.
 *
 * <p>Under javac every rule runs over javac's trees after analysis, and a round has nothing to do.
 * Under a compiler without javac's trees (Eclipse's), each round checks the declarations of the
 * types it brings, through the annotation model alone ({@code javax.lang.model}): the attributes of
 * {@code @Traced(attributes)} and {@code @TraceAttribute} (keys, constant values, parameter names
 * and types) and {@code @Traced(capture)}, reported at the element with each rule's id and
 * severity, as under javac. In the Eclipse IDE's build it also says, once per build, that the
 * checks of code run in the command-line build.
 */
public final class Guardrails {

  /** What the guardrails have done in a compilation, shared by the processors that run in it. */
  private static final Map<Object, Compilation> COMPILATIONS =
      Collections.synchronizedMap(new WeakHashMap<>());

  private static final Guardrails NO_ROUND_CHECKS = new Guardrails();

  private final DeclarationScanner declarations;
  private final Compilation compilation;
  private final boolean noteCodeChecks;
  private final Messager messager;

  private Guardrails() {
    this.declarations = null;
    this.compilation = null;
    this.noteCodeChecks = false;
    this.messager = null;
  }

  Guardrails(
      ProcessingEnvironment env,
      LintOptions options,
      List<LintRule> enabled,
      Compilation compilation,
      boolean noteCodeChecks) {
    LintContext context =
        new LintContext(env.getMessager(), env.getElementUtils(), env.getTypeUtils(), options);
    this.declarations = new DeclarationScanner(enabled, context);
    this.compilation = compilation;
    this.noteCodeChecks = noteCodeChecks;
    this.messager = env.getMessager();
  }

  /** Guardrails whose rounds have nothing to do: javac checks everything, or no rule is on. */
  static Guardrails noRoundChecks() {
    return NO_ROUND_CHECKS;
  }

  /**
   * The state of the compilation {@code env} belongs to (by its element utilities, one per
   * compilation).
   */
  static Compilation compilationOf(ProcessingEnvironment env) {
    synchronized (COMPILATIONS) {
      return COMPILATIONS.computeIfAbsent(env.getElementUtils(), key -> new Compilation());
    }
  }

  /**
   * Checks the declarations of the types this round brings, where javac's trees are not available;
   * does nothing under javac. Each type is checked once per compilation, whichever processor sees
   * it first.
   */
  public void checkRound(RoundEnvironment round) {
    if (declarations == null) {
      return;
    }
    Element annotated = null;
    Element first = null;
    for (Element root : round.getRootElements()) {
      if (!(root instanceof TypeElement)) {
        continue;
      }
      TypeElement type = (TypeElement) root;
      first = first == null ? type : first;
      if (compilation.firstCheckOf(type.getQualifiedName().toString())
          && declarations.scan(type)
          && annotated == null) {
        annotated = type;
      }
    }
    if (noteCodeChecks && first != null && compilation.noteOnce()) {
      // At an element: the IDE shows a message without one only in its error log.
      messager.printMessage(
          Diagnostic.Kind.WARNING, CODE_CHECKS_NOTE, annotated != null ? annotated : first);
    }
  }

  /** The IDE build's note: what was checked here, and where the rest is. */
  static final String CODE_CHECKS_NOTE =
      "[spanweave] Eclipse's compiler checked the spanweave declarations of this"
          + " build (@Traced attributes and capture, @TraceAttribute keys and parameters). The guardrails' checks of code"
          + " (calls of Trace, StageSpan and OpenTelemetry with their attribute maps, span names, imports of base"
          + " packages) need javac's trees, which Eclipse does not have: the command-line build (Maven, Gradle) runs them"
          + " and fails on a violation. See spanweave's docs/build-tools.md, Eclipse and VS Code.";

  /**
   * What happened in one compilation: kept as names and flags only, so the compilation can be
   * collected.
   */
  static final class Compilation {
    private final Set<String> checkedTypes = new HashSet<>();
    private boolean installed;
    private boolean failedClosed;
    private boolean noted;

    /** Whether this is the first install in the compilation (option problems are reported once). */
    synchronized boolean firstInstall() {
      boolean first = !installed;
      installed = true;
      return first;
    }

    /** Whether the compilation has yet to be failed closed; it is from now on. */
    synchronized boolean failClosedOnce() {
      boolean first = !failedClosed;
      failedClosed = true;
      return first;
    }

    synchronized boolean noteOnce() {
      boolean first = !noted;
      noted = true;
      return first;
    }

    synchronized boolean firstCheckOf(String typeName) {
      return checkedTypes.add(typeName);
    }
  }
}
