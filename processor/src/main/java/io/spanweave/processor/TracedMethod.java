package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import io.spanweave.annotations.Kind;
import java.util.List;
import javax.lang.model.type.TypeMirror;

/**
 * Everything the generator needs to wrap one method in a span, all checked already.
 *
 * @param spanName the span name, such as {@code RolloutWorker.generate}
 * @param stage recorded as {@code spanweave.stage}
 * @param kind recorded as {@code spanweave.kind}
 * @param constantAttributes alternating keys and values from {@code @Traced(attributes)}
 * @param attributes parameters recorded as span attributes
 * @param metrics metrics read on success
 * @param start how the span starts
 * @param async whether the method returns a {@code CompletionStage}, so the span ends on completion
 * @param resultType the declared return type (for the result local of a synchronous method)
 * @param previews whether {@code @Traced(capture = Capture.PREVIEW)}: inputs and output are
 *     previewed
 * @param reactive the Reactor type the method returns, so the span covers each subscription; {@code
 *     null} for others
 */
record TracedMethod(
    String spanName,
    String stage,
    Kind kind,
    List<String> constantAttributes,
    List<RecordedAttribute> attributes,
    List<MetricPath> metrics,
    SpanStart start,
    boolean async,
    TypeMirror resultType,
    boolean previews,
    Reactive reactive) {

  /** A Reactor publisher type, and the {@code ReactiveStages} method that traces it. */
  enum Reactive {
    MONO("mono"),
    FLUX("flux");

    final String helper;

    Reactive(String helper) {
      this.helper = helper;
    }
  }

  /**
   * Whether {@code parameter} is previewed as an input: every parameter but a boundary's carrier,
   * which is tracing plumbing.
   */
  boolean previewsInput(String parameter) {
    boolean carrier =
        (start.how() == SpanStart.How.OUTBOUND || start.how() == SpanStart.How.INBOUND)
            && parameter.equals(start.parameter());
    return previews && !carrier;
  }

  /**
   * A parameter recorded as an attribute: {@code builder.<recorder>(KEY, value)}, such as {@code
   * stringAttribute} for a {@code String} (one method per type, so javac resolves no overloads).
   */
  record RecordedAttribute(String key, String recorder, CodeBlock value) {}
}
