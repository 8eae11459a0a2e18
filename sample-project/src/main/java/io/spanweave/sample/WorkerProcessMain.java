package io.spanweave.sample;

import com.fasterxml.jackson.databind.ObjectMapper;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * The worker process: joins the driver's run from its environment, serves generation requests from
 * stdin on a few threads and answers on stdout, until stdin closes. Its spans reach the driver's
 * {@code traces.jsonl} through the driver's local collector.
 */
public final class WorkerProcessMain {

  private static final ObjectMapper JSON = new ObjectMapper();

  private WorkerProcessMain() {}

  public static void main(String[] args) throws Exception {
    long seed = 42;
    double timeScale = 1;
    int threads = 2;
    String llmUrl = null;
    String llmModel = SampleOptions.DEFAULT_LLM_MODEL;
    SimulatedBehaviour.Slowdown slowdown = SimulatedBehaviour.Slowdown.NONE;
    for (int i = 0; i + 1 < args.length; i += 2) {
      switch (args[i]) {
        case "--seed" -> seed = Long.parseLong(args[i + 1]);
        case "--slow-stage" ->
            slowdown =
                new SimulatedBehaviour.Slowdown(
                    args[i + 1].substring(0, args[i + 1].indexOf('=')),
                    Double.parseDouble(args[i + 1].substring(args[i + 1].indexOf('=') + 1)));
        case "--time-scale" -> timeScale = Double.parseDouble(args[i + 1]);
        case "--threads" -> threads = Integer.parseInt(args[i + 1]);
        case "--llm-url" -> llmUrl = args[i + 1];
        case "--llm-model" -> llmModel = args[i + 1];
        default -> throw new IllegalArgumentException("unknown option " + args[i]);
      }
    }
    PrintStream replies = new PrintStream(System.out, false, StandardCharsets.UTF_8);
    try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
      SimulatedBehaviour behaviour = new SimulatedBehaviour(seed, timeScale, slowdown);
      RolloutWorker worker =
          TracedRolloutWorker.wrap(
              new SimulatedWorker(
                  RolloutPipeline.languageModel(
                      behaviour,
                      llmUrl,
                      llmModel,
                      System.getenv(OpenAiCompatibleLanguageModel.API_KEY_VARIABLE))));
      WorkerRequestHandler handler =
          TracedWorkerRequestHandler.wrap(
              (headers, sampleState) -> worker.generate(SampleState.fromMap(sampleState)).toMap());
      ExecutorService pool = Executors.newFixedThreadPool(threads);
      BufferedReader requests =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = requests.readLine()) != null) {
        String request = line;
        pool.execute(() -> serve(handler, request, replies));
      }
      pool.shutdown(); // stdin closed: finish what was asked, then close tracing and exit
      pool.awaitTermination(1, TimeUnit.MINUTES);
    }
  }

  @SuppressWarnings("unchecked")
  private static void serve(WorkerRequestHandler handler, String line, PrintStream replies) {
    Map<String, Object> reply = new LinkedHashMap<>();
    try {
      Map<String, Object> request = JSON.readValue(line, LinkedHashMap.class);
      reply.put("id", request.get("id"));
      try {
        reply.put(
            "state",
            handler.handle(
                (Map<String, String>) request.get("headers"),
                (Map<String, Object>) request.get("state")));
      } catch (SampleFailure failure) {
        reply.put("error", failure.kind());
      }
      String answer = JSON.writeValueAsString(reply);
      synchronized (replies) {
        replies.println(answer);
        replies.flush();
      }
    } catch (IOException | RuntimeException e) {
      System.err.println("worker: could not serve a request: " + e);
    }
  }
}
