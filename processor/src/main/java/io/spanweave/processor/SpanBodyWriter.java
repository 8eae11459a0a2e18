package io.spanweave.processor;

import com.palantir.javapoet.CodeBlock;
import com.palantir.javapoet.TypeName;
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
 * call through, preview the output, read metrics, fail and rethrow on error, end. The shape is
 * DESIGN.md's contract, kept short because users step through it in a debugger.
 */
final class SpanBodyWriter {

  /**
   * @param method what to record
   * @param parameterNames names the generated locals must not shadow
   * @param parameterTypes the parameters' types, for null checks before metric reads
   * @param stageConstant the {@code Stage} constant of the method
   * @param adviceConstant the advice constant, or {@code null}
   * @param call the call to the delegate or to {@code super}
   */
  CodeBlock write(
      TracedMethod method,
      List<String> parameterNames,
      List<? extends TypeMirror> parameterTypes,
      String stageConstant,
      String adviceConstant,
      CodeBlock call) {
    Set<String> taken = new HashSet<>(parameterNames);
    String span = LocalNames.pick(taken, "span", "stageSpan", "traceSpan");
    String failure = LocalNames.pick(taken, "t", "failure", "thrown");
    Map<String, TypeMirror> parameters = new LinkedHashMap<>();
    for (int i = 0; i < parameterNames.size(); i++) {
      parameters.put(parameterNames.get(i), parameterTypes.get(i));
    }

    if (method.reactive() != null) {
      return ReactiveBodyWriter.write(
          method, new HashSet<>(parameterNames), parameters, stageConstant, call);
    }
    BodyCode body = new BodyCode();
    if (method.attributes().isEmpty()) {
      body.addStatement(
          "$T $N = $N.$L",
          TracingApi.STAGE_SPAN,
          span,
          stageConstant,
          startCall(method.start(), adviceConstant));
    } else {
      // Attributes go on the builder: the span starts with them (samplers and live records see
      // them).
      // One statement, so that its continuation lines are indented as a statement's.
      String lineBreak =
          method.attributes().size() > 1 ? "\n" : ""; // one attribute a line when there are several
      StringBuilder start = new StringBuilder("$T $N = $N.spanBuilder()");
      List<Object> args = new ArrayList<>(List.of(TracingApi.STAGE_SPAN, span, stageConstant));
      for (TracedMethod.RecordedAttribute attribute : method.attributes()) {
        start.append(lineBreak).append(".$L($S, $L)");
        args.add(attribute.recorder());
        args.add(attribute.key());
        args.add(attribute.value());
      }
      start.append(lineBreak).append(".$L");
      args.add(startCall(method.start(), adviceConstant));
      body.addStatement(start.toString(), args.toArray());
    }
    body.beginControlFlow("try");
    for (String parameter : parameterNames) {
      if (method.previewsInput(parameter)) {
        body.addStatement("$N.preview($S, $N)", span, "input." + parameter, parameter);
      }
    }
    if (method.async()) {
      writeAsyncCall(body, method, span, taken, parameters, call);
      body.nextControlFlow("catch ($T $N)", Throwable.class, failure);
      body.addStatement("$N.fail($N)", span, failure);
      body.addStatement("$N.end()", span);
      body.addStatement("throw $N", failure);
      body.endControlFlow();
      return body.build();
    }
    boolean isVoid = method.resultType().getKind() == TypeKind.VOID;
    String result = null;
    if (isVoid) {
      body.addStatement("$L", call);
    } else if (method.metrics().isEmpty() && !method.start().hasAdvice() && !method.previews()) {
      body.addStatement("return $L", call); // nothing to read from the result
    } else {
      result = LocalNames.pick(taken, "result", "returned", "value");
      body.addStatement("$T $N = $L", TypeName.get(method.resultType()), result, call);
    }
    if (result != null && method.previews()) {
      body.addStatement("$N.previewOutput($N)", span, result);
    }
    if (!method.metrics().isEmpty()) {
      // The call succeeded: a getter that throws while a metric is read is a tracing fault, not the
      // caller's.
      String metricFailure = LocalNames.pick(taken, "e", "metricFailure", "readFailure");
      body.beginControlFlow("try");
      writeMetrics(body, method.metrics(), span, result, method.resultType(), false, parameters);
      body.nextControlFlow("catch ($T $N)", RuntimeException.class, metricFailure);
      body.addStatement("$N.metricFailed($N)", span, metricFailure);
      body.endControlFlow();
    }
    if (result != null) {
      if (method.start().hasAdvice()) {
        body.addStatement("$N.returned($N)", span, result);
      }
      body.addStatement("return $N", result);
    }
    body.nextControlFlow("catch ($T $N)", Throwable.class, failure);
    body.addStatement("$N.fail($N)", span, failure);
    body.addStatement("throw $N", failure);
    body.nextControlFlow("finally");
    body.addStatement("$N.end()", span);
    body.endControlFlow();
    return body.build();
  }

  /** {@code start()}, {@code startOutbound(carrier)}, ...: names only, so plain text. */
  private static String startCall(SpanStart start, String adviceConstant) {
    switch (start.how()) {
      case OUTBOUND:
        return "startOutbound(" + start.parameter() + ")";
      case INBOUND:
        return "startInbound(" + start.parameter() + ")";
      case ADVICE:
        return "start(" + adviceConstant + ", " + start.parameter() + ")";
      case ADVICE_BATCH:
        return "startBatch(" + adviceConstant + ", " + start.parameter() + ")";
      default:
        return "start()";
    }
  }

  /** {@code return span.endWhenComplete(call, value -> span.metric(...));} */
  private static void writeAsyncCall(
      BodyCode body,
      TracedMethod method,
      String span,
      Set<String> taken,
      Map<String, TypeMirror> parameters,
      CodeBlock call) {
    if (method.metrics().isEmpty() && !method.previews()) {
      body.addStatement("return $N.endWhenComplete($L)", span, call);
      return;
    }
    String value = LocalNames.pick(taken, "value", "completed");
    if (method.metrics().isEmpty()) {
      body.addStatement(
          "return $N.endWhenComplete($L, $N -> $N.previewOutput($N))",
          span,
          call,
          value,
          span,
          value);
      return;
    }
    if (!method.previews()
        && method.metrics().size() == 1
        && isUnguarded(method.metrics().get(0), value, parameters)) {
      MetricPath metric = method.metrics().get(0);
      String root = metric.readsResult() ? value : metric.parameter();
      body.addStatement(
          "return $N.endWhenComplete($L, $N -> $N.$L($S, $L))",
          span,
          call,
          value,
          span,
          metric.recorder(),
          metric.key(),
          metric.expression(root));
      return;
    }
    body.add("return $N.endWhenComplete($L, $N -> {\n", span, call, value);
    body.indent();
    if (method.previews()) {
      body.addStatement("$N.previewOutput($N)", span, value);
    }
    writeMetrics(body, method.metrics(), span, value, null, true, parameters);
    body.unindent();
    body.add("});\n");
  }

  /** Whether reading {@code metric} in a completion callback needs no null check. */
  static boolean isUnguarded(MetricPath metric, String value, Map<String, TypeMirror> parameters) {
    String root = metric.readsResult() ? value : metric.parameter();
    boolean rootMayBeNull =
        !metric.readsResult()
            && !metric.steps().isEmpty()
            && !parameters.get(root).getKind().isPrimitive();
    return !rootMayBeNull && metric.nullableIntermediates(root).isEmpty();
  }

  private static boolean anyReadsAProperty(List<MetricPath> metrics) {
    for (MetricPath metric : metrics) {
      if (!metric.steps().isEmpty()) {
        return true;
      }
    }
    return false;
  }

  /**
   * Metric reads grouped by root, each root and each nullable step checked first so that reading a
   * metric can never throw a {@code NullPointerException} into the traced program.
   *
   * @param completedValue whether {@code result} is the completed value of a stage, which the
   *     runtime hands over only when it is not {@code null}
   */
  static void writeMetrics(
      BodyCode body,
      List<MetricPath> metrics,
      String span,
      String result,
      TypeMirror resultType,
      boolean completedValue,
      Map<String, TypeMirror> parameters) {
    Map<String, List<MetricPath>> byRoot = new LinkedHashMap<>();
    for (MetricPath metric : metrics) {
      String root = metric.readsResult() ? result : metric.parameter();
      List<MetricPath> group = byRoot.get(root);
      if (group == null) {
        group = new ArrayList<>();
        byRoot.put(root, group);
      }
      group.add(metric);
    }
    for (Map.Entry<String, List<MetricPath>> group : byRoot.entrySet()) {
      String root = group.getKey();
      boolean isResult = group.getValue().get(0).readsResult();
      TypeMirror rootType = isResult ? resultType : parameters.get(root);
      boolean checkRoot =
          !(isResult && completedValue)
              && rootType != null
              && !rootType.getKind().isPrimitive()
              && anyReadsAProperty(group.getValue());
      if (checkRoot) {
        body.beginControlFlow("if ($N != null)", root);
      }
      for (MetricPath metric : group.getValue()) {
        List<String> checks = metric.nullableIntermediates(root);
        if (!checks.isEmpty()) {
          body.beginControlFlow("if ($L)", String.join(" != null && ", checks) + " != null");
        }
        body.addStatement(
            "$N.$L($S, $L)", span, metric.recorder(), metric.key(), metric.expression(root));
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
