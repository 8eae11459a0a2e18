package io.spanweave.openai.internal;

import java.lang.reflect.InvocationHandler;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Proxy;

/**
 * A proxy's handler that passes each call to the wrapped service unless a subclass takes it. The
 * SDK's service interfaces gain methods from one release to the next (a new service on the client),
 * so the traced client is a dynamic proxy: a method this module has never heard of is still
 * forwarded, with no {@code AbstractMethodError} on a newer SDK.
 */
abstract class ForwardingHandler<T> implements InvocationHandler {

  final T target;

  ForwardingHandler(T target) {
    this.target = target;
  }

  @Override
  public final Object invoke(Object proxy, Method method, Object[] args) throws Throwable {
    if (method.getDeclaringClass() == Object.class) {
      return switch (method.getName()) {
        case "equals" -> proxy == args[0];
        case "hashCode" -> System.identityHashCode(proxy);
        case "toString" -> "Traced[" + target + "]";
        default -> forward(method, args);
      };
    }
    return handle(proxy, method, args);
  }

  /** The call as the subclass wants it; {@link #forward} for those it leaves alone. */
  abstract Object handle(Object proxy, Method method, Object[] args) throws Throwable;

  /** Calls {@code method} on the wrapped service, throwing what it throws, unwrapped. */
  final Object forward(Method method, Object[] args) throws Throwable {
    try {
      return method.invoke(target, args);
    } catch (InvocationTargetException e) {
      throw e.getCause();
    }
  }

  /** Whether {@code proxy} is one of ours: wrapping it again would record each call twice. */
  static boolean isTraced(Object service) {
    return Proxy.isProxyClass(service.getClass())
        && Proxy.getInvocationHandler(service) instanceof ForwardingHandler;
  }

  static <S> S proxy(Class<S> type, ForwardingHandler<? extends S> handler) {
    return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type}, handler));
  }
}
