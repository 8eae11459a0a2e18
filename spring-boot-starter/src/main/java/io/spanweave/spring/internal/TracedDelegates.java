package io.spanweave.spring.internal;

import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Finds the generated delegate of a bean's type by the name the processor gives it: for an
 * interface {@code com.acme.Worker} the class {@code com.acme.TracedWorker}, for a nested {@code
 * com.acme.Outer.Worker} the class {@code com.acme.TracedOuter_Worker}, each with a static {@code
 * wrap(Worker)}. Looked up once per bean class; wrapping a bean is then one call of that method.
 */
final class TracedDelegates {

  private static final String PREFIX = "Traced";
  private static final String WRAP = "wrap";

  private TracedDelegates() {}

  /**
   * How to wrap a bean of one class: the interface it is traced by and that delegate's {@code
   * wrap}.
   */
  record Delegate(Class<?> tracedInterface, Class<?> delegateClass, Method wrap) {

    /** Called once per bean, when the context makes it; traced calls never come here. */
    Object wrap(Object bean) {
      try {
        return wrap.invoke(null, bean);
      } catch (InvocationTargetException e) {
        throw new IllegalStateException(
            delegateClass.getName() + ".wrap failed for " + bean.getClass().getName(),
            e.getCause());
      } catch (IllegalAccessException e) {
        throw new IllegalStateException("cannot call " + wrap, e);
      }
    }
  }

  /**
   * The delegate to wrap a bean of {@code beanClass} in, if one of its interfaces has one.
   *
   * @throws IllegalStateException when two unrelated interfaces of the class have delegates: a
   *     delegate implements one interface, so wrapping would hide the other from the context
   */
  static Optional<Delegate> find(Class<?> beanClass) {
    List<Delegate> found = new ArrayList<>();
    for (Class<?> type : interfacesOf(beanClass)) {
      if (isPlatformType(type)) {
        continue;
      }
      Class<?> delegateClass = delegateClassOf(type);
      if (delegateClass == null) {
        continue;
      }
      if (delegateClass.isAssignableFrom(beanClass)) {
        return Optional
            .empty(); // the bean is already a delegate (a @Bean method wrapped it by hand)
      }
      Method wrap = wrapMethod(type, delegateClass);
      if (wrap != null) {
        found.add(new Delegate(type, delegateClass, wrap));
      }
    }
    // An interface whose delegate is found for a sub-interface too is covered by the more specific
    // one.
    found.removeIf(
        candidate ->
            found.stream()
                .anyMatch(
                    other ->
                        other != candidate
                            && candidate
                                .tracedInterface()
                                .isAssignableFrom(other.tracedInterface())));
    if (found.size() > 1) {
      List<String> names = found.stream().map(d -> d.tracedInterface().getName()).toList();
      throw new IllegalStateException(
          "spanweave cannot wrap a bean of "
              + beanClass.getName()
              + ": it implements several traced interfaces "
              + names
              + ", and a delegate implements only one."
              + " Split the bean into one bean per traced interface, or set spanweave.wrap-beans=false and wrap"
              + " it by hand with Traced<Interface>.wrap(bean) in a @Bean method.");
    }
    return found.stream().findFirst();
  }

  /**
   * The generated delegate class for {@code type}, or {@code null} when the processor wrote none.
   */
  static Class<?> delegateClassOf(Class<?> type) {
    String packageName = type.getPackageName();
    String binaryInPackage =
        packageName.isEmpty() ? type.getName() : type.getName().substring(packageName.length() + 1);
    String simpleNames = binaryInPackage.replace('$', '_');
    String delegateName = (packageName.isEmpty() ? "" : packageName + ".") + PREFIX + simpleNames;
    try {
      return Class.forName(delegateName, false, type.getClassLoader());
    } catch (ClassNotFoundException | LinkageError e) {
      return null;
    }
  }

  /**
   * {@code public static Type wrap(Type)} of the delegate, or {@code null} for a class that has
   * none.
   */
  private static Method wrapMethod(Class<?> type, Class<?> delegateClass) {
    if (!type.isAssignableFrom(delegateClass)) {
      return null; // a user's class that happens to be named Traced<Type>
    }
    try {
      Method wrap = delegateClass.getMethod(WRAP, type);
      if (!Modifier.isStatic(wrap.getModifiers()) || wrap.getReturnType() != type) {
        return null;
      }
      // The interface may be a public member of a package-private class (the delegate is public).
      wrap.trySetAccessible();
      return wrap;
    } catch (NoSuchMethodException e) {
      return null;
    }
  }

  /**
   * The JDK's and Spring's own interfaces, which no user annotates: not worth a class lookup each.
   */
  private static boolean isPlatformType(Class<?> type) {
    String name = type.getName();
    return name.startsWith("java.")
        || name.startsWith("javax.")
        || name.startsWith("jakarta.")
        || name.startsWith("org.springframework.");
  }

  /**
   * Every interface {@code beanClass} implements, through its superclasses and super-interfaces.
   */
  private static Set<Class<?>> interfacesOf(Class<?> beanClass) {
    Set<Class<?>> result = new LinkedHashSet<>();
    for (Class<?> c = beanClass; c != null; c = c.getSuperclass()) {
      for (Class<?> type : c.getInterfaces()) {
        addWithSuperInterfaces(type, result);
      }
    }
    return result;
  }

  private static void addWithSuperInterfaces(Class<?> type, Set<Class<?>> result) {
    if (result.add(type)) {
      for (Class<?> parent : type.getInterfaces()) {
        addWithSuperInterfaces(parent, result);
      }
    }
  }
}
