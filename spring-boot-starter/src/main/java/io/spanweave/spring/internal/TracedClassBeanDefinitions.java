package io.spanweave.spring.internal;

import org.springframework.beans.factory.config.BeanDefinition;
import org.springframework.beans.factory.config.BeanFactoryPostProcessor;
import org.springframework.beans.factory.config.ConfigurableListableBeanFactory;
import org.springframework.beans.factory.support.AbstractBeanDefinition;
import org.springframework.util.ClassUtils;

/**
 * Has Spring make each bean of a traced class as its generated delegate: a bean defined by the
 * class {@code Judger} (component scanning, {@code registerBean(Judger.class)}) is defined by
 * {@code TracedJudger extends Judger} instead, before any bean is made.
 *
 * <p>Everything Spring does with the class then happens to the delegate: its constructor is
 * autowired (the delegate repeats the class's constructors), fields and {@code @PostConstruct}
 * methods inherited from the class are processed, injection points of the class's type accept it,
 * and Spring's own proxies ({@code @Async}, {@code @Transactional}) subclass the delegate, which is
 * not {@code final} for that reason. Their advice therefore runs around the span.
 *
 * <p>Definitions Spring would not make from their class (a {@code @Bean} method, a supplier) are
 * left alone; {@link TracedDelegatePostProcessor} tells about them once the bean exists.
 */
public final class TracedClassBeanDefinitions implements BeanFactoryPostProcessor {

  @Override
  public void postProcessBeanFactory(ConfigurableListableBeanFactory beanFactory) {
    ClassLoader classLoader = beanFactory.getBeanClassLoader();
    for (String name : beanFactory.getBeanDefinitionNames()) {
      BeanDefinition definition = beanFactory.getBeanDefinition(name);
      String className = definition.getBeanClassName();
      if (!(definition instanceof AbstractBeanDefinition abstractDefinition)
          || definition.isAbstract()
          || className == null
          || className.startsWith("org.springframework.")) {
        continue;
      }
      Class<?> type;
      try {
        type = ClassUtils.forName(className, classLoader);
      } catch (ClassNotFoundException | LinkageError e) {
        continue; // Spring reports a class it cannot load when it makes the bean
      }
      Class<?> delegate = ClassDelegates.of(type);
      if (delegate != null && ClassDelegates.obstacle(definition, type, delegate) == null) {
        abstractDefinition.setBeanClass(delegate);
      }
    }
  }
}
