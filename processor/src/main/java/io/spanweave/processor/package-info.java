/**
 * The spanweave annotation processor. One round, per annotated type, in small steps:
 *
 * <ol>
 *   <li>{@link io.spanweave.processor.TracedTypeFinder} finds the types that need a delegate
 *       ({@code @Traced}, {@code @TraceBoundary}, {@code @TraceAttribute}, advice bindings);
 *   <li>{@link io.spanweave.processor.DelegateAnalyzer} checks that the type can be wrapped ({@link
 *       io.spanweave.processor.Wrappability}) and turns each traced method into a {@link
 *       io.spanweave.processor.TracedMethod} through {@link
 *       io.spanweave.processor.TracedMethodAnalyzer}, which resolves metrics ({@link
 *       io.spanweave.processor.MetricResolver}), attribute types ({@link
 *       io.spanweave.processor.AttributeTypes}), carriers ({@link
 *       io.spanweave.processor.CarrierResolver}) and advices ({@link
 *       io.spanweave.processor.AdviceResolver});
 *   <li>{@link io.spanweave.processor.DelegateGenerator} writes the {@link
 *       io.spanweave.processor.DelegateModel} as one Java file, method bodies by {@link
 *       io.spanweave.processor.SpanBodyWriter}.
 * </ol>
 *
 * <p>Problems go through {@link io.spanweave.processor.Diagnostics} onto the exact element,
 * annotation and value; a type with any problem gets no delegate. Generated code refers to the
 * runtime by name ({@link io.spanweave.processor.TracingApi}): the processor does not depend on it.
 */
package io.spanweave.processor;
