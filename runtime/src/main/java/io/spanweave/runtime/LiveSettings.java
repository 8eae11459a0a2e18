package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

import java.util.List;

/**
 * The {@code live.jsonl} records that show work in flight: one per span start and end, so that a
 * stuck sample is visible before its span ends.
 *
 * @param attributeKeys the span attributes copied into the records, so that in-flight work can be
 *     named; default {@code sample.id} ({@code SPANWEAVE_LIVE_ATTRIBUTE_KEYS}). An enabled advice
 *     adds the keys of its {@link io.spanweave.api.StageAdvice#liveAttributeKeys()} for the rest of
 *     the run
 * @param endpoint where this process sends its records instead of writing a file of its own: the
 *     driver's collector ({@code .../v1/spanweave/live}), which appends them to the driver's {@code
 *     live.jsonl}, with the OTLP headers of the export (the run's bearer token), so that work in
 *     flight on every host shows in the driver's viewer. {@link TraceRuntime#childEnvironment()}
 *     sets it for children of a driver that runs the local collector ({@code
 *     SPANWEAVE_LIVE_ENDPOINT}); {@code null} (the default): records go to the run's {@code
 *     live.jsonl} on this host
 */
public record LiveSettings(List<String> attributeKeys, String endpoint) {

  /** {@code sample.id}, written to this host's {@code live.jsonl}. */
  public static final LiveSettings DEFAULT = new LiveSettings(List.of("sample.id"), null);

  /**
   * A blank endpoint is none.
   *
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public LiveSettings {
    require(
        attributeKeys != null,
        "live.attributeKeys is null; list attribute keys such as \"sample.id\", or none");
    for (String key : attributeKeys) {
      require(
          key != null && !key.isBlank(),
          "live.attributeKeys holds a blank key; list attribute keys such as \"sample.id\"");
    }
    attributeKeys = List.copyOf(attributeKeys);
    endpoint = endpoint == null || endpoint.isBlank() ? null : endpoint.trim();
  }

  /** Other keys, replacing these. */
  public LiveSettings withAttributeKeys(List<String> attributeKeys) {
    return new LiveSettings(attributeKeys, endpoint);
  }

  /** Records sent to {@code endpoint} instead; {@code null} for this host's file. */
  public LiveSettings withEndpoint(String endpoint) {
    return new LiveSettings(attributeKeys, endpoint);
  }

  /**
   * These settings with what {@code env} sets replaced: {@code SPANWEAVE_LIVE_ATTRIBUTE_KEYS} and
   * {@code SPANWEAVE_LIVE_ENDPOINT}; unset or empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  LiveSettings withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new LiveSettings(
                env.list(TraceEnvironment.LIVE_ATTRIBUTE_KEYS).orElse(attributeKeys),
                env.text(TraceEnvironment.LIVE_ENDPOINT).orElse(endpoint)),
        TraceEnvironment.LIVE_ATTRIBUTE_KEYS,
        TraceEnvironment.LIVE_ENDPOINT);
  }
}
