package io.spanweave.processor;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.Filer;
import javax.annotation.processing.ProcessingEnvironment;
import javax.annotation.processing.RoundEnvironment;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.TypeElement;

/**
 * Runs {@link TracedProcessor} with a {@link Filer} that records, for each file created, the
 * originating elements it was given: Gradle's isolating mode relies on exactly one per file.
 */
final class OriginRecordingProcessor extends AbstractProcessor {

  /** Alternating file name and {@code Arrays.toString} of its originating elements. */
  final List<String> originatingElements = new ArrayList<>();

  private final TracedProcessor processor = new TracedProcessor();

  @Override
  public Set<String> getSupportedAnnotationTypes() {
    return processor.getSupportedAnnotationTypes();
  }

  @Override
  public SourceVersion getSupportedSourceVersion() {
    return processor.getSupportedSourceVersion();
  }

  @Override
  public synchronized void init(ProcessingEnvironment env) {
    super.init(env);
    Filer filer = recording(env.getFiler());
    processor.init(
        proxy(
            ProcessingEnvironment.class,
            env,
            (method, args) -> method.getName().equals("getFiler") ? filer : null));
  }

  @Override
  public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
    return processor.process(annotations, round);
  }

  private Filer recording(Filer filer) {
    return proxy(
        Filer.class,
        filer,
        (method, args) -> {
          if (method.getName().equals("createSourceFile")) {
            originatingElements.add(args[0].toString());
            originatingElements.add(Arrays.toString((Element[]) args[1]));
          }
          return null;
        });
  }

  /**
   * A proxy of {@code target} that first lets {@code hook} answer; {@code null} from it means "ask
   * the target".
   */
  private static <T> T proxy(Class<T> type, T target, Hook hook) {
    return type.cast(
        Proxy.newProxyInstance(
            type.getClassLoader(),
            new Class<?>[] {type},
            (p, method, args) -> {
              Object answer = hook.answer(method, args);
              if (answer != null) {
                return answer;
              }
              try {
                return method.invoke(target, args);
              } catch (InvocationTargetException e) {
                throw e.getCause();
              }
            }));
  }

  private interface Hook {
    Object answer(Method method, Object[] args);
  }
}
