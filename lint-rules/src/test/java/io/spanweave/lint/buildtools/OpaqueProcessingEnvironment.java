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
 * An environment of a tool spanweave does not know: it keeps the parts of javac's environment, not
 * the environment itself, so nothing leads back to javac. The guardrails must fail closed here.
 */
public final class OpaqueProcessingEnvironment implements ProcessingEnvironment {

  private final Map<String, String> options;
  private final Messager messager;
  private final Filer filer;
  private final Elements elements;
  private final Types types;
  private final SourceVersion sourceVersion;
  private final Locale locale;

  public OpaqueProcessingEnvironment(ProcessingEnvironment javac) {
    this.options = javac.getOptions();
    this.messager = javac.getMessager();
    this.filer = new ForwardingFiler(javac.getFiler());
    this.elements = javac.getElementUtils();
    this.types = javac.getTypeUtils();
    this.sourceVersion = javac.getSourceVersion();
    this.locale = javac.getLocale();
  }

  @Override
  public Map<String, String> getOptions() {
    return options;
  }

  @Override
  public Messager getMessager() {
    return messager;
  }

  @Override
  public Filer getFiler() {
    return filer;
  }

  @Override
  public Elements getElementUtils() {
    return elements;
  }

  @Override
  public Types getTypeUtils() {
    return types;
  }

  @Override
  public SourceVersion getSourceVersion() {
    return sourceVersion;
  }

  @Override
  public Locale getLocale() {
    return locale;
  }
}
