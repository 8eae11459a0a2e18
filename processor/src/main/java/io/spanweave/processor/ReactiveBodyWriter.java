package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.type.TypeMirror;

/**
 * Writes the body of a traced method that returns a {@code Mono} or a {@code Flux}: one call to
 * {@code spanweave-reactor}'s {@code ReactiveStages}, which starts a span on each subscription.
 *
 * <pre>{@code
 * return ReactiveStages.mono(JUDGE, () -> delegate.judge(id),
 *     span -> span.attribute("sample.id", id),
 *     (span, value) -> span.metric("score", value.score()));
 * }</pre>
 *
 * <p>The first lambda calls the method (at once, so that what it throws reaches the caller as
 * without tracing); the second records the start attributes and input previews on each
 * subscription's span; the third reads the metrics (and the output preview) from each emitted
 * value.
 */
final class ReactiveBodyWriter {

  private ReactiveBodyWriter() {}

  /**
   * @param taken the parameters' names, which the lambdas' parameters must not shadow
   * @param parameters the parameters and their types, for null checks before metric reads
   */
  static CodeBlock write(
      TracedMethod method,
      Set<String> taken,
      Map<String, TypeMirror> parameters,
      String stageConstant,
      CodeBlock call) {
    String span = LocalNames.pick(taken, "span", "stageSpan", "traceSpan");
    String value = LocalNames.pick(taken, "value", "emitted");
    CodeBlock onStart = onStart(method, span, parameters);
    CodeBlock onValue = onValue(method, span, value, parameters);
    CodeBlock.Builder body = CodeBlock.builder();
    if (onStart == null && onValue == null) {
      CompactFormat.addStatement(
          body,
          "return $T.$L($N, () -> $L)",
          TracingApi.REACTIVE_STAGES,
          method.reactive().helper,
          stageConstant,
          call);
      return body.build();
    }
    CompactFormat.add(
        body,
        "return $T.$L($N, () -> $L,$>$>\n$L,\n$L);\n$<$<",
        TracingApi.REACTIVE_STAGES,
        method.reactive().helper,
        stageConstant,
        call,
        onStart == null ? CodeBlock.of("null") : onStart,
        onValue == null ? CodeBlock.of("null") : onValue);
    return body.build();
  }

  /** {@code span -> span.attribute(...)}, or {@code null} when nothing is recorded at the start. */
  private static CodeBlock onStart(
      TracedMethod method, String span, Map<String, TypeMirror> parameters) {
    CodeBlock.Builder statements = CodeBlock.builder();
    int count = 0;
    CodeBlock last = null;
    for (TracedMethod.RecordedAttribute attribute : method.attributes()) {
      last = CompactFormat.code("$N.attribute($S, $L)", span, attribute.key(), attribute.value());
      statements.addStatement("$L", last);
      count++;
    }
    for (String parameter : parameters.keySet()) {
      if (method.previewsInput(parameter)) {
        last = CompactFormat.code("$N.preview($S, $N)", span, "input." + parameter, parameter);
        statements.addStatement("$L", last);
        count++;
      }
    }
    if (count == 0) {
      return null;
    }
    if (count == 1) {
      return CodeBlock.of("$N -> $L", span, last);
    }
    return block(CodeBlock.of("$N", span), statements.build());
  }

  /**
   * {@code (span, value) -> span.longMetric(...)}, or {@code null} when nothing is read from the
   * values.
   */
  private static CodeBlock onValue(
      TracedMethod method, String span, String value, Map<String, TypeMirror> parameters) {
    List<MetricPath> metrics = method.metrics();
    if (metrics.isEmpty() && !method.previews()) {
      return null;
    }
    CodeBlock parameterList = CodeBlock.of("($N, $N)", span, value);
    if (metrics.isEmpty()) {
      return CompactFormat.code("$L -> $N.previewOutput($N)", parameterList, span, value);
    }
    if (!method.previews()
        && metrics.size() == 1
        && SpanBodyWriter.isUnguarded(metrics.get(0), value, parameters)) {
      MetricPath metric = metrics.get(0);
      String root = metric.readsResult() ? value : metric.parameter();
      return CompactFormat.code(
          "$L -> $N.$L($S, $L)",
          parameterList,
          span,
          metric.recorder(),
          metric.key(),
          metric.expression(root));
    }
    BodyCode statements = new BodyCode();
    if (method.previews()) {
      statements.addStatement("$N.previewOutput($N)", span, value);
    }
    SpanBodyWriter.writeMetrics(statements, metrics, span, value, null, true, parameters);
    return block(parameterList, statements.build());
  }

  private static CodeBlock block(CodeBlock parameters, CodeBlock statements) {
    return CodeBlock.builder().add("$L -> {\n$>", parameters).add(statements).add("$<}").build();
  }
}
