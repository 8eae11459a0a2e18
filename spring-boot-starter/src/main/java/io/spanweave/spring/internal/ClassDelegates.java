package io.spanweave.spring.internal;

import java.lang.reflect.AnnotatedElement;
import java.lang.reflect.Constructor;
import java.lang.reflect.Modifier;
import java.lang.reflect.Parameter;
import java.util.Arrays;
import java.util.List;
import org.springframework.beans.factory.annotation.Autowired;
import org.springframework.beans.factory.annotation.Qualifier;
import org.springframework.beans.factory.annotation.Value;
import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.context.annotation.Lazy;
import org.springframework.core.annotation.MergedAnnotations;

/**
 * The generated delegate of a traced class ({@code TracedJudger extends Judger}), and whether
 * Spring can make it in place of the class. Such a delegate is the bean itself, not a wrapper: its
 * constructors repeat the class's non-private ones and call {@code super}, so it can only be put in
 * place by having Spring construct it instead of the class, from the bean's definition.
 */
final class ClassDelegates {

  /** Annotations by which a constructor or its parameters tell Spring what to inject. */
  private static final List<Class<? extends java.lang.annotation.Annotation>> INJECTION =
      List.of(Autowired.class, Value.class, Qualifier.class, Lazy.class);

  private static final List<String> INJECTION_BY_NAME =
      List.of(
          "jakarta.inject.Inject",
          "jakarta.inject.Named",
          "javax.inject.Inject",
          "javax.inject.Named");

  private ClassDelegates() {}

  /**
   * The generated subclass delegate of {@code type}, or {@code null} when the processor wrote none.
   */
  static Class<?> of(Class<?> type) {
    if (type.isInterface()
        || type.isArray()
        || type.isPrimitive()
        || Modifier.isFinal(type.getModifiers())) {
      return null;
    }
    Class<?> delegate = TracedDelegates.delegateClassOf(type);
    // The processor's delegate extends the class directly; anything else is a user's class that
    // happens to be named Traced<Type>.
    return delegate != null && delegate.getSuperclass() == type ? delegate : null;
  }

  /**
   * Why Spring cannot make {@code delegate} where {@code definition} makes {@code type}, as what a
   * traced class needs and what to do instead; {@code null} when it can.
   */
  static String obstacle(BeanDefinition definition, Class<?> type, Class<?> delegate) {
    String instead =
        " Or declare the bean with a @Bean method that returns new "
            + delegate.getSimpleName()
            + "(...).";
    if (Modifier.isFinal(delegate.getModifiers())) {
      return delegate.getSimpleName()
          + " is final (written by an older spanweave processor), so Spring could not"
          + " proxy it. Rebuild with the current processor."
          + instead;
    }
    if (definition.getFactoryMethodName() != null) {
      return "the bean is made by the factory method "
          + definition.getFactoryMethodName()
          + "(), which makes "
          + type.getSimpleName()
          + " and not "
          + delegate.getSimpleName()
          + ". Return new "
          + delegate.getSimpleName()
          + "(...) from that method, or let Spring make the bean from its class"
          + " (@Component, or registerBean without a supplier).";
    }
    if (definition instanceof AbstractBeanDefinition abstractDefinition
        && abstractDefinition.getInstanceSupplier() != null) {
      return "the bean is made by a supplier (registerBean or withBean with a Supplier), which makes "
          + type.getSimpleName()
          + " and not "
          + delegate.getSimpleName()
          + ". Supply new "
          + delegate.getSimpleName()
          + "(...), or let Spring make the bean from its class (@Component, or"
          + " registerBean without a supplier).";
    }
    if (definition.getBeanClassName() == null) {
      return "its definition names no class for Spring to make." + instead;
    }
    List<Constructor<?>> constructors =
        Arrays.stream(type.getDeclaredConstructors())
            .filter(c -> !Modifier.isPrivate(c.getModifiers()))
            .toList();
    for (Constructor<?> constructor : constructors) {
      for (Parameter parameter : constructor.getParameters()) {
        if (guidesInjection(parameter)) {
          return "a parameter of its constructor carries an injection annotation (@Value, @Qualifier, @Lazy,"
              + " @Named), which "
              + delegate.getSimpleName()
              + "'s generated constructors do not repeat, so"
              + " Spring would inject it differently. A traced class Spring makes needs non-private constructors"
              + " whose parameters Spring resolves by type (and name) alone: move the annotation to a field or"
              + " a @Bean method."
              + instead;
        }
      }
      if (constructors.size() > 1 && guidesInjection(constructor)) {
        return "it has several constructors and marks the one to use with @Autowired or @Inject, which "
            + delegate.getSimpleName()
            + "'s generated constructors do not repeat. A traced class Spring makes"
            + " needs a single non-private constructor, or a no-argument one for Spring to use."
            + instead;
      }
    }
    return null;
  }

  private static boolean guidesInjection(AnnotatedElement element) {
    MergedAnnotations annotations = MergedAnnotations.from(element);
    return INJECTION.stream().anyMatch(annotations::isPresent)
        || INJECTION_BY_NAME.stream().anyMatch(annotations::isPresent);
  }
}
