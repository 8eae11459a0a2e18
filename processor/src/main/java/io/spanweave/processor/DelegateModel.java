package io.spanweave.processor;

import com.palantir.javapoet.ClassName;
import java.util.List;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.type.ExecutableType;

/**
 * The delegate to write for one annotated type: its name, its methods (traced or passed through)
 * and, for a class, the constructors it mirrors.
 *
 * @param target the annotated interface or class, the only originating element of the file
 * @param name {@code TracedRolloutWorker}, {@code TracedOuter_Inner}
 * @param wrapsInterface {@code true}: implements the interface around a delegate; {@code false}:
 *     extends the class
 * @param isPublic whether the target is visible outside its package, so the delegate may be too
 * @param methods the methods the delegate declares, in the order of the target's members
 * @param constructors for a class, the constructors to mirror
 */
record DelegateModel(
    TypeElement target,
    ClassName name,
    boolean wrapsInterface,
    boolean isPublic,
    List<Method> methods,
    List<ExecutableElement> constructors) {

  /**
   * One method of the delegate.
   *
   * @param element the method as declared
   * @param type its signature as a member of the target, with type arguments of supertypes
   *     substituted
   * @param tracing how it is traced; {@code null} when it is only passed to the delegate
   */
  record Method(ExecutableElement element, ExecutableType type, TracedMethod tracing) {}
}
