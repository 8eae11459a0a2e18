package io.spanweave.langchain4j;

import dev.langchain4j.agent.tool.ToolExecutionRequest;
import dev.langchain4j.service.tool.BeforeToolExecution;
import dev.langchain4j.service.tool.ToolExecution;
import io.spanweave.api.TracingFaults;
import io.spanweave.genai.GenAiCall;
import io.spanweave.genai.GenAiResponse;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * Records the tool executions of a LangChain4j AI service as {@code execute_tool <name>} spans
 * under the span current when the tool starts. Register both of its methods on the AI service's
 * builder:
 *
 * <pre>{@code
 * SpanweaveToolListener tools = new SpanweaveToolListener();
 * Assistant assistant = AiServices.builder(Assistant.class).chatModel(model).tools(new WeatherTools())
 *     .beforeToolExecution(tools::beforeToolExecution)
 *     .afterToolExecution(tools::afterToolExecution)
 *     .build();
 * }</pre>
 *
 * <p>The span records the tool's name ({@code gen_ai.tool.name}) and, when the tool failed, {@code
 * error.type = tool_error}; never its arguments or its result. It never throws.
 */
public final class SpanweaveToolListener {

  /** {@code error.type} of a tool execution that failed. */
  static final String TOOL_ERROR = "tool_error";

  private final Map<ToolExecutionRequest, GenAiCall> running = new ConcurrentHashMap<>();

  /** A listener for any number of AI services. */
  public SpanweaveToolListener() {}

  /**
   * Starts the span of the tool about to run; give it to {@code AiServices.beforeToolExecution}.
   */
  public void beforeToolExecution(BeforeToolExecution execution) {
    try {
      ToolExecutionRequest request = execution.request();
      GenAiCall call = GenAiCall.startTool(request.name());
      if (call.isRecording()) {
        GenAiCall earlier = running.put(request, call);
        if (earlier != null) {
          earlier.fail(
              TOOL_ERROR); // the same request again: the earlier run never reported its end
        }
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "langchain4j", "could not start the span of a LangChain4j tool execution", e);
    }
  }

  /** Ends the span of the tool that ran; give it to {@code AiServices.afterToolExecution}. */
  public void afterToolExecution(ToolExecution execution) {
    try {
      GenAiCall call = running.remove(execution.request());
      if (call == null) {
        return;
      }
      if (execution.hasFailed()) {
        call.fail(TOOL_ERROR);
      } else {
        call.end(GenAiResponse.none());
      }
    } catch (RuntimeException | LinkageError e) {
      TracingFaults.report(
          "langchain4j", "could not end the span of a LangChain4j tool execution", e);
    }
  }
}
