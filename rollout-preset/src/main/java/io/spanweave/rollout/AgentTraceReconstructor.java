package io.spanweave.rollout;

import io.spanweave.api.SpanStatus;
import io.spanweave.api.Trace;
import io.spanweave.api.TraceContext;
import io.spanweave.api.TraceScope;
import io.spanweave.conventions.GenAiAttributes;
import io.spanweave.conventions.RolloutAttributes;
import io.spanweave.conventions.SpanAttributes;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;

/**
 * Recovers the shape of a black-box agent's run from what the inference endpoint saw. The agent
 * runs its own loop and only calls our endpoint for generation, so its tool calls are invisible;
 * but between the end of one LLM request and the start of the next the agent was doing something
 * else, and in a ReAct-style loop that is the tool call the model just asked for. From a session's
 * request timeline this records, after the fact:
 *
 * <pre>
 * reconstructed_agent_run                 first request's start .. last request's end
 * ├── reconstructed_llm_call.0            request 0
 * ├── reconstructed_tool_call.0           request 0's end .. request 1's start
 * ├── reconstructed_llm_call.1            request 1
 * ...
 * └── reconstructed_llm_call.N            request N (what follows it is unbounded: no tool span)
 * </pre>
 *
 * Every span carries {@code rollout.synthetic = true} and {@code rollout.reconstruction.method =
 * }{@value #METHOD}, so that nobody mistakes them for measured spans; tool spans carry the tool's
 * name when a trajectory is given (tool call {@code i} of the trajectory fills gap {@code i}).
 *
 * <p>The calls also carry OpenTelemetry's GenAI names, which LLM backends and the viewer read: LLM
 * calls {@code gen_ai.operation.name = chat} (unless the request's attributes name another
 * operation) and the request's own attributes, such as {@code gen_ai.request.model} and {@code
 * gen_ai.usage.input_tokens} ({@link LlmRequest#withUsage}); tool calls {@code
 * gen_ai.operation.name = execute_tool} and {@code gen_ai.tool.name} beside {@code
 * rollout.tool.name}.
 *
 * <p>Recorded only while the rollout preset is on ({@link RolloutTrace#EXTENSION}); the timeline is
 * checked either way.
 */
public final class AgentTraceReconstructor {

  /** The reconstruction method recorded on every span. */
  public static final String METHOD = RolloutAttributes.RECONSTRUCTED_FROM_LLM_REQUEST_GAPS;

  public static final String AGENT_RUN = RolloutAttributes.RECONSTRUCTED_AGENT_RUN;
  public static final String LLM_CALL = RolloutAttributes.RECONSTRUCTED_LLM_CALL;
  public static final String TOOL_CALL = RolloutAttributes.RECONSTRUCTED_TOOL_CALL;
  public static final String TOOL_NAME = RolloutAttributes.TOOL_NAME;

  /** The {@code N} of a numbered span, as a number. */
  public static final String CALL_INDEX = RolloutAttributes.CALL_INDEX;

  private static final String LLM_STAGE = "reconstructed_llm_call";
  private static final String TOOL_STAGE = "reconstructed_tool_call";
  public static final String LLM_CALLS = RolloutAttributes.LLM_CALLS;
  public static final String TOOL_CALLS = RolloutAttributes.TOOL_CALLS;

  private AgentTraceReconstructor() {}

  /**
   * Reconstructs the run of {@code state}'s agent session under the span the state carries (or the
   * current span), with the sample's ids on the agent-run span.
   *
   * @param trajectory the agent's tool calls in order, or an empty list when unknown
   */
  public static Reconstruction reconstruct(
      RolloutState state, List<LlmRequest> requests, List<ToolCall> trajectory) {
    Objects.requireNonNull(state, "state");
    Map<String, Object> runAttributes = new LinkedHashMap<>();
    putIfSet(runAttributes, RolloutAttributes.ROLLOUT_ID, state.rolloutId());
    putIfSet(runAttributes, RolloutAttributes.ATTEMPT_ID, state.attemptId());
    putIfSet(runAttributes, RolloutAttributes.GROUP_ID, state.groupId());
    putIfSet(runAttributes, RolloutAttributes.SESSION_ID, state.sessionId());
    putIfSet(runAttributes, RolloutAttributes.TASK, state.taskName());
    putIfSet(runAttributes, RolloutAttributes.STEP, state.step());
    Map<String, String> carried =
        state.extraFields() == null ? Map.of() : new StateCarrier(state).snapshot();
    return reconstruct(requests, trajectory, runAttributes, carried);
  }

  /**
   * Reconstructs an agent run from its requests.
   *
   * @param runAttributes recorded on the agent-run span, such as the session id
   * @param parentCarrier the parent of the agent-run span ({@code traceparent}); {@code null} or
   *     empty for the current span
   * @throws IllegalArgumentException when there are no requests or a request does not end after it
   *     starts, naming it
   */
  public static Reconstruction reconstruct(
      List<LlmRequest> requests,
      List<ToolCall> trajectory,
      Map<String, ?> runAttributes,
      Map<String, String> parentCarrier) {
    List<LlmRequest> timeline = checkedTimeline(requests);
    List<ToolCall> tools = trajectory == null ? List.of() : trajectory;
    Map<String, Object> runExtra =
        SpanValues.checked(AGENT_RUN, runAttributes == null ? Map.of() : runAttributes);
    if (!RolloutTraceSwitch.isOn()) {
      return Reconstruction.none();
    }

    long runStart = timeline.get(0).startEpochNanos();
    long runEnd = timeline.stream().mapToLong(LlmRequest::endEpochNanos).max().getAsLong();
    int gaps = 0;
    int overlapping = 0;
    for (int i = 0; i + 1 < timeline.size(); i++) {
      if (timeline.get(i + 1).startEpochNanos() > timeline.get(i).endEpochNanos()) {
        gaps++;
      } else {
        overlapping++;
      }
    }
    Map<String, Object> run = synthetic();
    run.putAll(runExtra);
    run.put(LLM_CALLS, (long) timeline.size());
    run.put(TOOL_CALLS, (long) gaps);
    TraceContext agentRun =
        Trace.recordSyntheticSpan(
            AGENT_RUN,
            runStart,
            runEnd,
            run,
            parentCarrier == null || parentCarrier.isEmpty() ? null : parentCarrier,
            SpanStatus.OK);

    int toolSpans;
    try (TraceScope under = Trace.attach(agentRun)) {
      toolSpans = recordCalls(timeline, tools);
    }
    return new Reconstruction(agentRun, timeline.size(), toolSpans, overlapping);
  }

  /**
   * Records the LLM and tool spans under the current (agent-run) context; returns how many tool
   * spans.
   *
   * <p>The numbered names are the reference's convention, which users and its viewer look for.
   * Their number is bounded by the turns of one agent run, and each span also records its stage
   * without the number ({@code spanweave.stage}) and its index, which is what the viewer groups by.
   */
  @SuppressWarnings("spanweave:span-name-cardinality")
  private static int recordCalls(List<LlmRequest> timeline, List<ToolCall> tools) {
    int toolSpans = 0;
    for (int i = 0; i < timeline.size(); i++) {
      LlmRequest request = timeline.get(i);
      Map<String, Object> llm = synthetic(LLM_STAGE, i);
      // OpenTelemetry's GenAI operation: an agent's request to an inference endpoint is a chat
      // completion, unless the request's own attributes say otherwise.
      llm.put(GenAiAttributes.OPERATION_NAME, GenAiAttributes.CHAT);
      llm.putAll(SpanValues.checked(LLM_CALL + i, request.attributes()));
      Trace.recordSyntheticSpan(
          LLM_CALL + i,
          request.startEpochNanos(),
          request.endEpochNanos(),
          llm,
          null,
          SpanStatus.OK);
      if (i + 1 < timeline.size()
          && timeline.get(i + 1).startEpochNanos() > request.endEpochNanos()) {
        Map<String, Object> tool = synthetic(TOOL_STAGE, i);
        tool.put(GenAiAttributes.OPERATION_NAME, GenAiAttributes.EXECUTE_TOOL);
        if (i < tools.size()) {
          ToolCall call = tools.get(i);
          tool.putAll(SpanValues.checked(TOOL_CALL + i, call.attributes()));
          putIfSet(tool, TOOL_NAME, call.toolName());
          putIfSet(tool, GenAiAttributes.TOOL_NAME, call.toolName());
        }
        Trace.recordSyntheticSpan(
            TOOL_CALL + i,
            request.endEpochNanos(),
            timeline.get(i + 1).startEpochNanos(),
            tool,
            null,
            SpanStatus.OK);
        toolSpans++;
      }
    }
    return toolSpans;
  }

  /** The requests ordered by start, each checked. */
  private static List<LlmRequest> checkedTimeline(List<LlmRequest> requests) {
    Objects.requireNonNull(requests, "requests");
    if (requests.isEmpty()) {
      throw new IllegalArgumentException(
          "AgentTraceReconstructor: the session has no LLM requests; there is nothing to"
              + " reconstruct. Pass the session's requests with their start and end times");
    }
    for (int i = 0; i < requests.size(); i++) {
      LlmRequest request = Objects.requireNonNull(requests.get(i), "request " + i);
      if (request.startEpochNanos() < 0 || request.endEpochNanos() <= request.startEpochNanos()) {
        throw new IllegalArgumentException(
            "AgentTraceReconstructor: request "
                + i
                + " starts at "
                + request.startEpochNanos()
                + " and ends at "
                + request.endEpochNanos()
                + "; times are nanoseconds since the epoch, and a request must end"
                + " after it starts");
      }
    }
    List<LlmRequest> ordered = new ArrayList<>(requests);
    ordered.sort(Comparator.comparingLong(LlmRequest::startEpochNanos));
    return ordered;
  }

  private static Map<String, Object> synthetic() {
    Map<String, Object> attributes = new LinkedHashMap<>();
    attributes.put(RolloutAttributes.SYNTHETIC, true);
    attributes.put(RolloutAttributes.RECONSTRUCTION_METHOD, METHOD);
    return attributes;
  }

  /** A numbered call: synthetic, with its stage (the name without the number) and its index. */
  private static Map<String, Object> synthetic(String stage, int index) {
    Map<String, Object> attributes = synthetic();
    attributes.put(SpanAttributes.STAGE, stage);
    attributes.put(CALL_INDEX, (long) index);
    return attributes;
  }

  private static void putIfSet(Map<String, Object> map, String key, Object value) {
    if (value != null) {
      map.put(key, value);
    }
  }
}
