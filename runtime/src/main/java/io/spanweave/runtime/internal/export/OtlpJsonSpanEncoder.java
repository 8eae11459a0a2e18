package io.spanweave.runtime.internal.export;

import io.spanweave.conventions.TraceFileFields;
import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.SerializableString;
import com.fasterxml.jackson.core.io.SerializedString;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Encodes a batch of {@link SpanData} as one line of OTLP/JSON: an {@code ExportTraceServiceRequest}
 * ({@code {"resourceSpans":[...]}}) followed by a newline, written straight from the span data
 * with Jackson's streaming generator.
 *
 * <p><b>Why not OpenTelemetry's encoder.</b> {@code OtlpStdoutSpanExporter} first builds a tree of
 * marshalers per span (a {@code KeyValueMarshaler} and a UTF-8 copy of every key and value), then
 * walks it; at 300,000 spans/s that cost 2.2–3.1 µs of the export worker's CPU per span, more than
 * the machine had to spare. This class writes the same fields in the same order with the same
 * value encodings, and {@code OtlpJsonSpanEncoderTest} holds it to that: it encodes rich spans with
 * both and requires equal {@code opentelemetry-proto} messages (and equal bytes where the grouping
 * order is defined).
 *
 * <p>The OTLP/JSON mapping, as OpenTelemetry's marshalers write it: trace and span ids as lowercase
 * hex, 64-bit integers (times, {@code intValue}) as decimal strings, enums (span kind, status code)
 * as numbers, {@code flags} as a number, scalar fields with the protobuf default value (0, empty
 * string) left out, while lists ({@code attributes}, {@code events}, {@code links}, array values)
 * and {@code status} are written even when empty. Spans are grouped by
 * resource and then by instrumentation scope, both by identity as the SDK shares one instance per
 * resource and per tracer, in order of first appearance.
 *
 * <p>Not thread-safe: one instance per exporter, called by the export worker only.
 */
final class OtlpJsonSpanEncoder {

  private static final JsonFactory JSON = new JsonFactory();

  // Field names, encoded once (SerializedString caches its UTF-8 and quoted forms).
  private static final SerializableString RESOURCE_SPANS = new SerializedString(TraceFileFields.RESOURCE_SPANS);
  private static final SerializableString RESOURCE = new SerializedString(TraceFileFields.RESOURCE);
  private static final SerializableString SCOPE_SPANS = new SerializedString(TraceFileFields.SCOPE_SPANS);
  private static final SerializableString SCOPE = new SerializedString(TraceFileFields.SCOPE);
  private static final SerializableString SPANS = new SerializedString(TraceFileFields.SPANS);
  private static final SerializableString SCHEMA_URL = new SerializedString(TraceFileFields.SCHEMA_URL);
  private static final SerializableString NAME = new SerializedString(TraceFileFields.NAME);
  private static final SerializableString VERSION = new SerializedString(TraceFileFields.VERSION);
  private static final SerializableString TRACE_ID = new SerializedString(TraceFileFields.TRACE_ID);
  private static final SerializableString SPAN_ID = new SerializedString(TraceFileFields.SPAN_ID);
  private static final SerializableString TRACE_STATE = new SerializedString(TraceFileFields.TRACE_STATE);
  private static final SerializableString PARENT_SPAN_ID = new SerializedString(TraceFileFields.PARENT_SPAN_ID);
  private static final SerializableString KIND = new SerializedString(TraceFileFields.KIND);
  private static final SerializableString START_TIME = new SerializedString(TraceFileFields.START_TIME);
  private static final SerializableString END_TIME = new SerializedString(TraceFileFields.END_TIME);
  private static final SerializableString TIME = new SerializedString(TraceFileFields.TIME);
  private static final SerializableString ATTRIBUTES = new SerializedString(TraceFileFields.ATTRIBUTES);
  private static final SerializableString DROPPED_ATTRIBUTES = new SerializedString(TraceFileFields.DROPPED_ATTRIBUTES_COUNT);
  private static final SerializableString EVENTS = new SerializedString(TraceFileFields.EVENTS);
  private static final SerializableString DROPPED_EVENTS = new SerializedString(TraceFileFields.DROPPED_EVENTS_COUNT);
  private static final SerializableString LINKS = new SerializedString(TraceFileFields.LINKS);
  private static final SerializableString DROPPED_LINKS = new SerializedString(TraceFileFields.DROPPED_LINKS_COUNT);
  private static final SerializableString STATUS = new SerializedString(TraceFileFields.STATUS);
  private static final SerializableString MESSAGE = new SerializedString(TraceFileFields.MESSAGE);
  private static final SerializableString CODE = new SerializedString(TraceFileFields.CODE);
  private static final SerializableString FLAGS = new SerializedString(TraceFileFields.FLAGS);
  private static final SerializableString KEY = new SerializedString(TraceFileFields.KEY);
  private static final SerializableString VALUE = new SerializedString(TraceFileFields.VALUE);
  private static final SerializableString VALUES = new SerializedString(TraceFileFields.VALUES);
  private static final SerializableString STRING_VALUE = new SerializedString(TraceFileFields.STRING_VALUE);
  private static final SerializableString BOOL_VALUE = new SerializedString(TraceFileFields.BOOL_VALUE);
  private static final SerializableString INT_VALUE = new SerializedString(TraceFileFields.INT_VALUE);
  private static final SerializableString DOUBLE_VALUE = new SerializedString(TraceFileFields.DOUBLE_VALUE);
  private static final SerializableString ARRAY_VALUE = new SerializedString(TraceFileFields.ARRAY_VALUE);
  private static final SerializableString KVLIST_VALUE = new SerializedString(TraceFileFields.KVLIST_VALUE);
  private static final SerializableString BYTES_VALUE = new SerializedString(TraceFileFields.BYTES_VALUE);

  /** What closes a raw {@code KeyValue}: its {@code value} object and itself. */
  private static final SerializableString END_KEY_VALUE = new SerializedString("}}");

  /** Bits of the OTLP {@code flags} field: whether the parent is remote is known, and is true. */
  private static final int CONTEXT_HAS_IS_REMOTE = 0x100;
  private static final int CONTEXT_IS_REMOTE = 0x200;

  private final PlainJsonValues plain = new PlainJsonValues();
  /** Span names, attribute keys and values that repeat span after span, written pre-encoded. */
  private final RecurringStrings recurring = new RecurringStrings();
  private final AttributeWriter attributeWriter = new AttributeWriter();
  /** The constant starts of attributes' {@code KeyValue}s, by key. */
  private final AttributePrefixes prefixes = new AttributePrefixes();
  // The list writers, made once: a method reference to this encoder is a new object each time it is evaluated.
  private final ElementWriter<ResourceGroup> resourceSpansWriter = this::writeResourceSpans;
  private final ElementWriter<ScopeGroup> scopeSpansWriter = this::writeScopeSpans;
  private final ElementWriter<SpanData> spanWriter = this::writeSpan;
  private final ElementWriter<EventData> eventWriter = this::writeEvent;
  private final ElementWriter<LinkData> linkWriter = this::writeLink;

  /**
   * Writes {@code spans} to {@code out} as one OTLP/JSON request and a newline. Does not close
   * {@code out}.
   */
  void encode(Collection<SpanData> spans, OutputStream out) throws IOException {
    try (JsonGenerator json = JSON.createGenerator(out, JsonEncoding.UTF8)) {
      json.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      json.writeStartObject();
      writeList(json, RESOURCE_SPANS, group(spans), resourceSpansWriter);
      json.writeEndObject();
    }
    out.write('\n');
  }

  /** The spans of one resource, by scope. */
  private static final class ResourceGroup {
    final Resource resource;
    final List<ScopeGroup> scopes = new ArrayList<>(2);

    ResourceGroup(Resource resource) {
      this.resource = resource;
    }
  }

  /** The spans of one instrumentation scope of one resource. */
  private static final class ScopeGroup {
    final InstrumentationScopeInfo scope;
    final List<SpanData> spans = new ArrayList<>();

    ScopeGroup(InstrumentationScopeInfo scope) {
      this.scope = scope;
    }
  }

  /**
   * Groups by resource and scope identity. A linear search: a process has one resource and a few
   * tracers, and spans of one scope tend to follow each other, so the last group is tried first.
   */
  private static List<ResourceGroup> group(Collection<SpanData> spans) {
    List<ResourceGroup> resources = new ArrayList<>(1);
    ScopeGroup last = null;
    Resource lastResource = null;
    for (SpanData span : spans) {
      Resource resource = span.getResource();
      InstrumentationScopeInfo scope = span.getInstrumentationScopeInfo();
      if (last == null || lastResource != resource || last.scope != scope) {
        last = scopeGroup(resourceGroup(resources, resource), scope);
        lastResource = resource;
      }
      last.spans.add(span);
    }
    return resources;
  }

  private static ResourceGroup resourceGroup(List<ResourceGroup> resources, Resource resource) {
    for (ResourceGroup group : resources) {
      if (group.resource == resource) {
        return group;
      }
    }
    ResourceGroup group = new ResourceGroup(resource);
    resources.add(group);
    return group;
  }

  private static ScopeGroup scopeGroup(ResourceGroup resource, InstrumentationScopeInfo scope) {
    for (ScopeGroup group : resource.scopes) {
      if (group.scope == scope) {
        return group;
      }
    }
    ScopeGroup group = new ScopeGroup(scope);
    resource.scopes.add(group);
    return group;
  }

  private void writeResourceSpans(JsonGenerator json, ResourceGroup group) throws IOException {
    json.writeStartObject();
    json.writeFieldName(RESOURCE);
    json.writeStartObject();
    writeAttributes(json, group.resource.getAttributes());
    json.writeEndObject();
    writeList(json, SCOPE_SPANS, group.scopes, scopeSpansWriter);
    writeStringIfNotEmpty(json, SCHEMA_URL, group.resource.getSchemaUrl());
    json.writeEndObject();
  }

  private void writeScopeSpans(JsonGenerator json, ScopeGroup group) throws IOException {
    InstrumentationScopeInfo scope = group.scope;
    json.writeStartObject();
    json.writeFieldName(SCOPE);
    json.writeStartObject();
    writeStringIfNotEmpty(json, NAME, scope.getName());
    writeStringIfNotEmpty(json, VERSION, scope.getVersion());
    writeAttributes(json, scope.getAttributes());
    json.writeEndObject();
    writeList(json, SPANS, group.spans, spanWriter);
    writeStringIfNotEmpty(json, SCHEMA_URL, scope.getSchemaUrl());
    json.writeEndObject();
  }

  private void writeSpan(JsonGenerator json, SpanData span) throws IOException {
    SpanContext context = span.getSpanContext();
    SpanContext parent = span.getParentSpanContext();
    json.writeStartObject();
    json.writeFieldName(TRACE_ID);
    plain.writeHexId(json, context.getTraceId());
    json.writeFieldName(SPAN_ID);
    plain.writeHexId(json, context.getSpanId());
    writeTraceState(json, context.getTraceState());
    if (parent.isValid()) {
      json.writeFieldName(PARENT_SPAN_ID);
      plain.writeHexId(json, parent.getSpanId());
    }
    writeRecurringIfNotEmpty(json, NAME, span.getName());
    json.writeFieldName(KIND);
    json.writeNumber(kindNumber(span.getKind()));
    writeTimeIfNotZero(json, START_TIME, span.getStartEpochNanos());
    writeTimeIfNotZero(json, END_TIME, span.getEndEpochNanos());
    Attributes attributes = span.getAttributes();
    writeAttributes(json, attributes);
    writeCountIfNotZero(json, DROPPED_ATTRIBUTES, span.getTotalAttributeCount() - attributes.size());
    List<EventData> events = span.getEvents();
    writeList(json, EVENTS, events, eventWriter);
    writeCountIfNotZero(json, DROPPED_EVENTS, span.getTotalRecordedEvents() - events.size());
    List<LinkData> links = span.getLinks();
    writeList(json, LINKS, links, linkWriter);
    writeCountIfNotZero(json, DROPPED_LINKS, span.getTotalRecordedLinks() - links.size());
    writeStatus(json, span.getStatus());
    json.writeFieldName(FLAGS);
    json.writeNumber(flags(context, parent.isRemote()));
    json.writeEndObject();
  }

  /** Writes one element of a list; the encoder's own methods, which throw {@link IOException}. */
  private interface ElementWriter<T> {
    void write(JsonGenerator json, T element) throws IOException;
  }

  /** {@code field} and its array, written even when empty, as OTLP/JSON lists are. */
  private static <T> void writeList(JsonGenerator json, SerializableString field, List<T> elements, ElementWriter<T> writer)
      throws IOException {
    json.writeFieldName(field);
    json.writeStartArray();
    for (T element : elements) {
      writer.write(json, element);
    }
    json.writeEndArray();
  }

  private void writeEvent(JsonGenerator json, EventData event) throws IOException {
    json.writeStartObject();
    writeTimeIfNotZero(json, TIME, event.getEpochNanos());
    writeStringIfNotEmpty(json, NAME, event.getName());
    Attributes attributes = event.getAttributes();
    writeAttributes(json, attributes);
    writeCountIfNotZero(json, DROPPED_ATTRIBUTES, event.getTotalAttributeCount() - attributes.size());
    json.writeEndObject();
  }

  private void writeLink(JsonGenerator json, LinkData link) throws IOException {
    SpanContext context = link.getSpanContext();
    json.writeStartObject();
    json.writeFieldName(TRACE_ID);
    plain.writeHexId(json, context.getTraceId());
    json.writeFieldName(SPAN_ID);
    plain.writeHexId(json, context.getSpanId());
    writeTraceState(json, context.getTraceState());
    Attributes attributes = link.getAttributes();
    writeAttributes(json, attributes);
    writeCountIfNotZero(json, DROPPED_ATTRIBUTES, link.getTotalAttributeCount() - attributes.size());
    json.writeFieldName(FLAGS);
    json.writeNumber(flags(context, context.isRemote()));
    json.writeEndObject();
  }

  private static void writeStatus(JsonGenerator json, StatusData status) throws IOException {
    json.writeFieldName(STATUS);
    json.writeStartObject();
    writeStringIfNotEmpty(json, MESSAGE, status.getDescription());
    int code = statusCodeNumber(status.getStatusCode());
    if (code != 0) {
      json.writeFieldName(CODE);
      json.writeNumber(code);
    }
    json.writeEndObject();
  }

  private static void writeTraceState(JsonGenerator json, TraceState traceState) throws IOException {
    if (traceState.isEmpty()) {
      return;
    }
    // The W3C header form, as the OTLP exporters send it: "key=value,key=value".
    StringBuilder header = new StringBuilder();
    traceState.forEach((key, value) -> {
      if (header.length() > 0) {
        header.append(',');
      }
      header.append(key).append('=').append(value);
    });
    writeStringIfNotEmpty(json, TRACE_STATE, header.toString());
  }

  /** The span's trace flags with the OTLP bits that say whether the parent is remote. */
  private static int flags(SpanContext context, boolean parentIsRemote) {
    int flags = (context.getTraceFlags().asByte() & 0xff) | CONTEXT_HAS_IS_REMOTE;
    return parentIsRemote ? flags | CONTEXT_IS_REMOTE : flags;
  }

  /** {@code Span.SpanKind} numbers of opentelemetry-proto. */
  private static int kindNumber(SpanKind kind) {
    switch (kind) {
      case INTERNAL:
        return 1;
      case SERVER:
        return 2;
      case CLIENT:
        return 3;
      case PRODUCER:
        return 4;
      case CONSUMER:
        return 5;
      default:
        return 0;
    }
  }

  /** {@code Status.StatusCode} numbers of opentelemetry-proto. */
  private static int statusCodeNumber(StatusCode code) {
    switch (code) {
      case OK:
        return 1;
      case ERROR:
        return 2;
      default:
        return 0;
    }
  }

  private void writeAttributes(JsonGenerator json, Attributes attributes) throws IOException {
    json.writeFieldName(ATTRIBUTES);
    json.writeStartArray();
    attributeWriter.start(json);
    try {
      attributes.forEach(attributeWriter);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    json.writeEndArray();
  }

  /**
   * Writes each attribute as a {@code KeyValue}. {@link Attributes#forEach} is the one way through
   * the SDK's attributes that allocates nothing (its {@code asMap()} wraps and boxes entries); one
   * instance is reused, pointed at the generator of the current batch.
   *
   * <p>Most attributes are written raw: the key's constant prefix ({@link AttributePrefixes}), the
   * value's bytes and {@code }}}, with no token-by-token work in the generator. The others take the
   * generator's path. The generator does not see the raw elements, so this writer puts their commas
   * itself, and before a generator element only while the generator has written none in this array
   * (from its second on, the generator puts the comma itself).
   */
  private final class AttributeWriter implements BiConsumer<AttributeKey<?>, Object> {
    JsonGenerator json;
    /** Elements written into the current array, either way. */
    int written;
    /** Whether the generator wrote one of them, and so puts the comma before its next one itself. */
    boolean generatorWrote;

    void start(JsonGenerator json) {
      this.json = json;
      written = 0;
      generatorWrote = false;
    }

    @Override
    public void accept(AttributeKey<?> key, Object value) {
      try {
        if (!writeRaw(key, value)) {
          if (written > 0 && !generatorWrote) {
            json.writeRaw(',');
          }
          json.writeStartObject();
          writeRecurringIfNotEmpty(json, KEY, key.getKey());
          json.writeFieldName(VALUE);
          writeAttributeValue(json, key, value);
          json.writeEndObject();
          generatorWrote = true;
        }
        written++;
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }

    /** Writes the element raw when its key has a prefix and its value a raw form; says whether it did. */
    private boolean writeRaw(AttributeKey<?> key, Object value) throws IOException {
      SerializableString prefix = prefixes.of(key);
      if (prefix == null) {
        return false;
      }
      SerializableString string = null;
      if (value instanceof String) {
        string = recurring.encoded((String) value);
        if (string == null) {
          return false; // seen once so far: escaped by the generator
        }
      }
      if (written > 0) {
        json.writeRaw(',');
      }
      json.writeRaw(prefix);
      if (string != null) {
        json.writeRaw(string);
      } else if (value instanceof Long) {
        plain.writeDecimalStringRaw(json, (Long) value);
      } else {
        json.writeRaw(((Boolean) value) ? "true" : "false");
      }
      json.writeRaw(END_KEY_VALUE);
      return true;
    }
  }

  /** An {@code AnyValue} of the attribute's declared type. */
  private void writeAttributeValue(JsonGenerator json, AttributeKey<?> key, Object value) throws IOException {
    json.writeStartObject();
    switch (key.getType()) {
      case STRING:
        json.writeFieldName(STRING_VALUE);
        writeRecurring(json, (String) value);
        break;
      case BOOLEAN:
        json.writeFieldName(BOOL_VALUE);
        json.writeBoolean((Boolean) value);
        break;
      case LONG:
        writeFixed64(json, INT_VALUE, (Long) value);
        break;
      case DOUBLE:
        json.writeFieldName(DOUBLE_VALUE);
        json.writeNumber((Double) value);
        break;
      case STRING_ARRAY:
      case BOOLEAN_ARRAY:
      case LONG_ARRAY:
      case DOUBLE_ARRAY:
        writeArrayAttribute(json, (List<?>) value);
        break;
      case VALUE:
        writeValueFields(json, (Value<?>) value);
        break;
    }
    json.writeEndObject();
  }

  /** A primitive array attribute: {@code "arrayValue":{"values":[AnyValue, ...]}}. */
  private void writeArrayAttribute(JsonGenerator json, List<?> elements) throws IOException {
    json.writeFieldName(ARRAY_VALUE);
    json.writeStartObject();
    json.writeFieldName(VALUES);
    json.writeStartArray();
    for (Object element : elements) {
      json.writeStartObject();
      writePrimitiveFields(json, element);
      json.writeEndObject();
    }
    json.writeEndArray();
    json.writeEndObject();
  }

  private void writePrimitiveFields(JsonGenerator json, Object element) throws IOException {
    if (element instanceof String) {
      json.writeFieldName(STRING_VALUE);
      writeString(json, (String) element);
    } else if (element instanceof Boolean) {
      json.writeFieldName(BOOL_VALUE);
      json.writeBoolean((Boolean) element);
    } else if (element instanceof Long) {
      writeFixed64(json, INT_VALUE, (Long) element);
    } else if (element instanceof Double) {
      json.writeFieldName(DOUBLE_VALUE);
      json.writeNumber((Double) element);
    }
    // null elements: an empty AnyValue, as OpenTelemetry writes them
  }

  /** The fields of an {@code AnyValue} for a {@link Value} attribute (maps, bytes and nested arrays too). */
  private void writeValueFields(JsonGenerator json, Value<?> value) throws IOException {
    switch (value.getType()) {
      case STRING:
        json.writeFieldName(STRING_VALUE);
        writeString(json, (String) value.getValue());
        break;
      case BOOLEAN:
        json.writeFieldName(BOOL_VALUE);
        json.writeBoolean((Boolean) value.getValue());
        break;
      case LONG:
        writeFixed64(json, INT_VALUE, (Long) value.getValue());
        break;
      case DOUBLE:
        json.writeFieldName(DOUBLE_VALUE);
        json.writeNumber((Double) value.getValue());
        break;
      case ARRAY: {
        @SuppressWarnings("unchecked")
        List<Value<?>> elements = (List<Value<?>>) value.getValue();
        json.writeFieldName(ARRAY_VALUE);
        json.writeStartObject();
        json.writeFieldName(VALUES);
        json.writeStartArray();
        for (Value<?> element : elements) {
          json.writeStartObject();
          writeValueFields(json, element);
          json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
        break;
      }
      case KEY_VALUE_LIST: {
        @SuppressWarnings("unchecked")
        List<KeyValue> entries = (List<KeyValue>) value.getValue();
        json.writeFieldName(KVLIST_VALUE);
        json.writeStartObject();
        json.writeFieldName(VALUES);
        json.writeStartArray();
        for (KeyValue entry : entries) {
          json.writeStartObject();
          writeStringIfNotEmpty(json, KEY, entry.getKey());
          json.writeFieldName(VALUE);
          json.writeStartObject();
          writeValueFields(json, entry.getValue());
          json.writeEndObject();
          json.writeEndObject();
        }
        json.writeEndArray();
        json.writeEndObject();
        break;
      }
      case BYTES: {
        ByteBuffer buffer = ((ByteBuffer) value.getValue()).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        json.writeFieldName(BYTES_VALUE);
        json.writeBinary(bytes); // base64, the JSON mapping of protobuf bytes
        break;
      }
      case EMPTY:
        break; // an AnyValue with no value set
    }
  }

  private static void writeStringIfNotEmpty(JsonGenerator json, SerializableString field, String value)
      throws IOException {
    if (value != null && !value.isEmpty()) {
      json.writeFieldName(field);
      writeString(json, value);
    }
  }

  /**
   * A string as OpenTelemetry's marshalers write it: they hold strings as UTF-8 bytes made by
   * {@code String.getBytes}, which turns an unpaired surrogate into {@code ?}, and decode them
   * again for Jackson. Jackson alone would write an unpaired surrogate as an escape sequence (backslash, u, D8xx),
   * which is not valid UTF-8 once decoded. Strings without surrogates (nearly all) skip the round trip.
   */
  private static void writeString(JsonGenerator json, String value) throws IOException {
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        json.writeString(new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8));
        return;
      }
    }
    json.writeString(value);
  }

  private void writeRecurringIfNotEmpty(JsonGenerator json, SerializableString field, String value)
      throws IOException {
    if (value != null && !value.isEmpty()) {
      json.writeFieldName(field);
      writeRecurring(json, value);
    }
  }

  private void writeRecurring(JsonGenerator json, String value) throws IOException {
    if (!recurring.tryWrite(json, value)) {
      writeString(json, value);
    }
  }

  private static void writeCountIfNotZero(JsonGenerator json, SerializableString field, int count)
      throws IOException {
    if (count != 0) {
      json.writeFieldName(field);
      json.writeNumber(count);
    }
  }

  private void writeTimeIfNotZero(JsonGenerator json, SerializableString field, long epochNanos) throws IOException {
    if (epochNanos != 0) {
      writeFixed64(json, field, epochNanos);
    }
  }

  /** A 64-bit integer as the decimal string of the OTLP/JSON mapping. */
  private void writeFixed64(JsonGenerator json, SerializableString field, long value) throws IOException {
    json.writeFieldName(field);
    plain.writeDecimalString(json, value);
  }
}
