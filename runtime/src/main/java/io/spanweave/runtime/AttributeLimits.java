package io.spanweave.runtime;

import static io.spanweave.runtime.ConfigChecks.require;

/**
 * How much of an attribute value is kept, as {@code io.spanweave.conventions.AttributeValuePolicy}
 * applies it: longer strings are truncated, longer arrays cut.
 *
 * @param maxStringLength longest string value kept, in characters; default {@value
 *     #DEFAULT_MAX_STRING_LENGTH} (also {@code OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT})
 * @param maxArrayLength most elements kept of an array value; default {@value
 *     #DEFAULT_MAX_ARRAY_LENGTH}
 */
public record AttributeLimits(int maxStringLength, int maxArrayLength) {

  /** Default of {@link #maxStringLength()}. */
  public static final int DEFAULT_MAX_STRING_LENGTH = 256;

  /** Default of {@link #maxArrayLength()}. */
  public static final int DEFAULT_MAX_ARRAY_LENGTH = 64;

  /**
   * {@value #DEFAULT_MAX_STRING_LENGTH} characters, {@value #DEFAULT_MAX_ARRAY_LENGTH} elements.
   */
  public static final AttributeLimits DEFAULT =
      new AttributeLimits(DEFAULT_MAX_STRING_LENGTH, DEFAULT_MAX_ARRAY_LENGTH);

  /**
   * @throws IllegalArgumentException naming the setting that is wrong
   */
  public AttributeLimits {
    require(
        maxStringLength >= 1,
        "limits.maxStringLength " + maxStringLength + " must be at least 1 character");
    require(
        maxArrayLength >= 1,
        "limits.maxArrayLength " + maxArrayLength + " must be at least 1 element");
  }

  /** These limits with another string length. */
  public AttributeLimits withMaxStringLength(int maxStringLength) {
    return new AttributeLimits(maxStringLength, maxArrayLength);
  }

  /** These limits with another array length. */
  public AttributeLimits withMaxArrayLength(int maxArrayLength) {
    return new AttributeLimits(maxStringLength, maxArrayLength);
  }

  /**
   * These limits with what {@code env} sets replaced: {@code SPANWEAVE_MAX_ATTRIBUTE_LENGTH} (else
   * {@code OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT}) and {@code SPANWEAVE_MAX_ARRAY_LENGTH}; unset or
   * empty keep these.
   *
   * @throws IllegalArgumentException naming the variable whose value is wrong
   */
  AttributeLimits withEnvironment(EnvironmentValues env) {
    return env.part(
        () ->
            new AttributeLimits(
                env.integer(TraceEnvironment.MAX_ATTRIBUTE_LENGTH)
                    .or(() -> env.integer(TraceEnvironment.OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT))
                    .orElse(maxStringLength),
                env.integer(TraceEnvironment.MAX_ARRAY_LENGTH).orElse(maxArrayLength)),
        TraceEnvironment.MAX_ATTRIBUTE_LENGTH,
        TraceEnvironment.OTEL_ATTRIBUTE_VALUE_LENGTH_LIMIT,
        TraceEnvironment.MAX_ARRAY_LENGTH);
  }
}
