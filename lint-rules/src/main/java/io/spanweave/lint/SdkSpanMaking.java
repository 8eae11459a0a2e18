package io.spanweave.lint;

import com.sun.source.tree.CompilationUnitTree;
import com.sun.source.tree.ImportTree;
import com.sun.source.tree.MemberSelectTree;
import com.sun.source.tree.MethodInvocationTree;
import com.sun.source.util.SourcePositions;
import com.sun.source.util.TreePath;
import com.sun.source.util.TreePathScanner;
import java.util.Set;

/**
 * Whether a compilation unit that imports the OpenTelemetry SDK also makes spans, and how: SDK
 * set-up code (building an {@code OpenTelemetrySdk}, its tracer provider, processors and exporters,
 * and handing it to the application) does not; code that makes spans beside it does. Two signs are
 * read:
 *
 * <ul>
 *   <li>an import of the trace API's span-making types ({@code Tracer}, {@code TracerBuilder},
 *       {@code SpanBuilder}, {@code Span}, or {@code io.opentelemetry.api.trace.*});
 *   <li>a tracer taken from an SDK object: {@code get}, {@code getTracer} or {@code tracerBuilder}
 *       called on an {@code io.opentelemetry.sdk} type, such as {@code
 *       sdkTracerProvider.get("acme")}.
 * </ul>
 *
 * Set-up types of the API such as {@code OpenTelemetry}, {@code Attributes} or {@code
 * W3CTraceContextPropagator} are not signs.
 */
final class SdkSpanMaking {

  static final String SDK = "io.opentelemetry.sdk";

  private static final String TRACE_API = "io.opentelemetry.api.trace.";
  private static final Set<String> SPAN_MAKING_TYPES =
      Set.of(
          TRACE_API + "Tracer",
          TRACE_API + "TracerBuilder",
          TRACE_API + "SpanBuilder",
          TRACE_API + "Span",
          TRACE_API + "*");
  private static final Set<String> TRACER_FACTORIES = Set.of("get", "getTracer", "tracerBuilder");

  private SdkSpanMaking() {}

  /**
   * How the unit makes spans, for the message ("it imports io.opentelemetry.api.trace.Tracer"), or
   * {@code null}.
   */
  static String find(LintContext context) {
    CompilationUnitTree unit = context.compilationUnit();
    for (ImportTree anImport : unit.getImports()) {
      String name = anImport.getQualifiedIdentifier().toString();
      if (!anImport.isStatic() && SPAN_MAKING_TYPES.contains(name)) {
        return "it imports " + name;
      }
    }
    String[] found = new String[1];
    new TreePathScanner<Void, Void>() {
      @Override
      public Void visitMethodInvocation(MethodInvocationTree node, Void unused) {
        if (found[0] == null && node.getMethodSelect() instanceof MemberSelectTree) {
          MemberSelectTree select = (MemberSelectTree) node.getMethodSelect();
          if (TRACER_FACTORIES.contains(select.getIdentifier().toString())) {
            String receiverType =
                LintContext.qualifiedName(
                    context.typeOf(
                        new TreePath(
                            new TreePath(getCurrentPath(), select), select.getExpression())));
            if (receiverType != null && LintOptions.isIn(receiverType, SDK)) {
              found[0] =
                  "it gets a tracer from the SDK (" + node + ") on line " + lineOf(context, node);
            }
          }
        }
        return super.visitMethodInvocation(node, unused);
      }
    }.scan(new TreePath(unit), null);
    return found[0];
  }

  private static long lineOf(LintContext context, MethodInvocationTree node) {
    SourcePositions positions = context.trees().getSourcePositions();
    CompilationUnitTree unit = context.compilationUnit();
    long start = positions.getStartPosition(unit, node);
    return start < 0 || unit.getLineMap() == null ? -1 : unit.getLineMap().getLineNumber(start);
  }
}
