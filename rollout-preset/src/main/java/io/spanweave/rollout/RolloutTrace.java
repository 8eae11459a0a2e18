package io.spanweave.rollout;

import io.spanweave.annotations.Kind;
import io.spanweave.api.Stage;
import io.spanweave.api.StageSpan;
import io.spanweave.api.Trace;
import java.util.Collection;
import java.util.Map;
import java.util.Objects;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The programmatic form of {@link RolloutEndpoint} and {@link RolloutRemote}, for code that is not
 * annotated (lambdas, scripts, third-party classes). Each call behaves exactly like the generated
 * code of the annotation: the body's exceptions pass through unchanged, and with tracing off the
 * body runs with no span and no change to the state. The spans record {@code spanweave.stage} = the
 * name and {@code spanweave.kind} = {@code rollout}.
 *
 * <pre>{@code
 * RolloutState out = RolloutTrace.endpoint("rollout.controller.generate", state,
 *     () -> RolloutTrace.remote("rollout.worker.remote", state, () -> workerClient.send(state)));
 * }</pre>
 *
 * Names must be constants (they name spans and call-chain entries), not built from ids.
 */
public final class RolloutTrace {

  /**
   * The name of the rollout preset's extension: turn it on with {@code
   * TraceConfig.builder().enableExtension(RolloutTrace.EXTENSION)} (or {@code
   * SPANWEAVE_EXTENSIONS=rollout}) and the endpoint and remote advices record call chains and
   * sample attributes; off, advised stages are plain spans.
   */
  public static final String EXTENSION = "rollout";

  private static final RolloutEndpointAdvice ENDPOINT = new RolloutEndpointAdvice();
  private static final RolloutRemoteAdvice REMOTE = new RolloutRemoteAdvice();
  private static final Map<String, Stage> STAGES = new ConcurrentHashMap<>();

  /** Far more endpoint names than a pipeline has; past it, names are evidently not constants. */
  private static final int MAX_CACHED_STAGES = 1024;

  private RolloutTrace() {}

  /**
   * Runs {@code body} as the endpoint {@code name} of {@code state}'s sample; see {@link
   * RolloutEndpointAdvice}.
   */
  public static <T, E extends Exception> T endpoint(
      String name, RolloutState state, Trace.Call<T, E> body) throws E {
    return run(stage(name).start(ENDPOINT, state), body);
  }

  /** Runs {@code body} as one endpoint span serving every sample of {@code states}. */
  public static <T, E extends Exception> T endpointBatch(
      String name, Collection<? extends RolloutState> states, Trace.Call<T, E> body) throws E {
    return run(stage(name).startBatch(ENDPOINT, states), body);
  }

  /**
   * Runs {@code body}, which sends {@code state} to another process, as the remote call {@code
   * name}; see {@link RolloutRemoteAdvice}.
   */
  public static <T, E extends Exception> T remote(
      String name, RolloutState state, Trace.Call<T, E> body) throws E {
    return run(stage(name).start(REMOTE, state), body);
  }

  /**
   * Runs {@code body}, which sends {@code states} to another process, as one span linked to each
   * sample's trace.
   */
  public static <T, E extends Exception> T remoteBatch(
      String name, Collection<? extends RolloutState> states, Trace.Call<T, E> body) throws E {
    return run(stage(name).startBatch(REMOTE, states), body);
  }

  private static Stage stage(String name) {
    Objects.requireNonNull(name, "name");
    Stage stage = STAGES.get(name);
    if (stage != null) {
      return stage;
    }
    if (name.isBlank()) {
      throw new IllegalArgumentException(
          "RolloutTrace: the endpoint name is blank; pass a constant such as \"rollout.worker.generate\"");
    }
    if (STAGES.size() >= MAX_CACHED_STAGES) {
      return Stage.define(
          name, name, Kind.ROLLOUT); // names built at run time: don't let the cache grow with them
    }
    return STAGES.computeIfAbsent(name, n -> Stage.define(n, n, Kind.ROLLOUT));
  }

  /** The body of a generated delegate, for a lambda. */
  private static <T, E extends Exception> T run(StageSpan span, Trace.Call<T, E> body) throws E {
    Objects.requireNonNull(body, "body");
    try {
      T result = body.call();
      span.returned(result);
      return result;
    } catch (Throwable t) {
      span.fail(t);
      throw t;
    } finally {
      span.end();
    }
  }
}
