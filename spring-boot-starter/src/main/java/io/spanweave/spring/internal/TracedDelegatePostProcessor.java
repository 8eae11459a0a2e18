package io.spanweave.spring.internal;

import java.lang.System.Logger.Level;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentMap;
import org.springframework.beans.factory.BeanFactory;
import org.springframework.beans.factory.BeanFactoryAware;
import org.springframework.beans.factory.config.BeanPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.util.ClassUtils;

/**
 * Replaces each bean whose type implements an interface with a generated delegate by {@code
 * Traced<Interface>.wrap(bean)}, so that whoever injects the interface gets the traced bean with no
 * code; and tells, once per class, about a bean of a traced class that is not its class's delegate
 * (which {@link TracedClassBeanDefinitions} could not have Spring make), and why.
 *
 * <p>This post-processor is deliberately neither {@code Ordered} nor {@code PriorityOrdered}:
 * Spring applies those first, and among them are the ones that make Spring's own proxies
 * ({@code @Transactional}, {@code @Async}, aspects). It therefore sees the finished proxy and wraps
 * it by its interface, so both apply and the span encloses the proxy's advice (a transaction, an
 * asynchronous hand-off whose {@code CompletableFuture} the span then waits for).
 *
 * <p>The delegate of a bean class is looked up once; each bean costs one call of {@code wrap}, and
 * each traced call what the generated code costs, nothing more.
 */
public final class TracedDelegatePostProcessor implements BeanPostProcessor, BeanFactoryAware {

  private static final System.Logger LOG = System.getLogger("io.spanweave");

  private final ConcurrentMap<Class<?>, Optional<TracedDelegates.Delegate>> delegates =
      new ConcurrentHashMap<>();

  /**
   * Bean classes already looked at for a class delegate: each is looked up, and told about, once.
   */
  private final Set<Class<?>> checkedForClassDelegate = ConcurrentHashMap.newKeySet();

  private ConfigurableListableBeanFactory beanFactory;

  @Override
  public void setBeanFactory(BeanFactory beanFactory) {
    if (beanFactory instanceof ConfigurableListableBeanFactory listable) {
      this.beanFactory = listable;
    }
  }

  @Override
  public Object postProcessAfterInitialization(Object bean, String beanName) {
    Class<?> beanClass = bean.getClass();
    Optional<TracedDelegates.Delegate> delegate =
        delegates.computeIfAbsent(beanClass, TracedDelegates::find);
    if (delegate.isPresent()) {
      return delegate.get().wrap(bean);
    }
    tellAboutClassDelegate(ClassUtils.getUserClass(beanClass), beanName);
    return bean;
  }

  /**
   * A bean whose class has a delegate that extends it, but which is not that delegate: its
   * definition did not let Spring make the delegate instead. Say so once, with what to do.
   */
  private void tellAboutClassDelegate(Class<?> userClass, String beanName) {
    if (userClass.getName().startsWith("org.springframework.")
        || !checkedForClassDelegate.add(userClass)) {
      return;
    }
    Class<?> delegateClass = ClassDelegates.of(userClass);
    if (delegateClass == null) {
      return;
    }
    String reason = null;
    if (beanFactory != null && beanFactory.containsBeanDefinition(beanName)) {
      reason =
          ClassDelegates.obstacle(
              beanFactory.getMergedBeanDefinition(beanName), userClass, delegateClass);
    }
    LOG.log(
        Level.WARNING,
        "spanweave: bean '"
            + beanName
            + "' of "
            + userClass.getName()
            + " is not traced: "
            + (reason != null
                ? reason
                : "it was made as "
                    + userClass.getSimpleName()
                    + ", not as its generated "
                    + delegateClass.getSimpleName()
                    + ". Declare the bean with a @Bean method that returns new "
                    + delegateClass.getSimpleName()
                    + "(...)."));
  }
}
