package io.spanweave.rollout;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.rollout.fixtures.RolloutWorker;
import io.spanweave.rollout.fixtures.TracedRolloutWorker;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.util.Map;

/**
 * The worker process of {@link CrossProcessPathTest}: joins the driver's run from its environment,
 * reads one state as JSON on stdin, runs the traced worker endpoint on it and writes the state it
 * returns as JSON on stdout. Closing the runtime writes its spans into the run's traces.jsonl.
 */
public final class WorkerProcessMain {

  private WorkerProcessMain() {}

  public static void main(String[] args) throws Exception {
    ObjectMapper json = new ObjectMapper();
    try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
      @SuppressWarnings("unchecked")
      Map<String, Object> received = json.readValue(System.in, Map.class);
      SimpleRolloutState state = SimpleRolloutState.fromMap(received);
      RolloutWorker worker =
          TracedRolloutWorker.wrap(
              s ->
                  ((SimpleRolloutState) s)
                      .status("completed")
                      .completionTokens(17)
                      .finishReason("stop"));
      RolloutState answer = worker.generate(state);
      json.writeValue(System.out, ((SimpleRolloutState) answer).toMap());
      System.out.flush();
    }
  }
}
