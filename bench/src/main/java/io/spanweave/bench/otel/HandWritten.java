package io.spanweave.bench.otel;

import io.opentelemetry.api.baggage.Baggage;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.Scope;
import io.opentelemetry.context.propagation.ContextPropagators;
import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.spanweave.bench.stage.Client;
import io.spanweave.bench.stage.Generation;
import io.spanweave.bench.stage.Server;
import io.spanweave.bench.stage.Worker;
import java.util.Map;
import java.util.concurrent.CompletableFuture;

/**
 * What a careful engineer writes by hand with the OpenTelemetry API to record the same spans as the
 * generated delegates: the same names, kinds and attributes ({@code spanweave.stage}, {@code
 * spanweave.kind}, {@code code.function.name}, the parameters, the metrics, {@code
 * spanweave.status}), the span current while the body runs, the exception type on failure.
 * Attribute keys are constants, as they should be in hand-written code, and every attribute known
 * before the call is set on the span builder, so that the span starts with it (what the generated
 * code does too). Like the runtime (and the javaagent's default thread details), every span records
 * {@code thread.id} and {@code thread.name}; like the runtime recording through an application's
 * own OpenTelemetry, whose resource does not name the run, every span carries {@code
 * spanweave.run.id}; like the runtime's run-scoped carriers, the boundary carries the run id in W3C
 * baggage and the callee checks it. On the no-op API ({@code OpenTelemetry.noop()}) it is the
 * "plain OTel API code, tracing off" baseline; on the SDK the "hand-written SDK code" baseline.
 */
public final class HandWritten {

  static final AttributeKey<String> SAMPLE_ID = AttributeKey.stringKey("sample.id");
  static final AttributeKey<Long> ATTEMPT = AttributeKey.longKey("attempt");
  static final AttributeKey<String> GROUP_ID = AttributeKey.stringKey("group.id");
  static final AttributeKey<Double> TEMPERATURE = AttributeKey.doubleKey("temperature");
  static final AttributeKey<String> RUN_ID_ATTRIBUTE = AttributeKey.stringKey("spanweave.run.id");
  static final AttributeKey<String> STATUS = AttributeKey.stringKey("spanweave.status");
  static final AttributeKey<String> ERROR_TYPE = AttributeKey.stringKey("error.type");
  static final AttributeKey<Long> THREAD_ID = AttributeKey.longKey("thread.id");
  static final AttributeKey<String> THREAD_NAME = AttributeKey.stringKey("thread.name");
  static final String RUN_ID = "spanweave.run.id";

  /**
   * No run id on each span: as spanweave's own runtime records (the run id is on the resource), for
   * the export benchmarks, whose peer must write the same spans. OpenTelemetry's span builder
   * ignores a null value.
   */
  public static final String RUN_ID_ON_RESOURCE = null;

  static final AttributeKey<Long> NUM_TOKENS = AttributeKey.longKey("spanweave.metric.numTokens");
  static final AttributeKey<Double> SCORE = AttributeKey.doubleKey("spanweave.metric.score");
  static final AttributeKey<Long> INPUT_TOKENS =
      AttributeKey.longKey("spanweave.metric.gen_ai.usage.input_tokens");

  /**
   * A metric named by OpenTelemetry's GenAI conventions is recorded under its own name too (as the
   * runtime does, so that GenAI-aware backends find it), so the same span carries both keys.
   */
  static final AttributeKey<Long> GEN_AI_INPUT_TOKENS =
      AttributeKey.longKey("gen_ai.usage.input_tokens");

  static Attributes stage(String name, String stage, String kind) {
    return Attributes.builder()
        .put("spanweave.stage", stage)
        .put("spanweave.kind", kind)
        .put("code.function.name", name)
        .build();
  }

  static final Attributes STEP = stage("Worker.step", "step", "env_step");
  static final Attributes ONE = stage("Worker.one", "one", "env_step");
  static final Attributes FOUR = stage("Worker.four", "four", "rollout");
  static final Attributes GENERATE = stage("Worker.generate", "generate", "model");
  static final Attributes JUDGE = stage("Worker.judge", "judge", "reward");
  static final Attributes CALL = stage("Client.call", "call", "tool");
  static final Attributes SERVE = stage("Server.serve", "serve", "tool");

  static final TextMapSetter<Map<String, String>> SETTER =
      (carrier, key, value) -> carrier.put(key, value);
  static final TextMapGetter<Map<String, String>> GETTER =
      new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(Map<String, String> carrier) {
          return carrier.keySet();
        }

        @Override
        public String get(Map<String, String> carrier, String key) {
          return carrier == null ? null : carrier.get(key);
        }
      };

  /**
   * The span builder with the stage's constant attributes, the thread and the run, as the runtime
   * records them.
   */
  static io.opentelemetry.api.trace.SpanBuilder builder(
      Tracer tracer, String name, Attributes stage, String runId) {
    Thread thread = Thread.currentThread();
    return tracer
        .spanBuilder(name)
        .setAllAttributes(stage)
        .setAttribute(THREAD_ID, thread.getId())
        .setAttribute(THREAD_NAME, thread.getName())
        .setAttribute(RUN_ID_ATTRIBUTE, runId);
  }

  static void fail(Span span, Throwable t) {
    String type = t.getClass().getName();
    span.setAttribute(STATUS, "error");
    span.setAttribute(ERROR_TYPE, type);
    span.addEvent("exception", Attributes.of(AttributeKey.stringKey("exception.type"), type));
    span.setStatus(StatusCode.ERROR, type);
  }

  private HandWritten() {}

  /** {@link Worker} traced by hand. */
  public static final class HandWorker implements Worker {
    private final Tracer tracer;
    private final String runId;
    private final Worker delegate;

    public HandWorker(Tracer tracer, String runId, Worker delegate) {
      this.tracer = tracer;
      this.runId = runId;
      this.delegate = delegate;
    }

    @Override
    public long one(String sampleId) {
      Span span =
          builder(tracer, "Worker.one", ONE, runId).setAttribute(SAMPLE_ID, sampleId).startSpan();
      try (Scope scope = span.makeCurrent()) {
        long result = delegate.one(sampleId);
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }

    @Override
    public long four(String sampleId, int attempt, String groupId, double temperature) {
      Span span =
          builder(tracer, "Worker.four", FOUR, runId)
              .setAttribute(SAMPLE_ID, sampleId)
              .setAttribute(ATTEMPT, (long) attempt)
              .setAttribute(GROUP_ID, groupId)
              .setAttribute(TEMPERATURE, temperature)
              .startSpan();
      try (Scope scope = span.makeCurrent()) {
        long result = delegate.four(sampleId, attempt, groupId, temperature);
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }

    @Override
    public long step(String sampleId, int attempt) {
      Span span =
          builder(tracer, "Worker.step", STEP, runId)
              .setAttribute(SAMPLE_ID, sampleId)
              .setAttribute(ATTEMPT, (long) attempt)
              .startSpan();
      try (Scope scope = span.makeCurrent()) {
        long result = delegate.step(sampleId, attempt);
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }

    @Override
    public Generation generate(String sampleId, int attempt) {
      Span span =
          builder(tracer, "Worker.generate", GENERATE, runId)
              .setAttribute(SAMPLE_ID, sampleId)
              .setAttribute(ATTEMPT, (long) attempt)
              .startSpan();
      try (Scope scope = span.makeCurrent()) {
        Generation result = delegate.generate(sampleId, attempt);
        if (result != null) {
          span.setAttribute(NUM_TOKENS, (long) result.numTokens());
          span.setAttribute(SCORE, result.score());
          if (result.usage() != null) {
            long inputTokens = result.usage().inputTokens();
            span.setAttribute(INPUT_TOKENS, inputTokens);
            span.setAttribute(GEN_AI_INPUT_TOKENS, inputTokens);
          }
        }
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }

    @Override
    public CompletableFuture<Generation> judge(String sampleId, int attempt) {
      Span span =
          builder(tracer, "Worker.judge", JUDGE, runId)
              .setAttribute(SAMPLE_ID, sampleId)
              .setAttribute(ATTEMPT, (long) attempt)
              .startSpan();
      CompletableFuture<Generation> future;
      try (Scope scope = span.makeCurrent()) {
        future = delegate.judge(sampleId, attempt);
      } catch (Throwable t) {
        fail(span, t);
        span.end();
        throw t;
      }
      future.whenComplete(
          (value, failure) -> {
            if (failure != null) {
              fail(span, failure);
            } else {
              span.setAttribute(STATUS, "ok");
            }
            span.end();
          });
      return future;
    }
  }

  /** {@link Client} traced by hand: a CLIENT span, its context injected into the carrier. */
  public static final class HandClient implements Client {
    private final Tracer tracer;
    private final ContextPropagators propagators;
    private final Client delegate;
    private final String runId;

    public HandClient(
        Tracer tracer, ContextPropagators propagators, String runId, Client delegate) {
      this.runId = runId;
      this.tracer = tracer;
      this.propagators = propagators;
      this.delegate = delegate;
    }

    @Override
    public long call(Map<String, String> carrier, String sampleId) {
      Span span =
          builder(tracer, "Client.call", CALL, runId)
              .setSpanKind(SpanKind.CLIENT)
              .setAttribute(SAMPLE_ID, sampleId)
              .startSpan();
      try (Scope scope = span.makeCurrent()) {
        Context context = Context.current();
        Baggage baggage = Baggage.fromContext(context);
        if (!runId.equals(baggage.getEntryValue(RUN_ID))) {
          context = context.with(baggage.toBuilder().put(RUN_ID, runId).build());
        }
        propagators.getTextMapPropagator().inject(context, carrier, SETTER);
        long result = delegate.call(carrier, sampleId);
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }
  }

  /** {@link Server} traced by hand: a SERVER span under the context extracted from the carrier. */
  public static final class HandServer implements Server {
    private final Tracer tracer;
    private final ContextPropagators propagators;
    private final Server delegate;
    private final String runId;

    public HandServer(
        Tracer tracer, ContextPropagators propagators, String runId, Server delegate) {
      this.runId = runId;
      this.tracer = tracer;
      this.propagators = propagators;
      this.delegate = delegate;
    }

    @Override
    public long serve(Map<String, String> carrier, String sampleId) {
      Context parent = propagators.getTextMapPropagator().extract(Context.root(), carrier, GETTER);
      if (!runId.equals(Baggage.fromContext(parent).getEntryValue(RUN_ID))) {
        parent = Context.root(); // a carrier of another run starts a trace of its own
      }
      Span span =
          builder(tracer, "Server.serve", SERVE, runId)
              .setSpanKind(SpanKind.SERVER)
              .setParent(parent)
              .setAttribute(SAMPLE_ID, sampleId)
              .startSpan();
      try (Scope scope = span.makeCurrent()) {
        long result = delegate.serve(carrier, sampleId);
        span.setAttribute(STATUS, "ok");
        return result;
      } catch (Throwable t) {
        fail(span, t);
        throw t;
      } finally {
        span.end();
      }
    }
  }
}
