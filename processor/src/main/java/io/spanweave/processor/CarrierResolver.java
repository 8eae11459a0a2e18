package io.spanweave.processor;

import io.spanweave.annotations.Direction;
import java.util.ArrayList;
import java.util.List;
import javax.lang.model.element.AnnotationMirror;
import javax.lang.model.element.AnnotationValue;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.TypeElement;
import javax.lang.model.element.VariableElement;
import javax.lang.model.type.ExecutableType;
import javax.lang.model.type.TypeMirror;
import javax.lang.model.util.Elements;
import javax.lang.model.util.Types;

/**
 * Finds the carrier parameter of a {@code @TraceBoundary} method: the one named by {@code carrier},
 * or else the only {@code Map<String, String>} or {@code TraceCarrier} parameter.
 */
final class CarrierResolver {

  private final Types types;
  private final TypeMirror stringMap;
  private final TypeElement traceCarrier;
  private final Diagnostics diagnostics;

  CarrierResolver(Elements elements, Types types, Diagnostics diagnostics) {
    this.types = types;
    this.diagnostics = diagnostics;
    TypeMirror string = elements.getTypeElement("java.lang.String").asType();
    this.stringMap =
        types.getDeclaredType(elements.getTypeElement("java.util.Map"), string, string);
    this.traceCarrier = elements.getTypeElement(TracingApi.TRACE_CARRIER);
  }

  /** The span start, or {@code null} after reporting an error. */
  SpanStart resolve(
      ExecutableElement method,
      ExecutableType type,
      AnnotationMirror boundary,
      Direction direction,
      String carrierName) {
    SpanStart.How how =
        direction == Direction.OUTBOUND ? SpanStart.How.OUTBOUND : SpanStart.How.INBOUND;
    String verb =
        direction == Direction.OUTBOUND
            ? "inject the trace context into"
            : "read the parent context from";
    List<String> carriers = new ArrayList<>();
    List<? extends VariableElement> parameters = method.getParameters();
    for (int i = 0; i < parameters.size(); i++) {
      if (isCarrier(type.getParameterTypes().get(i))) {
        carriers.add(parameters.get(i).getSimpleName().toString());
      }
    }
    String method0 = method.getSimpleName() + "()";
    if (!carrierName.isEmpty()) {
      AnnotationValue value = Annotations.explicitValue(boundary, "carrier");
      for (int i = 0; i < parameters.size(); i++) {
        if (parameters.get(i).getSimpleName().contentEquals(carrierName)) {
          if (carriers.contains(carrierName)) {
            return new SpanStart(how, carrierName, null);
          }
          diagnostics.error(
              method,
              boundary,
              value,
              "carrier '"
                  + carrierName
                  + "' of "
                  + method0
                  + " is a "
                  + type.getParameterTypes().get(i)
                  + "; a carrier is a Map<String, String> or an io.spanweave.api.TraceCarrier"
                  + (carriers.isEmpty()
                      ? ""
                      : ". Carrier parameters: " + String.join(", ", carriers)));
          return null;
        }
      }
      diagnostics.error(
          method,
          boundary,
          value,
          method0
              + " has no parameter '"
              + carrierName
              + "' to use as carrier"
              + (carriers.isEmpty()
                  ? "; add a Map<String, String> or TraceCarrier parameter"
                  : ". Carrier parameters: " + String.join(", ", carriers)));
      return null;
    }
    if (carriers.size() == 1) {
      return new SpanStart(how, carriers.get(0), null);
    }
    if (carriers.isEmpty()) {
      diagnostics.error(
          method,
          boundary,
          "@TraceBoundary("
              + direction
              + ") on "
              + method0
              + " needs a carrier to "
              + verb
              + ": add a Map<String, String> or io.spanweave.api.TraceCarrier parameter");
    } else {
      diagnostics.error(
          method,
          boundary,
          method0
              + " has several carrier parameters ("
              + String.join(", ", carriers)
              + "): name the one to use with @TraceBoundary(carrier = \""
              + carriers.get(0)
              + "\")");
    }
    return null;
  }

  private boolean isCarrier(TypeMirror type) {
    return types.isAssignable(type, stringMap)
        || (traceCarrier != null && types.isAssignable(type, traceCarrier.asType()));
  }
}
