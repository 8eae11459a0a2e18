package io.spanweave.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a method where a trace crosses a process or request boundary.
 *
 * <pre>{@code
 * @TraceBoundary(Direction.OUTBOUND)                   // inject the current context into headers
 * Reply call(Map<String, String> headers, Request request);
 *
 * @TraceBoundary(value = Direction.INBOUND, carrier = "meta")
 * Reply handle(Map<String, String> meta, Map<String, String> options, Request request);
 * }</pre>
 *
 * <p>The carrier is a {@code Map<String, String>} or an implementation of the runtime's carrier
 * interface. When the method has exactly one such parameter, {@link #carrier} may be omitted. May
 * be combined with {@link Traced} on the same method to set stage, kind and metrics.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.METHOD)
public @interface TraceBoundary {

  /** Which side of the boundary this method is on. */
  Direction value();

  /**
   * The name of the carrier parameter; may be omitted when there is exactly one carrier parameter.
   */
  String carrier() default "";

  /** The span name. Default: {@code SimpleTypeName.methodName}. */
  String name() default "";
}
