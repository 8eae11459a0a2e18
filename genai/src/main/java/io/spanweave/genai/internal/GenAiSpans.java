package io.spanweave.genai.internal;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanBuilder;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.context.Context;
import io.spanweave.annotations.Kind;
import io.spanweave.api.internal.ActiveTracing;
import io.spanweave.api.internal.SpanStartFields;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.SpanAttributes;
import java.util.List;

/**
 * Starts the GenAI spans: a model call ({@code chat <model>}, kind CLIENT) and a tool execution
 * ({@code execute_tool <name>}, INTERNAL), each with the fields every spanweave span carries at
 * start and the kind and stage the viewer groups them by. Not part of spanweave's API.
 */
public final class GenAiSpans {

  /** {@code spanweave.stage} of a model call. */
  public static final String MODEL_STAGE = "llm";

  /** {@code spanweave.stage} of a tool execution. */
  public static final String TOOL_STAGE = "tool";

  public static final AttributeKey<String> OPERATION =
      AttributeKey.stringKey(GenAiAttributes.OPERATION_NAME);
  public static final AttributeKey<String> PROVIDER =
      AttributeKey.stringKey(GenAiAttributes.PROVIDER_NAME);
  public static final AttributeKey<String> REQUEST_MODEL =
      AttributeKey.stringKey(GenAiAttributes.REQUEST_MODEL);
  public static final AttributeKey<Double> TEMPERATURE =
      AttributeKey.doubleKey(GenAiAttributes.REQUEST_TEMPERATURE);
  public static final AttributeKey<Long> MAX_TOKENS =
      AttributeKey.longKey(GenAiAttributes.REQUEST_MAX_TOKENS);
  public static final AttributeKey<Double> TOP_P =
      AttributeKey.doubleKey(GenAiAttributes.REQUEST_TOP_P);
  public static final AttributeKey<String> TOOL_NAME =
      AttributeKey.stringKey(GenAiAttributes.TOOL_NAME);
  public static final AttributeKey<String> RESPONSE_ID =
      AttributeKey.stringKey(GenAiAttributes.RESPONSE_ID);
  public static final AttributeKey<String> RESPONSE_MODEL =
      AttributeKey.stringKey(GenAiAttributes.RESPONSE_MODEL);
  public static final AttributeKey<List<String>> FINISH_REASONS =
      AttributeKey.stringArrayKey(GenAiAttributes.RESPONSE_FINISH_REASONS);
  public static final AttributeKey<Long> INPUT_TOKENS =
      AttributeKey.longKey(GenAiAttributes.USAGE_INPUT_TOKENS);
  public static final AttributeKey<Long> OUTPUT_TOKENS =
      AttributeKey.longKey(GenAiAttributes.USAGE_OUTPUT_TOKENS);
  public static final AttributeKey<Double> TIME_TO_FIRST_CHUNK =
      AttributeKey.doubleKey(GenAiAttributes.RESPONSE_TIME_TO_FIRST_CHUNK);
  public static final AttributeKey<String> ERROR_TYPE =
      AttributeKey.stringKey(SpanAttributes.ERROR_TYPE);
  public static final AttributeKey<String> STATUS = AttributeKey.stringKey(SpanAttributes.STATUS);
  private static final AttributeKey<String> KIND = AttributeKey.stringKey(SpanAttributes.KIND);
  private static final AttributeKey<String> STAGE = AttributeKey.stringKey(SpanAttributes.STAGE);

  private GenAiSpans() {}

  /**
   * A started model-call span under {@code parent}: {@code <operation> <model>} (the operation
   * alone when the model is not known), as the GenAI conventions name it; a model name is low
   * cardinality.
   */
  public static Span startModelCall(
      ActiveTracing active,
      Context parent,
      String operation,
      String provider,
      String model,
      Double temperature,
      Long maxTokens,
      Double topP) {
    String boundedModel = model == null ? null : active.truncate(model);
    String name =
        boundedModel == null || boundedModel.isEmpty() ? operation : operation + " " + boundedModel;
    SpanBuilder builder =
        active
            .tracer
            .spanBuilder(name)
            .setSpanKind(SpanKind.CLIENT)
            .setParent(parent)
            .setAttribute(OPERATION, operation)
            .setAttribute(KIND, Kind.MODEL.attributeValue())
            .setAttribute(STAGE, MODEL_STAGE);
    if (provider != null) {
      builder.setAttribute(PROVIDER, active.truncate(provider));
    }
    if (boundedModel != null) {
      builder.setAttribute(REQUEST_MODEL, boundedModel);
    }
    if (temperature != null) {
      builder.setAttribute(TEMPERATURE, temperature);
    }
    if (maxTokens != null) {
      builder.setAttribute(MAX_TOKENS, maxTokens);
    }
    if (topP != null) {
      builder.setAttribute(TOP_P, topP);
    }
    return SpanStartFields.apply(builder, active, parent).startSpan();
  }

  /** A started tool-execution span under {@code parent}: {@code execute_tool <name>}. */
  public static Span startToolExecution(ActiveTracing active, Context parent, String toolName) {
    String boundedName = toolName == null ? null : active.truncate(toolName);
    String name =
        boundedName == null || boundedName.isEmpty()
            ? GenAiAttributes.EXECUTE_TOOL
            : GenAiAttributes.EXECUTE_TOOL + " " + boundedName;
    SpanBuilder builder =
        active
            .tracer
            .spanBuilder(name)
            .setSpanKind(SpanKind.INTERNAL)
            .setParent(parent)
            .setAttribute(OPERATION, GenAiAttributes.EXECUTE_TOOL)
            .setAttribute(KIND, Kind.TOOL.attributeValue())
            .setAttribute(STAGE, TOOL_STAGE);
    if (boundedName != null) {
      builder.setAttribute(TOOL_NAME, boundedName);
    }
    return SpanStartFields.apply(builder, active, parent).startSpan();
  }
}
