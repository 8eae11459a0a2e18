package io.spanweave.lint;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a package, in its {@code package-info.java}, as a base trace package: it and its
 * subpackages may import only the JDK, the OpenTelemetry API, spanweave's annotations and other
 * base packages (rule {@code base-package-import}).
 *
 * <p>The rule recognises any package annotation named {@code BasePackage} or {@code
 * TraceBasePackage}, whatever its package, so a project that does not want spanweave-lint on its
 * compile classpath can declare its own marker.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.PACKAGE)
public @interface BasePackage {}
