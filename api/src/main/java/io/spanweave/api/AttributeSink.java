package io.spanweave.api;

/**
 * Where attributes are written: a started span ({@link StageSpan}), or a span about to start, in
 * {@link StageAdvice#startAttributes}. The four scalar types are the ones both accept; strings are
 * truncated to the configured length, and {@code null} records nothing.
 */
public interface AttributeSink {

  /** A string; {@code null} records nothing. */
  void attribute(String key, String value);

  /** An integer. */
  void attribute(String key, long value);

  /** A floating-point number. */
  void attribute(String key, double value);

  /** A boolean. */
  void attribute(String key, boolean value);
}
