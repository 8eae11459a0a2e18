package io.spanweave.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A meta-annotation that binds an advice to the methods marked with the annotation it carries,
 * resolved at compile time. A method marked with such an annotation is traced, and the generated
 * code calls the advice around its span with the method's parameter of the type the advice declares
 * ({@code StageAdvice<T>}); a method with no such parameter is a compile error.
 *
 * <pre>{@code
 * @TraceAdvice(RolloutEndpointAdvice.class)
 * @Retention(RetentionPolicy.CLASS)
 * @Target(ElementType.METHOD)
 * public @interface RolloutEndpoint {
 *   String value();                       // a String value() is the span name and the default stage
 *   Kind kind() default Kind.ROLLOUT;     // a Kind kind() is the default kind (else CUSTOM)
 * }
 *
 * @RolloutEndpoint("rollout.worker.generate")
 * RolloutState generate(RolloutState state);
 * }</pre>
 *
 * <p>A {@code @Traced} on the same method overrides the stage and kind the binding gives, where it
 * sets them.
 *
 * <p>The advice class must extend the runtime's {@code io.spanweave.api.StageAdvice} and have a
 * public no-argument constructor.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.ANNOTATION_TYPE)
public @interface TraceAdvice {

  /** The advice class: a subclass of {@code io.spanweave.api.StageAdvice<T>}. */
  Class<?> value();
}
