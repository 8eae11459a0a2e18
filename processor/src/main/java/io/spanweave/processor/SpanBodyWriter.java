package io.spanweave.processor;

import com.squareup.javapoet.CodeBlock;
import com.squareup.javapoet.TypeName;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import javax.lang.model.type.TypeKind;
import javax.lang.model.type.TypeMirror;

/**
 * Writes the body of one traced method: start the span, record attributes (and input previews),
 * call through, preview the output, read metrics, fail and rethrow on error, end. The shape is DESIGN.md's contract, kept short because
 * users step through it in a debugger.
 */
final class SpanBodyWriter {

  /**
   * @param method what to record
   * @param parameterNames names the generated locals must not shadow
   * @param parameterTypes the parameters' types, for null checks before metric reads
   * @param stageConstant the {@code Stage} constant of the method
   * @param adviceConstant the advice constant, or {@code null}
   * @param attributeConstants the {@code AttributeName} constant of each attribute key
   * @param call the call to the delegate or to {@code super}
   */
  CodeBlock write(TracedMethod method, List<String> parameterNames, List<? extends TypeMirror> parameterTypes,
      String stageConstant, String adviceConstant, Map<String, String> attributeConstants, CodeBlock call) {
    Set<String> taken = new HashSet<>(parameterNames);
    String span = LocalNames.pick(taken, "span", "stageSpan", "traceSpan");
    String failure = LocalNames.pick(taken, "t", "failure", "thrown");
    Map<String, TypeMirror> parameters = new LinkedHashMap<>();
    for (int i = 0; i < parameterNames.size(); i++) {
      parameters.put(parameterNames.get(i), parameterTypes.get(i));
    }

    if (method.reactive() != null) {
      return ReactiveBodyWriter.write(method, new HashSet<>(parameterNames), parameters, stageConstant, call);
    }
    CodeBlock.Builder body = CodeBlock.builder();
    if (method.attributes().isEmpty()) {
      CompactFormat.addStatement(body, "$T $N = $N.$L", TracingApi.STAGE_SPAN, span, stageConstant, startCall(method.start(), adviceConstant));
    } else {
      // Attributes go on the builder: the span starts with them (samplers and live records see them).
      CodeBlock.Builder start = CodeBlock.builder();
      CompactFormat.add(start, "$N.spanBuilder()", stageConstant);
      String lineBreak = method.attributes().size() > 1 ? "\n" : ""; // one attribute a line when there are several
      for (TracedMethod.RecordedAttribute attribute : method.attributes()) {
        CompactFormat.add(start, "$L.attribute($N, $L)", lineBreak, attributeConstants.get(attribute.key()), attribute.value());
      }
      CompactFormat.add(start, "$L.$L", lineBreak, startCall(method.start(), adviceConstant));
      CompactFormat.addStatement(body, "$T $N = $L", TracingApi.STAGE_SPAN, span, start.build());
    }
    CompactFormat.beginControlFlow(body, "try");
    for (String parameter : parameterNames) {
      if (method.previewsInput(parameter)) {
        CompactFormat.addStatement(body, "$N.preview($S, $N)", span, "input." + parameter, parameter);
      }
    }
    if (method.async()) {
      writeAsyncCall(body, method, span, taken, parameters, call);
      CompactFormat.nextControlFlow(body, "catch ($T $N)", Throwable.class, failure);
      CompactFormat.addStatement(body, "$N.fail($N)", span, failure);
      CompactFormat.addStatement(body, "$N.end()", span);
      CompactFormat.addStatement(body, "throw $N", failure);
      body.endControlFlow();
      return body.build();
    }
    boolean isVoid = method.resultType().getKind() == TypeKind.VOID;
    String result = null;
    if (isVoid) {
      CompactFormat.addStatement(body, "$L", call);
    } else if (method.metrics().isEmpty() && !method.start().hasAdvice() && !method.previews()) {
      CompactFormat.addStatement(body, "return $L", call); // nothing to read from the result
    } else {
      result = LocalNames.pick(taken, "result", "returned", "value");
      CompactFormat.addStatement(body, "$T $N = $L", TypeName.get(method.resultType()), result, call);
    }
    if (result != null && method.previews()) {
      CompactFormat.addStatement(body, "$N.previewOutput($N)", span, result);
    }
    if (!method.metrics().isEmpty()) {
      // The call succeeded: a getter that throws while a metric is read is a tracing fault, not the caller's.
      String metricFailure = LocalNames.pick(taken, "e", "metricFailure", "readFailure");
      CompactFormat.beginControlFlow(body, "try");
      writeMetrics(body, method.metrics(), span, result, method.resultType(), false, parameters);
      CompactFormat.nextControlFlow(body, "catch ($T $N)", RuntimeException.class, metricFailure);
      CompactFormat.addStatement(body, "$N.metricFailed($N)", span, metricFailure);
      body.endControlFlow();
    }
    if (result != null) {
      if (method.start().hasAdvice()) {
        CompactFormat.addStatement(body, "$N.returned($N)", span, result);
      }
      CompactFormat.addStatement(body, "return $N", result);
    }
    CompactFormat.nextControlFlow(body, "catch ($T $N)", Throwable.class, failure);
    CompactFormat.addStatement(body, "$N.fail($N)", span, failure);
    CompactFormat.addStatement(body, "throw $N", failure);
    CompactFormat.nextControlFlow(body, "finally");
    CompactFormat.addStatement(body, "$N.end()", span);
    body.endControlFlow();
    return body.build();
  }

  private static CodeBlock startCall(SpanStart start, String adviceConstant) {
    switch (start.how()) {
      case OUTBOUND:
        return CompactFormat.code("startOutbound($N)", start.parameter());
      case INBOUND:
        return CompactFormat.code("startInbound($N)", start.parameter());
      case ADVICE:
        return CompactFormat.code("start($N, $N)", adviceConstant, start.parameter());
      case ADVICE_BATCH:
        return CompactFormat.code("startBatch($N, $N)", adviceConstant, start.parameter());
      default:
        return CompactFormat.code("start()");
    }
  }

  /** {@code return span.endWhenComplete(call, value -> span.metric(...));} */
  private static void writeAsyncCall(CodeBlock.Builder body, TracedMethod method, String span, Set<String> taken,
      Map<String, TypeMirror> parameters, CodeBlock call) {
    if (method.metrics().isEmpty() && !method.previews()) {
      CompactFormat.addStatement(body, "return $N.endWhenComplete($L)", span, call);
      return;
    }
    String value = LocalNames.pick(taken, "value", "completed");
    if (method.metrics().isEmpty()) {
      CompactFormat.addStatement(body, "return $N.endWhenComplete($L, $N -> $N.previewOutput($N))", span, call, value, span, value);
      return;
    }
    if (!method.previews() && method.metrics().size() == 1 && isUnguarded(method.metrics().get(0), value, parameters)) {
      MetricPath metric = method.metrics().get(0);
      String root = metric.readsResult() ? value : metric.parameter();
      CompactFormat.addStatement(body, "return $N.endWhenComplete($L, $N -> $N.metric($S, $L))", span, call, value, span,
          metric.key(), metric.expression(root));
      return;
    }
    CompactFormat.add(body, "return $N.endWhenComplete($L, $N -> {\n", span, call, value);
    body.indent();
    if (method.previews()) {
      CompactFormat.addStatement(body, "$N.previewOutput($N)", span, value);
    }
    writeMetrics(body, method.metrics(), span, value, null, true, parameters);
    body.unindent();
    CompactFormat.add(body, "});\n");
  }

  /** Whether reading {@code metric} in a completion callback needs no null check. */
  static boolean isUnguarded(MetricPath metric, String value, Map<String, TypeMirror> parameters) {
    String root = metric.readsResult() ? value : metric.parameter();
    boolean rootMayBeNull = !metric.readsResult() && !metric.steps().isEmpty()
        && !parameters.get(root).getKind().isPrimitive();
    return !rootMayBeNull && metric.nullableIntermediates(root).isEmpty();
  }

  /**
   * Metric reads grouped by root, each root and each nullable step checked first so that reading
   * a metric can never throw a {@code NullPointerException} into the traced program.
   *
   * @param completedValue whether {@code result} is the completed value of a stage, which the
   *     runtime hands over only when it is not {@code null}
   */
  static void writeMetrics(CodeBlock.Builder body, List<MetricPath> metrics, String span, String result,
      TypeMirror resultType, boolean completedValue, Map<String, TypeMirror> parameters) {
    Map<String, List<MetricPath>> byRoot = new LinkedHashMap<>();
    for (MetricPath metric : metrics) {
      String root = metric.readsResult() ? result : metric.parameter();
      byRoot.computeIfAbsent(root, r -> new ArrayList<>()).add(metric);
    }
    for (Map.Entry<String, List<MetricPath>> group : byRoot.entrySet()) {
      String root = group.getKey();
      boolean isResult = group.getValue().get(0).readsResult();
      TypeMirror rootType = isResult ? resultType : parameters.get(root);
      boolean checkRoot = !(isResult && completedValue) && rootType != null && !rootType.getKind().isPrimitive()
          && group.getValue().stream().anyMatch(m -> !m.steps().isEmpty());
      if (checkRoot) {
        CompactFormat.beginControlFlow(body, "if ($N != null)", root);
      }
      for (MetricPath metric : group.getValue()) {
        List<String> checks = metric.nullableIntermediates(root);
        if (!checks.isEmpty()) {
          CompactFormat.beginControlFlow(body, "if ($L)", String.join(" && ", checks.stream().map(c -> c + " != null").toList()));
        }
        CompactFormat.addStatement(body, "$N.metric($S, $L)", span, metric.key(), metric.expression(root));
        if (!checks.isEmpty()) {
          body.endControlFlow();
        }
      }
      if (checkRoot) {
        body.endControlFlow();
      }
    }
  }
}
