package io.spanweave.annotations;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Records a parameter of a traced method as a span attribute.
 *
 * <pre>{@code
 * @Traced(stage = "generate", kind = Kind.MODEL)
 * GenerateResult generate(@TraceAttribute("sample.id") String sampleId,
 *                         @TraceAttribute int attempt,          // key "attempt"
 *                         Prompt prompt);                       // not recorded
 * }</pre>
 *
 * <p>Allowed types: primitives, boxed primitives, {@code String}, enums, and arrays or lists of
 * those. Anything else is a compile error: record a number about it with {@code metrics} instead.
 * Strings are truncated and arrays capped at run time.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PARAMETER)
public @interface TraceAttribute {

  /** The attribute key. Default: the parameter's name. */
  String value() default "";
}
