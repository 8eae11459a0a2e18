package io.spanweave.api;

/**
 * Where trace context travels across a boundary: request headers, message metadata, a field of a
 * state object. {@code Map<String, String>} works as a carrier as it is; implement this interface
 * for anything else.
 *
 * <pre>{@code
 * final class GrpcMetadataCarrier implements TraceCarrier {
 *   private final Metadata metadata;
 *   public String get(String key) { return metadata.get(Metadata.Key.of(key, ASCII_STRING_MARSHALLER)); }
 *   public void set(String key, String value) { metadata.put(Metadata.Key.of(key, ASCII_STRING_MARSHALLER), value); }
 *   public Iterable<String> keys() { return metadata.keys(); }
 * }
 * }</pre>
 */
public interface TraceCarrier {

  /** The value of {@code key}, or {@code null}. */
  String get(String key);

  /** Sets {@code key} to {@code value}, replacing what was there. */
  void set(String key, String value);

  /** Every key present. */
  Iterable<String> keys();
}
