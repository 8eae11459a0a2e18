package io.spanweave.processor;

import com.google.auto.service.AutoService;
import com.palantir.javapoet.JavaFile;
import io.spanweave.lint.Guardrails;
import io.spanweave.lint.LintOptions;
import io.spanweave.lint.SpanweaveLint;
import java.io.IOException;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.function.Consumer;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;

/**
 * The spanweave annotation processor: for every type with {@code @Traced}, {@code @TraceBoundary}
 * or advice-bound methods it writes a {@code Traced<Type>} delegate that wraps the methods in
 * spans, and it installs the lint rules into the same compilation.
 *
 * <p>Each type is handled on its own: a problem in one is reported on its annotations and the
 * others are still generated; a crash is reported as an error on the type, not a stack trace.
 */
@AutoService(Processor.class)
public final class TracedProcessor extends AbstractProcessor {

  /** Types already handled, by name: a deferred type may also be found again in a later round. */
  private final Set<String> handled = new LinkedHashSet<>();

  /** Types whose signatures name types that do not exist yet, by name, to retry next round. */
  private final Set<String> deferred = new LinkedHashSet<>();

  /** The delegates written so far, by name: the next round hands them back as root elements. */
  private final Set<String> written = new HashSet<>();

  private final Consumer<TypeElement> beforeEachType;
  private Diagnostics diagnostics;
  private DelegateAnalyzer analyzer;
  private DelegateGenerator generator;

  /**
   * {@code null} where javac's trees cannot be read (another compiler, a JVM without javac's
   * module).
   */
  private LocalClassScanner localClasses;

  /** {@code null} if the guardrails could not be installed (the build is failed then). */
  private Guardrails guardrails;

  public TracedProcessor() {
    this(null);
  }

  /**
   * For tests: runs {@code beforeEachType} (unless {@code null}) before a type is analysed, to
   * prove that crashes are contained.
   */
  TracedProcessor(Consumer<TypeElement> beforeEachType) {
    this.beforeEachType = beforeEachType;
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    // Every annotation: advice bindings are user annotations we cannot name in advance.
    return Set.of("*");
  }

  @Override
  public Set<String> getSupportedOptions() {
    try {
      return SpanweaveLint
          .supportedOptions(); // -Aspanweave.lint.<id>=... without "not recognized" warnings
    } catch (RuntimeException | LinkageError e) {
      return Set.of();
    }
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    diagnostics = new Diagnostics(processingEnv.getMessager());
    localClasses = localClassScanner(processingEnv);
    guardrails = installLint(processingEnv);
  }

  private static LocalClassScanner localClassScanner(ProcessingEnvironment processingEnv) {
    try {
      return new LocalClassScanner(processingEnv);
    } catch (LinkageError e) {
      return null; // no javac module in this JVM, so no javac trees to scan: Eclipse's compiler
    }
  }

  /**
   * The lint rules run in the same pass. If they cannot even be installed (a defect, or a class
   * missing from the processor path), the build fails: a build that passes must have been checked.
   * Delegates are still generated, so that the rest of the build reports its own errors.
   */
  private static Guardrails installLint(ProcessingEnvironment processingEnv) {
    try {
      return SpanweaveLint.install(processingEnv);
    } catch (RuntimeException | LinkageError e) {
      processingEnv
          .getMessager()
          .printMessage(
              Diagnostic.Kind.ERROR,
              Diagnostics.PREFIX
                  + "the guardrails (lint rules) could not be installed ("
                  + e
                  + "), so they cannot check this compilation;"
                  + " please report this to spanweave. To build without them, turn them off explicitly with "
                  + LintOptions.GUARDRAILS_OFF_OPTION);
      return null;
    }
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Set<TypeElement> types;
    try {
      types = typesToProcess(annotations, round);
      if (!types.isEmpty()) {
        // Fresh per round: they cache what they look up, and javac re-enters the sources' members
        // each round.
        analyzer =
            new DelegateAnalyzer(
                processingEnv.getElementUtils(), processingEnv.getTypeUtils(), diagnostics);
        generator = new DelegateGenerator(processingEnv.getElementUtils());
      }
    } catch (RuntimeException | Error e) {
      diagnostics.error(
          null,
          "internal error while looking for traced types: "
              + e
              + where(e)
              + ". This is a bug in spanweave-processor; please report it with this message");
      return false;
    }
    for (TypeElement type : types) {
      String key =
          type.getQualifiedName().isEmpty()
              ? "local@" + System.identityHashCode(type)
              : type.getQualifiedName().toString();
      if (handled.contains(key)) {
        continue;
      }
      // Listed once for both the check for unresolved types and the analysis.
      List<ExecutableElement> methods =
          ElementFilter.methodsIn(processingEnv.getElementUtils().getAllMembers(type));
      if (!deferIfUnresolved(type, methods, round)) {
        handled.add(key);
        processType(type, methods);
      }
    }
    try {
      if (localClasses != null) {
        localClasses.scan(round, written);
      }
    } catch (RuntimeException | LinkageError e) {
      diagnostics.warning(
          null,
          null,
          null,
          "could not look for @Traced in anonymous and local classes (" + e + ")");
    }
    checkDeclarations(round);
    return false; // never claim: other processors may read the same annotations
  }

  /**
   * The guardrails' checks of this round's declarations, where javac's trees are not available
   * (Eclipse's compiler); nothing to do under javac. A defect is a warning: the rules that could
   * run still have, and a batch build without javac's trees has already been failed closed.
   */
  private void checkDeclarations(RoundEnvironment round) {
    if (guardrails == null) {
      return;
    }
    try {
      guardrails.checkRound(round);
    } catch (RuntimeException | LinkageError e) {
      diagnostics.warning(
          null,
          null,
          null,
          "the guardrails could not check the declarations of this round ("
              + e
              + "). This is a bug in spanweave; please report it with this message");
    }
  }

  /** The types found in this round, and those deferred from the last one. */
  private Set<TypeElement> typesToProcess(
      Set<? extends TypeElement> annotations, RoundEnvironment round) {
    Set<TypeElement> types = new LinkedHashSet<>();
    for (String name : deferred) {
      TypeElement type = processingEnv.getElementUtils().getTypeElement(name);
      if (type != null) {
        types.add(type);
      }
    }
    deferred.clear();
    types.addAll(TracedTypeFinder.find(annotations, round));
    return types;
  }

  /**
   * Defers a type whose signatures name types that do not exist yet: another processor may generate
   * them in this round. If they never appear, javac itself reports them.
   */
  private boolean deferIfUnresolved(
      TypeElement type, List<ExecutableElement> methods, RoundEnvironment round) {
    if (round.processingOver()
        || type.getQualifiedName().isEmpty()
        || !UnresolvedTypes.inSignaturesOf(type, methods)) {
      return false;
    }
    deferred.add(type.getQualifiedName().toString());
    return true;
  }

  /**
   * Analyses and writes one delegate; a crash becomes an error on the type, and the other types go
   * on.
   */
  private void processType(TypeElement type, List<ExecutableElement> methods) {
    try {
      if (beforeEachType != null) {
        beforeEachType.accept(type);
      }
      DelegateModel model = analyzer.analyze(type, methods);
      if (model != null) {
        write(type, generator.generate(model));
      }
    } catch (RuntimeException | Error e) {
      diagnostics.error(
          type,
          "internal error while generating the traced delegate of "
              + type.getQualifiedName()
              + ": "
              + e
              + where(e)
              + ". This is a bug in spanweave-processor; please report it with this message. "
              + "Meanwhile, remove the spanweave annotations from this type or open spans by hand with Trace.span");
    }
  }

  private void write(TypeElement type, JavaFile file) {
    try {
      file.writeTo(processingEnv.getFiler());
      written.add(
          file.packageName().isEmpty()
              ? file.typeSpec().name()
              : file.packageName() + "." + file.typeSpec().name());
    } catch (IOException e) {
      diagnostics.error(
          type,
          "could not write "
              + file.packageName()
              + "."
              + file.typeSpec().name()
              + ": "
              + e.getMessage()
              + ". If a class of that name already exists, rename it: the name belongs to the generated delegate");
    }
  }

  private static String where(Throwable e) {
    StackTraceElement[] trace = e.getStackTrace();
    return trace.length == 0 ? "" : " (at " + trace[0] + ")";
  }
}
