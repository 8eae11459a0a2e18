package io.spanweave.runtime;

import static io.spanweave.runtime.TraceEnvironment.ENABLED;
import static io.spanweave.runtime.TraceEnvironment.EXTENSIONS;
import static io.spanweave.runtime.TraceEnvironment.EXTERNAL_TRACE_JSONL;
import static io.spanweave.runtime.TraceEnvironment.GUARDRAILS;
import static io.spanweave.runtime.TraceEnvironment.KEEP_LOCAL_FILE;
import static io.spanweave.runtime.TraceEnvironment.LOCAL_RANK;
import static io.spanweave.runtime.TraceEnvironment.OTEL_RESOURCE_ATTRIBUTES;
import static io.spanweave.runtime.TraceEnvironment.OTEL_SDK_DISABLED;
import static io.spanweave.runtime.TraceEnvironment.OTEL_SERVICE_NAME;
import static io.spanweave.runtime.TraceEnvironment.OUTPUT_DIR;
import static io.spanweave.runtime.TraceEnvironment.RANK;
import static io.spanweave.runtime.TraceEnvironment.RESUME_STEP;
import static io.spanweave.runtime.TraceEnvironment.RUN_ID;
import static io.spanweave.runtime.TraceEnvironment.TORCH_RANK;

import io.spanweave.conventions.SpanAttributes;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The settings of the run itself that the environment sets, the ones {@link TraceConfig} holds
 * rather than a part: one method per group, each writing into a {@link TraceConfig.Builder} what
 * its variables set and leaving the rest as the builder has it. The builder checks the values when
 * the configuration is built ({@code runId 'a/b' cannot name a directory}); a value that is not of
 * its type is named here, as its variable.
 */
final class RunEnvironment {

  private RunEnvironment() {}

  /**
   * {@code SPANWEAVE_ENABLED}, and {@code OTEL_SDK_DISABLED=true}, which turns tracing off whatever
   * it says.
   */
  static void switchOn(EnvironmentValues env, TraceConfig.Builder builder) {
    env.bool(ENABLED).ifPresent(builder::enabled);
    if (env.bool(OTEL_SDK_DISABLED).orElse(false)) {
      builder.enabled(false);
    }
  }

  /**
   * The run and its service: {@code OTEL_SERVICE_NAME}, {@code SPANWEAVE_RUN_ID} and {@code
   * OTEL_RESOURCE_ATTRIBUTES}, whose entries are added to {@code base}'s, and whose {@code
   * service.name} and {@code spanweave.run.id} count only when the dedicated variables are unset
   * (as the OpenTelemetry spec says for the service name).
   */
  static void identity(EnvironmentValues env, TraceConfig base, TraceConfig.Builder builder) {
    Map<String, String> resource = env.keyValues(OTEL_RESOURCE_ATTRIBUTES);
    String serviceFromResource = resource.remove("service.name");
    String runFromResource = resource.remove(SpanAttributes.RUN_ID);
    if (!resource.isEmpty()) {
      Map<String, String> merged = new LinkedHashMap<>(base.resourceAttributes());
      merged.putAll(resource);
      builder.resourceAttributes(merged);
    }
    env.text(OTEL_SERVICE_NAME)
        .or(() -> Optional.ofNullable(serviceFromResource))
        .ifPresent(builder::serviceName);
    Optional<String> runId = env.text(RUN_ID);
    String runIdFrom = runId.isPresent() ? RUN_ID : OTEL_RESOURCE_ATTRIBUTES;
    runId
        .or(() -> Optional.ofNullable(runFromResource))
        .ifPresent(
            id -> {
              if (!RunIds.isValid(id)) {
                throw new IllegalArgumentException(
                    "Invalid environment: "
                        + env.shown(runIdFrom)
                        + ": runId '"
                        + id
                        + "' cannot name a directory; use letters, digits, '.', '_' and '-' (at most 128), or unset it to generate one");
              }
              builder.runId(id);
            });
  }

  /**
   * Where this process stands in a distributed run: {@code SPANWEAVE_RANK} (else the launchers'
   * {@code RANK}), {@code LOCAL_RANK}, and {@code SPANWEAVE_RESUME_STEP} for a restart.
   */
  static void placement(EnvironmentValues env, TraceConfig.Builder builder) {
    String rankFrom = env.text(RANK).isPresent() ? RANK : TORCH_RANK;
    notNegative(env, rankFrom, env.integer(rankFrom)).ifPresent(builder::rank);
    notNegative(env, LOCAL_RANK, env.integer(LOCAL_RANK)).ifPresent(builder::localRank);
    notNegative(env, RESUME_STEP, env.longInteger(RESUME_STEP)).ifPresent(builder::resumeStep);
  }

  private static <T extends Number> Optional<T> notNegative(
      EnvironmentValues env, String name, Optional<T> value) {
    value
        .filter(number -> number.longValue() < 0)
        .ifPresent(
            number -> {
              throw env.wrong(name, number.toString(), "0 or more");
            });
    return value;
  }

  /**
   * What the run writes and how: {@code SPANWEAVE_OUTPUT_DIR}, {@code SPANWEAVE_EXTENSIONS} (turned
   * on besides {@code base}'s), {@code SPANWEAVE_KEEP_LOCAL_FILE}, {@code SPANWEAVE_GUARDRAILS} and
   * {@code SPANWEAVE_EXTERNAL_TRACE_JSONL}.
   */
  static void files(EnvironmentValues env, TraceConfig.Builder builder) {
    env.text(OUTPUT_DIR).map(Path::of).ifPresent(builder::outputDir);
    env.list(EXTENSIONS).ifPresent(names -> names.forEach(builder::enableExtension));
    env.bool(KEEP_LOCAL_FILE).ifPresent(builder::keepLocalFile);
    env.bool(GUARDRAILS).ifPresent(builder::guardrails);
    env.text(EXTERNAL_TRACE_JSONL).map(Path::of).ifPresent(builder::externalTraceJsonlPath);
  }
}
