package io.spanweave.runtime.internal.export;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.opentelemetry.api.trace.SpanContext;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.TraceFlags;
import io.opentelemetry.api.trace.TraceState;
import io.opentelemetry.sdk.common.InstrumentationScopeInfo;
import io.opentelemetry.sdk.resources.Resource;
import io.opentelemetry.sdk.trace.data.EventData;
import io.opentelemetry.sdk.trace.data.LinkData;
import io.opentelemetry.sdk.trace.data.SpanData;
import io.opentelemetry.sdk.trace.data.StatusData;
import io.spanweave.conventions.TraceFileFields;
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
 * into a {@link JsonBuffer}.
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
 * <p><b>Why bytes and not a generator.</b> A span's JSON is a fixed frame of field names around a
 * few values, nearly all of them ids, decimal integers and ASCII names. Written token by token
 * through Jackson's generator (a context check, a separator decision and an escape-table lookup
 * per character for every token), that frame was most of the export worker's time in a profile.
 * Here the frame is copied in as prepared bytes and the plain values straight after it; only what
 * must be escaped (a string with a quote, a control character, anything outside ASCII), doubles
 * and base64 go through a generator over the same buffer, so every value reads exactly as the
 * generator wrote it before. Nothing is allocated per span but the batch's grouping lists.
 *
 * <p>Not thread-safe: one instance per exporter, called by the export worker only.
 */
final class OtlpJsonSpanEncoder {

  private static final JsonFactory JSON = new JsonFactory();

  // Field names with their quotes and colon, encoded once.
  private static final byte[] RESOURCE_SPANS = field(TraceFileFields.RESOURCE_SPANS);
  private static final byte[] RESOURCE = field(TraceFileFields.RESOURCE);
  private static final byte[] SCOPE_SPANS = field(TraceFileFields.SCOPE_SPANS);
  private static final byte[] SCOPE = field(TraceFileFields.SCOPE);
  private static final byte[] SPANS = field(TraceFileFields.SPANS);
  private static final byte[] SCHEMA_URL = field(TraceFileFields.SCHEMA_URL);
  private static final byte[] NAME = field(TraceFileFields.NAME);
  private static final byte[] VERSION = field(TraceFileFields.VERSION);
  private static final byte[] TRACE_ID = field(TraceFileFields.TRACE_ID);
  private static final byte[] SPAN_ID = field(TraceFileFields.SPAN_ID);
  private static final byte[] TRACE_STATE = field(TraceFileFields.TRACE_STATE);
  private static final byte[] PARENT_SPAN_ID = field(TraceFileFields.PARENT_SPAN_ID);
  private static final byte[] KIND = field(TraceFileFields.KIND);
  private static final byte[] START_TIME = field(TraceFileFields.START_TIME);
  private static final byte[] END_TIME = field(TraceFileFields.END_TIME);
  private static final byte[] TIME = field(TraceFileFields.TIME);
  private static final byte[] ATTRIBUTES = field(TraceFileFields.ATTRIBUTES);
  private static final byte[] DROPPED_ATTRIBUTES = field(TraceFileFields.DROPPED_ATTRIBUTES_COUNT);
  private static final byte[] EVENTS = field(TraceFileFields.EVENTS);
  private static final byte[] DROPPED_EVENTS = field(TraceFileFields.DROPPED_EVENTS_COUNT);
  private static final byte[] LINKS = field(TraceFileFields.LINKS);
  private static final byte[] DROPPED_LINKS = field(TraceFileFields.DROPPED_LINKS_COUNT);
  private static final byte[] STATUS = field(TraceFileFields.STATUS);
  private static final byte[] MESSAGE = field(TraceFileFields.MESSAGE);
  private static final byte[] CODE = field(TraceFileFields.CODE);
  private static final byte[] FLAGS = field(TraceFileFields.FLAGS);
  private static final byte[] KEY = field(TraceFileFields.KEY);
  private static final byte[] VALUE = field(TraceFileFields.VALUE);
  private static final byte[] VALUES = field(TraceFileFields.VALUES);
  private static final byte[] STRING_VALUE = field(TraceFileFields.STRING_VALUE);
  private static final byte[] BOOL_VALUE = field(TraceFileFields.BOOL_VALUE);
  private static final byte[] INT_VALUE = field(TraceFileFields.INT_VALUE);
  private static final byte[] DOUBLE_VALUE = field(TraceFileFields.DOUBLE_VALUE);
  private static final byte[] ARRAY_VALUE = field(TraceFileFields.ARRAY_VALUE);
  private static final byte[] KVLIST_VALUE = field(TraceFileFields.KVLIST_VALUE);
  private static final byte[] BYTES_VALUE = field(TraceFileFields.BYTES_VALUE);

  private static final byte[] TRUE = JsonBuffer.utf8("true");
  private static final byte[] FALSE = JsonBuffer.utf8("false");
  /** What closes an attribute's {@code KeyValue} written from its prefix: its {@code value} object and itself. */
  private static final byte[] END_KEY_VALUE = JsonBuffer.utf8("}}");

  /**
   * The class of OpenTelemetry's own span contexts. Its ids are lowercase hex by construction: checked
   * when made from strings ({@code SpanContext.create}), or made as hex by the SDK's own id generator,
   * the only one whose ids the SDK does not check. Ids of any other class are checked as they are written.
   */
  private static final Class<?> OPENTELEMETRY_SPAN_CONTEXT = SpanContext.create("0af7651916cd43dd8448eb211c80319c",
      "b7ad6b7169203331", TraceFlags.getDefault(), TraceState.getDefault()).getClass();

  /** Bits of the OTLP {@code flags} field: whether the parent is remote is known, and is true. */
  private static final int CONTEXT_HAS_IS_REMOTE = 0x100;
  private static final int CONTEXT_IS_REMOTE = 0x200;

  private final JsonBuffer out = new JsonBuffer(64 * 1024);
  /**
   * Writes into {@link #out} what the buffer does not write itself (escaped strings, doubles,
   * base64), one root-level value at a time, flushed after each; made the first time a batch needs it.
   */
  private JsonGenerator generator;
  private final AttributeWriter attributeWriter = new AttributeWriter();
  /** The constant starts of attributes' {@code KeyValue}s, by key. */
  private final AttributePrefixes prefixes = new AttributePrefixes();
  // The list writers, made once: a method reference to this encoder is a new object each time it is evaluated.
  private final ElementWriter<ResourceGroup> resourceSpansWriter = this::writeResourceSpans;
  private final ElementWriter<ScopeGroup> scopeSpansWriter = this::writeScopeSpans;
  private final ElementWriter<SpanData> spanWriter = this::writeSpan;
  private final ElementWriter<EventData> eventWriter = this::writeEvent;
  private final ElementWriter<LinkData> linkWriter = this::writeLink;

  private static byte[] field(String name) {
    return JsonBuffer.utf8('"' + name + "\":");
  }

  /**
   * Encodes {@code spans} as one OTLP/JSON request and a newline, into a buffer of this encoder's
   * that is valid until the next call.
   */
  JsonBuffer encode(Collection<SpanData> spans) throws IOException {
    out.reset();
    try {
      out.write('{');
      writeList(RESOURCE_SPANS, group(spans), resourceSpansWriter);
      out.write('}');
      out.write('\n');
    } finally {
      if (generator != null) {
        generator.close(); // a fresh one for the next batch, whatever state a failure left this one in
        generator = null;
      }
    }
    return out;
  }

  /** As {@link #encode(Collection)}, written to {@code target}, which is not closed. */
  void encode(Collection<SpanData> spans, OutputStream target) throws IOException {
    JsonBuffer line = encode(spans);
    target.write(line.array(), 0, line.size());
  }

  private JsonGenerator generator() throws IOException {
    if (generator == null) {
      generator = JSON.createGenerator(out, JsonEncoding.UTF8);
      generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      generator.setRootValueSeparator(null); // its values go between bytes written around it, unseparated
    }
    return generator;
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

  private void writeResourceSpans(ResourceGroup group) throws IOException {
    out.write('{');
    writeField(RESOURCE);
    out.write('{');
    writeAttributes(group.resource.getAttributes());
    out.write('}');
    writeList(SCOPE_SPANS, group.scopes, scopeSpansWriter);
    writeStringIfNotEmpty(SCHEMA_URL, group.resource.getSchemaUrl());
    out.write('}');
  }

  private void writeScopeSpans(ScopeGroup group) throws IOException {
    InstrumentationScopeInfo scope = group.scope;
    out.write('{');
    writeField(SCOPE);
    out.write('{');
    writeStringIfNotEmpty(NAME, scope.getName());
    writeStringIfNotEmpty(VERSION, scope.getVersion());
    writeAttributes(scope.getAttributes());
    out.write('}');
    writeList(SPANS, group.spans, spanWriter);
    writeStringIfNotEmpty(SCHEMA_URL, scope.getSchemaUrl());
    out.write('}');
  }

  private void writeSpan(SpanData span) throws IOException {
    SpanContext context = span.getSpanContext();
    SpanContext parent = span.getParentSpanContext();
    out.write('{');
    writeIds(context);
    if (parent.isValid()) {
      writeField(PARENT_SPAN_ID);
      writeId(parent, parent.getSpanId());
    }
    writeStringIfNotEmpty(NAME, span.getName());
    writeField(KIND);
    out.decimal(kindNumber(span.getKind()));
    writeTimeIfNotZero(START_TIME, span.getStartEpochNanos());
    writeTimeIfNotZero(END_TIME, span.getEndEpochNanos());
    Attributes attributes = span.getAttributes();
    writeAttributes(attributes);
    writeCountIfNotZero(DROPPED_ATTRIBUTES, span.getTotalAttributeCount() - attributes.size());
    List<EventData> events = span.getEvents();
    writeList(EVENTS, events, eventWriter);
    writeCountIfNotZero(DROPPED_EVENTS, span.getTotalRecordedEvents() - events.size());
    List<LinkData> links = span.getLinks();
    writeList(LINKS, links, linkWriter);
    writeCountIfNotZero(DROPPED_LINKS, span.getTotalRecordedLinks() - links.size());
    writeStatus(span.getStatus());
    writeField(FLAGS);
    out.decimal(flags(context, parent.isRemote()));
    out.write('}');
  }

  /** The trace id, span id and trace state of a span or a link. */
  private void writeIds(SpanContext context) throws IOException {
    writeField(TRACE_ID);
    writeId(context, context.getTraceId());
    writeField(SPAN_ID);
    writeId(context, context.getSpanId());
    writeTraceState(context.getTraceState());
  }

  /** Writes one element of a list; the encoder's own methods, which throw {@link IOException}. */
  private interface ElementWriter<T> {
    void write(T element) throws IOException;
  }

  /** {@code field} and its array, written even when empty, as OTLP/JSON lists are. */
  private <T> void writeList(byte[] field, List<T> elements, ElementWriter<T> writer) throws IOException {
    writeField(field);
    out.write('[');
    for (T element : elements) {
      out.separate();
      writer.write(element);
    }
    out.write(']');
  }

  /** A field name (with its quotes and colon), after a comma unless it is the object's first. */
  private void writeField(byte[] name) {
    out.separate();
    out.raw(name);
  }

  private void writeEvent(EventData event) throws IOException {
    out.write('{');
    writeTimeIfNotZero(TIME, event.getEpochNanos());
    writeStringIfNotEmpty(NAME, event.getName());
    Attributes attributes = event.getAttributes();
    writeAttributes(attributes);
    writeCountIfNotZero(DROPPED_ATTRIBUTES, event.getTotalAttributeCount() - attributes.size());
    out.write('}');
  }

  private void writeLink(LinkData link) throws IOException {
    SpanContext context = link.getSpanContext();
    out.write('{');
    writeIds(context);
    Attributes attributes = link.getAttributes();
    writeAttributes(attributes);
    writeCountIfNotZero(DROPPED_ATTRIBUTES, link.getTotalAttributeCount() - attributes.size());
    writeField(FLAGS);
    out.decimal(flags(context, context.isRemote()));
    out.write('}');
  }

  private void writeStatus(StatusData status) throws IOException {
    writeField(STATUS);
    out.write('{');
    writeStringIfNotEmpty(MESSAGE, status.getDescription());
    int code = statusCodeNumber(status.getStatusCode());
    if (code != 0) {
      writeField(CODE);
      out.decimal(code);
    }
    out.write('}');
  }

  private void writeTraceState(TraceState traceState) throws IOException {
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
    writeStringIfNotEmpty(TRACE_STATE, header.toString());
  }

  /**
   * A trace or span id, lowercase hex: copied as it is from OpenTelemetry's own span contexts; from
   * any other, written as a string, escaped the generator's way should it hold anything but hex.
   */
  private void writeId(SpanContext context, String hex) throws IOException {
    if (context.getClass() == OPENTELEMETRY_SPAN_CONTEXT) {
      out.knownHexString(hex);
    } else if (!out.plainString(hex)) {
      JsonGenerator json = generator();
      json.writeString(hex);
      json.flush();
    }
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

  private void writeAttributes(Attributes attributes) throws IOException {
    writeField(ATTRIBUTES);
    out.write('[');
    try {
      attributes.forEach(attributeWriter);
    } catch (UncheckedIOException e) {
      throw e.getCause();
    }
    out.write(']');
  }

  /**
   * Writes each attribute as a {@code KeyValue}. {@link Attributes#forEach} is the one way through
   * the SDK's attributes that allocates nothing (its {@code asMap()} wraps and boxes entries); one
   * instance serves every call. A string, integer or boolean attribute is written as its key's
   * constant prefix ({@link AttributePrefixes}), its value and {@code }}}; others field by field.
   */
  private final class AttributeWriter implements BiConsumer<AttributeKey<?>, Object> {

    @Override
    public void accept(AttributeKey<?> key, Object value) {
      try {
        out.separate();
        byte[] prefix = prefixes.of(key);
        if (prefix != null) {
          out.raw(prefix);
          if (value instanceof String) {
            writeString((String) value);
          } else if (value instanceof Long) {
            out.quotedDecimal((Long) value);
          } else {
            out.raw(((Boolean) value) ? TRUE : FALSE);
          }
          out.raw(END_KEY_VALUE);
        } else {
          out.write('{');
          writeStringIfNotEmpty(KEY, key.getKey());
          writeField(VALUE);
          writeAttributeValue(key, value);
          out.write('}');
        }
      } catch (IOException e) {
        throw new UncheckedIOException(e);
      }
    }
  }

  /** An {@code AnyValue} of the attribute's declared type. */
  private void writeAttributeValue(AttributeKey<?> key, Object value) throws IOException {
    out.write('{');
    switch (key.getType()) {
      case STRING:
        writeField(STRING_VALUE);
        writeString((String) value);
        break;
      case BOOLEAN:
        writeField(BOOL_VALUE);
        out.raw(((Boolean) value) ? TRUE : FALSE);
        break;
      case LONG:
        writeFixed64(INT_VALUE, (Long) value);
        break;
      case DOUBLE:
        writeField(DOUBLE_VALUE);
        writeDouble((Double) value);
        break;
      case STRING_ARRAY:
      case BOOLEAN_ARRAY:
      case LONG_ARRAY:
      case DOUBLE_ARRAY:
        writeArrayAttribute((List<?>) value);
        break;
      case VALUE:
        writeValueFields((Value<?>) value);
        break;
    }
    out.write('}');
  }

  /** A primitive array attribute: {@code "arrayValue":{"values":[AnyValue, ...]}}. */
  private void writeArrayAttribute(List<?> elements) throws IOException {
    writeField(ARRAY_VALUE);
    out.write('{');
    writeField(VALUES);
    out.write('[');
    for (Object element : elements) {
      out.separate();
      out.write('{');
      writePrimitiveFields(element);
      out.write('}');
    }
    out.write(']');
    out.write('}');
  }

  private void writePrimitiveFields(Object element) throws IOException {
    if (element instanceof String) {
      writeField(STRING_VALUE);
      writeString((String) element);
    } else if (element instanceof Boolean) {
      writeField(BOOL_VALUE);
      out.raw(((Boolean) element) ? TRUE : FALSE);
    } else if (element instanceof Long) {
      writeFixed64(INT_VALUE, (Long) element);
    } else if (element instanceof Double) {
      writeField(DOUBLE_VALUE);
      writeDouble((Double) element);
    }
    // null elements: an empty AnyValue, as OpenTelemetry writes them
  }

  /** The fields of an {@code AnyValue} for a {@link Value} attribute (maps, bytes and nested arrays too). */
  private void writeValueFields(Value<?> value) throws IOException {
    switch (value.getType()) {
      case STRING:
        writeField(STRING_VALUE);
        writeString((String) value.getValue());
        break;
      case BOOLEAN:
        writeField(BOOL_VALUE);
        out.raw(((Boolean) value.getValue()) ? TRUE : FALSE);
        break;
      case LONG:
        writeFixed64(INT_VALUE, (Long) value.getValue());
        break;
      case DOUBLE:
        writeField(DOUBLE_VALUE);
        writeDouble((Double) value.getValue());
        break;
      case ARRAY: {
        @SuppressWarnings("unchecked")
        List<Value<?>> elements = (List<Value<?>>) value.getValue();
        writeField(ARRAY_VALUE);
        out.write('{');
        writeField(VALUES);
        out.write('[');
        for (Value<?> element : elements) {
          out.separate();
          out.write('{');
          writeValueFields(element);
          out.write('}');
        }
        out.write(']');
        out.write('}');
        break;
      }
      case KEY_VALUE_LIST: {
        @SuppressWarnings("unchecked")
        List<KeyValue> entries = (List<KeyValue>) value.getValue();
        writeField(KVLIST_VALUE);
        out.write('{');
        writeField(VALUES);
        out.write('[');
        for (KeyValue entry : entries) {
          out.separate();
          out.write('{');
          writeStringIfNotEmpty(KEY, entry.getKey());
          writeField(VALUE);
          out.write('{');
          writeValueFields(entry.getValue());
          out.write('}');
          out.write('}');
        }
        out.write(']');
        out.write('}');
        break;
      }
      case BYTES: {
        ByteBuffer buffer = ((ByteBuffer) value.getValue()).duplicate();
        byte[] bytes = new byte[buffer.remaining()];
        buffer.get(bytes);
        writeField(BYTES_VALUE);
        JsonGenerator json = generator();
        json.writeBinary(bytes); // base64, the JSON mapping of protobuf bytes
        json.flush();
        break;
      }
      case EMPTY:
        break; // an AnyValue with no value set
    }
  }

  private void writeStringIfNotEmpty(byte[] field, String value) throws IOException {
    if (value != null && !value.isEmpty()) {
      writeField(field);
      writeString(value);
    }
  }

  /**
   * A string value: plain ASCII copied as it is; anything else escaped by the generator, as
   * OpenTelemetry's marshalers write it: they hold strings as UTF-8 bytes made by
   * {@code String.getBytes}, which turns an unpaired surrogate into {@code ?}, and decode them
   * again for Jackson. Jackson alone would write an unpaired surrogate as an escape sequence (backslash, u, D8xx),
   * which is not valid UTF-8 once decoded. Strings without surrogates (nearly all) skip the round trip.
   */
  private void writeString(String value) throws IOException {
    if (out.plainString(value)) {
      return;
    }
    JsonGenerator json = generator();
    String written = value;
    for (int i = 0; i < value.length(); i++) {
      if (Character.isSurrogate(value.charAt(i))) {
        written = new String(value.getBytes(StandardCharsets.UTF_8), StandardCharsets.UTF_8);
        break;
      }
    }
    json.writeString(written);
    json.flush();
  }

  /** A double as Jackson writes it (its shortest form; NaN and the infinities as strings). */
  private void writeDouble(double value) throws IOException {
    JsonGenerator json = generator();
    json.writeNumber(value);
    json.flush();
  }

  private void writeCountIfNotZero(byte[] field, int count) {
    if (count != 0) {
      writeField(field);
      out.decimal(count);
    }
  }

  private void writeTimeIfNotZero(byte[] field, long epochNanos) {
    if (epochNanos != 0) {
      writeFixed64(field, epochNanos);
    }
  }

  /** A 64-bit integer as the decimal string of the OTLP/JSON mapping. */
  private void writeFixed64(byte[] field, long value) {
    writeField(field);
    out.quotedDecimal(value);
  }
}
