package io.spanweave.spring.internal;

import java.lang.System.Logger.Level;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.util.ClassUtils;

/**
 * Replaces each bean whose type implements an interface with a generated delegate by
 * {@code Traced<Interface>.wrap(bean)}, so that whoever injects the interface gets the traced
 * bean with no code.
 *
 * <p>This post-processor is deliberately neither {@code Ordered} nor {@code PriorityOrdered}: Spring
 * applies those first, and among them are the ones that make Spring's own proxies
 * ({@code @Transactional}, {@code @Async}, aspects). It therefore sees the finished proxy and wraps
 * it by its interface, so both apply and the span encloses the proxy's advice (a transaction, an
 * asynchronous hand-off whose {@code CompletableFuture} the span then waits for). Wrapping by
 * interface needs no subclass of the delegate, so the delegate's being {@code final} is no obstacle.
 *
 * <p>The delegate of a bean class is looked up once; each bean costs one call of {@code wrap}, and
 * each traced call what the generated code costs, nothing more.
 */
public final class TracedDelegatePostProcessor implements BeanPostProcessor {

  private static final System.Logger LOG = System.getLogger("io.spanweave");

  private final ConcurrentMap<Class<?>, Optional<TracedDelegates.Delegate>> delegates = new ConcurrentHashMap<>();
  /** Classes with a generated subclass delegate that this post-processor cannot put in place; told once. */
  private final Set<Class<?>> toldAboutSubclassDelegate = ConcurrentHashMap.newKeySet();

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    Class<?> beanClass = bean.getClass();
    Optional<TracedDelegates.Delegate> delegate = delegates.computeIfAbsent(beanClass, TracedDelegates::find);
    if (delegate.isPresent()) {
      return delegate.get().wrap(bean);
    }
    tellAboutSubclassDelegate(ClassUtils.getUserClass(beanClass), beanName);
    return bean;
  }

  /**
   * A traced class (not interface) gets a delegate that extends it, made with {@code new}, which
   * cannot be put around an instance Spring already made: say so once, with what to do instead.
   */
  private void tellAboutSubclassDelegate(Class<?> userClass, String beanName) {
    if (userClass.isInterface() || userClass.getName().startsWith("org.springframework.")) {
      return;
    }
    Class<?> delegateClass = TracedDelegates.delegateClassOf(userClass);
    if (delegateClass != null && userClass.isAssignableFrom(delegateClass) && delegateClass != userClass
        && toldAboutSubclassDelegate.add(userClass)) {
      LOG.log(Level.WARNING, "spanweave: bean '" + beanName + "' of " + userClass.getName() + " is not traced: "
          + delegateClass.getSimpleName() + " extends the class, so it cannot wrap an instance. Put @Traced on an"
          + " interface the bean implements and inject that interface, or declare the bean with a @Bean method"
          + " that returns new " + delegateClass.getSimpleName() + "(...)");
    }
  }
}
