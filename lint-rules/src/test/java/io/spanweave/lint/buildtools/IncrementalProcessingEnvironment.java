package io.spanweave.lint.buildtools;

import java.util.Locale;
import java.util.Map;
import javax.annotation.processing.Filer;
import javax.annotation.processing.Messager;
import javax.annotation.processing.ProcessingEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * The shape of the environment Gradle's incremental annotation processing hands to processors
 * ({@code org.gradle.api.internal.tasks.compile.processing.IncrementalProcessingEnvironment}): a
 * plain class that forwards to javac's environment, kept in a field named {@code delegate}, and
 * substitutes its own {@code Filer}. Written from that description for the tests; no Gradle code.
 */
public final class IncrementalProcessingEnvironment implements ProcessingEnvironment {

  private final ProcessingEnvironment delegate;
  private final Filer filer;

  public IncrementalProcessingEnvironment(ProcessingEnvironment delegate) {
    this.delegate = delegate;
    this.filer = new ForwardingFiler(delegate.getFiler());
  }

  @Override
  public Map<String, String> getOptions() {
    return delegate.getOptions();
  }

  @Override
  public Messager getMessager() {
    return delegate.getMessager();
  }

  @Override
  public Filer getFiler() {
    return filer;
  }

  @Override
  public Elements getElementUtils() {
    return delegate.getElementUtils();
  }

  @Override
  public Types getTypeUtils() {
    return delegate.getTypeUtils();
  }

  @Override
  public SourceVersion getSourceVersion() {
    return delegate.getSourceVersion();
  }

  @Override
  public Locale getLocale() {
    return delegate.getLocale();
  }
}
