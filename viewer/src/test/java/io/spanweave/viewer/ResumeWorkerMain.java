package io.spanweave.viewer;

import io.spanweave.api.Trace;
import io.spanweave.api.TraceScope;
import io.spanweave.runtime.TraceRuntime;
import io.spanweave.runtime.Tracing;
import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.util.Map;

/**
 * The worker process of {@link ResumeDriverMain}: joins the driver's run (and attempt) from its
 * environment and records a {@code worker.generate} span per request read from stdin ({@code
 * <sample> <step> go|stall}), answering {@code done <sample>}; on {@code stall} it answers {@code
 * started <sample>} and stays in the span until it is killed.
 */
public final class ResumeWorkerMain {
  private ResumeWorkerMain() {}

  public static void main(String[] args) throws Exception {
    try (TraceRuntime runtime = Tracing.configureFromEnvironment()) {
      BufferedReader requests =
          new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8));
      String line;
      while ((line = requests.readLine()) != null) {
        String[] request = line.split(" ");
        try (TraceScope span =
            Trace.span(
                "worker.generate",
                Map.of(
                    "rollout.id",
                    request[0],
                    "rollout.step",
                    Long.parseLong(request[1]),
                    "spanweave.stage",
                    "generate"))) {
          if (request[2].equals("stall")) {
            runtime.flush();
            System.out.println("started " + request[0]);
            System.out.flush();
            Thread.sleep(Long.MAX_VALUE);
          }
        }
        System.out.println("done " + request[0]);
        System.out.flush();
      }
    }
  }
}
