package io.spanweave.lint;

import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.TypeElement;

/**
 * Runs the lint rules without generating anything: for builds that want the guardrails but not the
 * spanweave processor, such as spanweave's own runtime, which checks its base-package boundary with
 * it. Deliberately not registered as a service, so that it runs only where it is named:
 *
 * <pre>{@code
 * <annotationProcessorPaths><path>...spanweave-lint...</path></annotationProcessorPaths>
 * <annotationProcessors><annotationProcessor>io.spanweave.lint.LintProcessor</annotationProcessor></annotationProcessors>
 * }</pre>
 */
public final class LintProcessor extends AbstractProcessor {

  private final List<? extends LintRule> rules;
  private Guardrails guardrails;

  /** With every built-in rule. */
  public LintProcessor() {
    this(SpanweaveLint.allRules());
  }

  /** With the given rules only (tests, and builds that bring their own). */
  public LintProcessor(List<? extends LintRule> rules) {
    this.rules = List.copyOf(rules);
  }

  @Override
  public synchronized void init(ProcessingEnvironment processingEnv) {
    super.init(processingEnv);
    guardrails = SpanweaveLint.install(processingEnv, rules);
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return Set.of("*");
  }

  @Override
  public Set<String> getSupportedOptions() {
    return SpanweaveLint.supportedOptions();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return SourceVersion.latestSupported();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
    guardrails.checkRound(roundEnv); // the declarations, where javac's trees are not available
    return false; // claims nothing: other processors see every annotation
  }
}
