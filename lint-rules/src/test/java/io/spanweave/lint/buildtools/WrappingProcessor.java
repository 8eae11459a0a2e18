package io.spanweave.lint.buildtools;

import java.util.Set;
import java.util.function.UnaryOperator;
import javax.annotation.processing.Completion;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.Processor;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.Element;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;

/**
 * What a build tool puts between javac and each processor: it forwards every call, but hands the
 * processor a wrapped environment in {@code init} (Gradle's {@code DelegatingProcessor}, IntelliJ's
 * processor wrapper). Here the wrapping is given, so that one test can try each tool's shape.
 */
public final class WrappingProcessor implements Processor {

  private final Processor processor;
  private final UnaryOperator<ProcessingEnvironment> wrapping;

  public WrappingProcessor(Processor processor, UnaryOperator<ProcessingEnvironment> wrapping) {
    this.processor = processor;
    this.wrapping = wrapping;
  }

  @Override
  public void init(ProcessingEnvironment processingEnv) {
    processor.init(wrapping.apply(processingEnv));
  }

  @Override
  public Set<String> getSupportedOptions() {
    return processor.getSupportedOptions();
  }

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return processor.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return processor.getSupportedSourceVersion();
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment roundEnv) {
    return processor.process(annotations, roundEnv);
  }

  @Override
  public Iterable<? extends Completion> getCompletions(
      Element element, AnnotationMirror annotation, ExecutableElement member, String userText) {
    return processor.getCompletions(element, annotation, member, userText);
  }
}
