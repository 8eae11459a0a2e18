package io.spanweave.api;

import io.opentelemetry.api.common.AttributeKey;
import io.spanweave.conventions.SensitiveKeys;
import java.util.List;
import java.util.Objects;

/**
 * An attribute key prepared once, as a constant, for {@link StageSpanBuilder#attribute} (generated
 * delegates pass the name as text to the typed methods such as {@link
 * StageSpanBuilder#stringAttribute}, which cache the same per name):
 *
 * <pre>{@code
 * private static final AttributeName SAMPLE_ID_KEY = AttributeName.of("sample.id");
 * ...
 * StageSpan span = GENERATE.spanBuilder().attribute(SAMPLE_ID_KEY, sampleId).start();
 * }</pre>
 *
 * <p>It holds the typed OpenTelemetry keys of the name and what the name says its text holds (a
 * secret is recorded as {@code [REDACTED]}, a payload not at all), so a call pays neither a key
 * lookup nor a classification.
 */
public final class AttributeName {

  private final String name;
  final AttributeKey<String> string;
  final AttributeKey<Long> longKey;
  final AttributeKey<Double> doubleKey;
  final AttributeKey<Boolean> booleanKey;
  final AttributeKey<List<Long>> longArray;
  final AttributeKey<List<Double>> doubleArray;
  final AttributeKey<List<Boolean>> booleanArray;

  /** Classified once: a key that names a secret or a payload has its text redacted or dropped. */
  final SensitiveKeys.Sensitivity sensitivity;

  /**
   * Whether the value names the sample the stage serves, which log lines then carry (the MDC's
   * {@code sample_id}, only while SLF4J is there).
   */
  final boolean samplesLogs;

  private AttributeName(String name) {
    this.name = name;
    this.string = AttributeKey.stringKey(name);
    this.longKey = AttributeKey.longKey(name);
    this.doubleKey = AttributeKey.doubleKey(name);
    this.booleanKey = AttributeKey.booleanKey(name);
    this.longArray = AttributeKey.longArrayKey(name);
    this.doubleArray = AttributeKey.doubleArrayKey(name);
    this.booleanArray = AttributeKey.booleanArrayKey(name);
    this.sensitivity = SensitiveKeys.classify(name);
    this.samplesLogs = LogCorrelation.ENABLED && LogCorrelation.namesSample(name);
  }

  /**
   * Prepares {@code name}.
   *
   * @throws NullPointerException if {@code name} is {@code null}
   * @throws IllegalArgumentException if {@code name} is empty
   */
  public static AttributeName of(String name) {
    Objects.requireNonNull(name, "name");
    if (name.isEmpty()) {
      throw new IllegalArgumentException("an attribute name must not be empty");
    }
    return new AttributeName(name);
  }

  /** The key as recorded, such as {@code sample.id}. */
  public String name() {
    return name;
  }

  @Override
  public String toString() {
    return name;
  }
}
