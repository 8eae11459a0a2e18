package io.spanweave.processor;

import java.util.ArrayList;
import java.util.List;
import javax.lang.model.type.TypeKind;

/**
 * A metric resolved at compile time: the key it is recorded under and the chain of property reads
 * from its root, the return value or a parameter.
 *
 * @param key the metric key, recorded as {@code spanweave.metric.<key>}
 * @param parameter the parameter the path starts from, or {@code null} when it starts from the
 *     return value
 * @param steps the properties read one after the other
 * @param recorder the {@code StageSpan} method that records the value, by its type: {@code
 *     longMetric}, {@code doubleMetric}, {@code booleanMetric}, or for boxed values {@code
 *     numberMetric} and {@code booleanObjectMetric}
 */
record MetricPath(String key, String parameter, List<Property> steps, String recorder) {

  boolean readsResult() {
    return parameter == null;
  }

  /** The expression that reads the value, such as {@code result.usage().inputTokens()}. */
  String expression(String root) {
    StringBuilder out = new StringBuilder(root);
    for (Property step : steps) {
      out.append('.').append(step.access());
    }
    return out.toString();
  }

  /**
   * The intermediate reads that may be {@code null} and must be checked before the value is read,
   * such as {@code result.usage()}; the root itself is checked by the caller.
   */
  List<String> nullableIntermediates(String root) {
    List<String> checks = new ArrayList<>();
    StringBuilder out = new StringBuilder(root);
    for (int i = 0; i < steps.size() - 1; i++) {
      out.append('.').append(steps.get(i).access());
      TypeKind kind = steps.get(i).type().getKind();
      if (!kind.isPrimitive()) {
        checks.add(out.toString());
      }
    }
    return checks;
  }
}
