package io.spanweave.processor;

import com.palantir.javapoet.ClassName;

/**
 * Names of the API types that generated code calls ({@code spanweave-api}). They are spelled out
 * here rather than taken from classes, because the processor must not depend on the API jar: the
 * user's compile classpath has it, the processor path does not need it.
 */
final class TracingApi {

  static final String PACKAGE = "io.spanweave.api";

  static final ClassName STAGE = ClassName.get(PACKAGE, "Stage");
  static final ClassName STAGE_SPAN = ClassName.get(PACKAGE, "StageSpan");
  static final String STAGE_ADVICE = PACKAGE + ".StageAdvice";
  static final String TRACE_CARRIER = PACKAGE + ".TraceCarrier";

  /** {@code spanweave-reactor}'s helper for methods that return {@code Mono} or {@code Flux}. */
  static final ClassName REACTIVE_STAGES = ClassName.get("io.spanweave.reactor", "ReactiveStages");

  static final String MONO = "reactor.core.publisher.Mono";
  static final String FLUX = "reactor.core.publisher.Flux";

  static final ClassName KIND = ClassName.get("io.spanweave.annotations", "Kind");
  static final ClassName CAPTURE = ClassName.get("io.spanweave.annotations", "Capture");
  static final String TRACE_ADVICE = "io.spanweave.annotations.TraceAdvice";

  /** {@code javax.annotation.processing.Generated}; absent when compiling for Java 8. */
  static final String GENERATED = "javax.annotation.processing.Generated";

  private TracingApi() {}
}
