package io.spanweave.lint.buildtools;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * The shape of the environment IntelliJ IDEA's build (JPS, {@code
 * org.jetbrains.jps.javac.APIWrappers.wrap}) hands to processors: a {@link Proxy} of the interface
 * whose invocation handler is an anonymous class that captured the wrapped environment as the
 * parameter {@code delegateTo} (javac keeps it in the synthetic field {@code val$delegateTo}) and
 * forwards each call to it, or to a method of its own wrapper object when that declares one.
 * Written from that description for the tests.
 */
public final class IntellijProxyEnvironment {

  private IntellijProxyEnvironment() {}

  public static ProcessingEnvironment wrap(ProcessingEnvironment environment) {
    return wrap(ProcessingEnvironment.class, new Object(), environment);
  }

  /**
   * As JPS: calls go to {@code wrapper} when it declares the method, else to {@code delegateTo}.
   */
  static <T> T wrap(Class<T> iface, Object wrapper, T delegateTo) {
    return iface.cast(
        Proxy.newProxyInstance(
            IntellijProxyEnvironment.class.getClassLoader(),
            new Class<?>[] {iface},
            new InvocationHandler() {
              @Override
              public Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
                Object target = delegateTo;
                Method implementation = method;
                try {
                  implementation =
                      wrapper
                          .getClass()
                          .getDeclaredMethod(method.getName(), method.getParameterTypes());
                  target = wrapper;
                } catch (NoSuchMethodException e) {
                  // not overridden by the wrapper: forwarded
                }
                try {
                  return implementation.invoke(target, args);
                } catch (InvocationTargetException e) {
                  throw e.getCause() != null ? e.getCause() : e;
                }
              }
            }));
  }
}
