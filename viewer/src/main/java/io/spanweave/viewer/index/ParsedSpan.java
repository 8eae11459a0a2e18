package io.spanweave.viewer.index;

import java.util.ArrayList;
import java.util.List;

/**
 * Everything one OTLP span line says about a span. Short-lived: the indexer copies what it needs
 * into columns and drops this; the inspector re-parses the line from its file offset when asked.
 */
public final class ParsedSpan {
  /** Lowercase hex, 32 characters. */
  public String traceId;

  /** Lowercase hex, 16 characters. */
  public String spanId;

  /** Lowercase hex, 16 characters, or null for a root span. */
  public String parentSpanId;

  public String traceState;
  public String name = "";

  /**
   * OTLP SpanKind number: 0 unspecified, 1 internal, 2 server, 3 client, 4 producer, 5 consumer.
   */
  public int kind;

  public long startTimeUnixNano;
  public long endTimeUnixNano;

  /** OTLP status code: 0 unset, 1 ok, 2 error. */
  public int statusCode;

  public String statusMessage;
  public final List<Attribute> attributes = new ArrayList<>();
  public final List<SpanEvent> events = new ArrayList<>();
  public final List<SpanLink> links = new ArrayList<>();
  public List<Attribute> resource = List.of();
  public String scopeName;
  public String scopeVersion;

  /** Where the span came from, so its details can be read again later. */
  public int sourceId;

  public long lineOffset;
  public int lineLength;

  /** Position of this span among the spans of its line. */
  public int ordinalInLine;

  /** The attributes interpreted for the index; computed on the parse thread. */
  SpanFacts facts;

  public Object attribute(String key) {
    for (Attribute a : attributes) {
      if (a.key().equals(key)) {
        return a.value();
      }
    }
    return null;
  }

  public Object resourceAttribute(String key) {
    for (Attribute a : resource) {
      if (a.key().equals(key)) {
        return a.value();
      }
    }
    return null;
  }
}
