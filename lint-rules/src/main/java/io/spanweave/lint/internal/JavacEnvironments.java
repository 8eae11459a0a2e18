package io.spanweave.lint.internal;

import java.lang.reflect.Field;
import java.lang.reflect.Proxy;
import java.util.ArrayList;
import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Set;
import javax.annotation.processing.ProcessingEnvironment;

/**
 * Finds javac's own {@code ProcessingEnvironment} behind the wrappers that build tools hand to
 * annotation processors. javac's tree API ({@code JavacTask.instance}, {@code Trees.instance})
 * accepts only javac's environment itself, and two common builds never pass it directly:
 *
 * <ul>
 *   <li>Gradle's incremental annotation processing wraps it in an {@code
 *       IncrementalProcessingEnvironment} (to watch the {@code Filer}) that keeps the original in a
 *       field named {@code delegate}; Kotlin-written variants of such wrappers keep it in {@code
 *       processingEnv} or, with class delegation, in {@code $$delegate_0};
 *   <li>IntelliJ IDEA's build (JPS) wraps it in a {@link Proxy} whose invocation handler is an
 *       anonymous class that captured the original as {@code delegateTo}, which javac stores in the
 *       synthetic field {@code val$delegateTo}; its own wrapper objects keep theirs in {@code
 *       myDelegate}.
 * </ul>
 *
 * Wrappers may be nested (IntelliJ running a Gradle-style processor wrapper), so each layer is
 * looked behind until javac's environment is reached. Only these documented shapes are followed: an
 * environment of any other shape is reported as not found, so that the caller can fail closed
 * instead of guessing.
 */
public final class JavacEnvironments {

  /**
   * The class javac's tree API insists on, compared by name: no javac internals are loaded or
   * opened.
   */
  public static final String JAVAC_ENVIRONMENT =
      "com.sun.tools.javac.processing.JavacProcessingEnvironment";

  /** Fields in which known wrapper classes keep the environment they wrap. */
  private static final List<String> WRAPPER_FIELDS =
      List.of(
          "delegate", // Gradle's IncrementalProcessingEnvironment
          "processingEnv", // Kotlin-written wrappers (Gradle's and kapt's) that name it after the
          // parameter
          "$$delegate_0", // Kotlin class delegation: "ProcessingEnvironment by env"
          "myDelegate"); // IntelliJ's APIWrappers.DynamicWrapper

  /** The field of IntelliJ's proxy handler that holds the wrapped environment. */
  private static final List<String> PROXY_HANDLER_FIELDS = List.of("val$delegateTo");

  /** More layers than any real build nests; past it the chain is assumed to be a cycle. */
  private static final int MAX_LAYERS = 16;

  private JavacEnvironments() {}

  /** Looks behind {@code environment}'s wrappers for javac's own environment. */
  public static Lookup find(ProcessingEnvironment environment) {
    List<String> layers = new ArrayList<>();
    Set<Object> seen = Collections.newSetFromMap(new IdentityHashMap<>());
    Object current = environment;
    Object innermost = environment;
    while (current != null && layers.size() < MAX_LAYERS && seen.add(current)) {
      layers.add(describe(current));
      innermost = current;
      if (current.getClass().getName().equals(JAVAC_ENVIRONMENT)) {
        return new Lookup((ProcessingEnvironment) current, (ProcessingEnvironment) current, layers);
      }
      current = wrapped(current);
    }
    return new Lookup(null, (ProcessingEnvironment) innermost, layers);
  }

  /**
   * The environment {@code wrapper} wraps, or {@code null} when it is not a shape this class knows.
   */
  private static Object wrapped(Object wrapper) {
    if (Proxy.isProxyClass(wrapper.getClass())) {
      Object handler;
      try {
        handler = Proxy.getInvocationHandler(wrapper);
      } catch (RuntimeException e) {
        return null;
      }
      return environmentInField(handler, PROXY_HANDLER_FIELDS);
    }
    return environmentInField(wrapper, WRAPPER_FIELDS);
  }

  /**
   * The first of {@code names}, declared by the object's class or a superclass, that holds a
   * processing environment.
   */
  private static Object environmentInField(Object holder, List<String> names) {
    for (Class<?> type = holder.getClass();
        type != null && type != Object.class;
        type = type.getSuperclass()) {
      for (String name : names) {
        Object value = read(holder, type, name);
        if (value instanceof ProcessingEnvironment) {
          return value;
        }
      }
    }
    return null;
  }

  private static Object read(Object holder, Class<?> type, String name) {
    try {
      Field field = type.getDeclaredField(name);
      field.setAccessible(true);
      return field.get(holder);
    } catch (ReflectiveOperationException | RuntimeException e) {
      // absent, or in a module that does not open it (InaccessibleObjectException): not this shape
      return null;
    }
  }

  private static String describe(Object layer) {
    Class<?> type = layer.getClass();
    if (Proxy.isProxyClass(type)) {
      try {
        return "a java.lang.reflect.Proxy handled by "
            + Proxy.getInvocationHandler(layer).getClass().getName();
      } catch (RuntimeException e) {
        return "a java.lang.reflect.Proxy";
      }
    }
    return type.getName();
  }

  /**
   * What {@link #find} saw: javac's environment if it was reached, and the class of every layer on
   * the way.
   */
  public static final class Lookup {
    private final ProcessingEnvironment javac;
    private final ProcessingEnvironment innermost;
    private final List<String> layers;

    Lookup(ProcessingEnvironment javac, ProcessingEnvironment innermost, List<String> layers) {
      this.javac = javac;
      this.innermost = innermost;
      this.layers = List.copyOf(layers);
    }

    /**
     * The last environment reached behind the known wrappers: javac's, or the one of another
     * compiler or tool ({@link EclipseEnvironments} tells Eclipse's apart).
     */
    public ProcessingEnvironment innermost() {
      return innermost;
    }

    /** javac's own environment, or {@code null} when it could not be reached. */
    public ProcessingEnvironment javacEnvironment() {
      return javac;
    }

    /** The class names of the environments seen, outermost first (javac's last, when reached). */
    public List<String> layers() {
      return layers;
    }
  }
}
