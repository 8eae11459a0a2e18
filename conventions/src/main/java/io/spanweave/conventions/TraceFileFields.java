package io.spanweave.conventions;

/**
 * The field names of {@code traces.jsonl}: one OTLP JSON {@code ExportTraceServiceRequest} per
 * line, the OpenTelemetry Collector file exporter's format (OTLP's JSON mapping of protobuf, ids in
 * hex, times as decimal strings of nanoseconds). The runtime writes them and the viewer reads them.
 */
public final class TraceFileFields {

  public static final String RESOURCE_SPANS = "resourceSpans";
  public static final String RESOURCE = "resource";
  public static final String SCOPE_SPANS = "scopeSpans";
  public static final String SCOPE = "scope";
  public static final String SPANS = "spans";
  public static final String ATTRIBUTES = "attributes";
  public static final String KEY = "key";
  public static final String VALUE = "value";
  public static final String STRING_VALUE = "stringValue";
  public static final String INT_VALUE = "intValue";
  public static final String DOUBLE_VALUE = "doubleValue";
  public static final String BOOL_VALUE = "boolValue";
  public static final String ARRAY_VALUE = "arrayValue";
  public static final String KVLIST_VALUE = "kvlistValue";
  public static final String BYTES_VALUE = "bytesValue";
  public static final String VALUES = "values";
  public static final String TRACE_ID = "traceId";
  public static final String SPAN_ID = "spanId";
  public static final String PARENT_SPAN_ID = "parentSpanId";
  public static final String TRACE_STATE = "traceState";
  public static final String NAME = "name";
  public static final String KIND = "kind";
  public static final String START_TIME = "startTimeUnixNano";
  public static final String END_TIME = "endTimeUnixNano";
  public static final String TIME = "timeUnixNano";
  public static final String EVENTS = "events";
  public static final String LINKS = "links";
  public static final String STATUS = "status";
  public static final String CODE = "code";
  public static final String MESSAGE = "message";
  public static final String VERSION = "version";
  public static final String DROPPED_ATTRIBUTES_COUNT = "droppedAttributesCount";
  public static final String DROPPED_EVENTS_COUNT = "droppedEventsCount";
  public static final String DROPPED_LINKS_COUNT = "droppedLinksCount";
  public static final String FLAGS = "flags";
  public static final String SCHEMA_URL = "schemaUrl";

  private TraceFileFields() {}
}
