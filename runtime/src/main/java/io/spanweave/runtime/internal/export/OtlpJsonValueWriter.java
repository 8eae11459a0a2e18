package io.spanweave.runtime.internal.export;

import static io.spanweave.runtime.internal.export.OtlpJsonFields.ARRAY_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.ATTRIBUTES;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.BOOL_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.BYTES_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.DOUBLE_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.INT_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.KEY;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.KVLIST_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.STRING_VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.VALUE;
import static io.spanweave.runtime.internal.export.OtlpJsonFields.VALUES;

import com.fasterxml.jackson.core.JsonEncoding;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.api.common.Attributes;
import io.opentelemetry.api.common.KeyValue;
import io.opentelemetry.api.common.Value;
import io.spanweave.conventions.ContentPolicy;
import io.spanweave.conventions.SecretValues;
import io.spanweave.runtime.internal.guard.GuardrailReport;
import io.spanweave.runtime.internal.guard.PolicyCache;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.function.BiConsumer;

/**
 * Writes the values of OTLP/JSON into the encoder's {@link JsonBuffer}: field names, attributes as
 * {@code KeyValue}s with their {@code AnyValue}s, strings, 64-bit integers and doubles, with the
 * value encodings of OpenTelemetry's marshalers (see {@link OtlpJsonSpanEncoder}). Plain values are
 * copied straight into the buffer; what must be escaped (a string with a quote, a control
 * character, anything outside ASCII), doubles and base64 go through a Jackson generator over the
 * same buffer, so every value reads exactly as the generator writes it.
 *
 * <p>With the run-time guardrails on ({@link ContentPolicy}), an attribute under a payload key is
 * left out when its value holds text, text under a secret key is written as {@link
 * SecretValues#REDACTED}, credentials in other text are redacted, and {@link #dropsEvent} says
 * which events to leave out; each distinct key is read once ({@link PolicyCache}).
 *
 * <p>Not thread-safe: one per encoder.
 */
final class OtlpJsonValueWriter {

  /** How the text of the attribute being written is written. */
  private enum TextMode {
    AS_IS,
    CHECKED,
    REDACTED
  }

  private static final JsonFactory JSON = new JsonFactory();
  private static final byte[] TRUE = JsonBuffer.utf8("true");
  private static final byte[] FALSE = JsonBuffer.utf8("false");

  /**
   * What closes an attribute's {@code KeyValue} written from its prefix: its {@code value} object
   * and itself.
   */
  private static final byte[] END_KEY_VALUE = JsonBuffer.utf8("}}");

  private final JsonBuffer out;

  /**
   * Writes into {@link #out} what the buffer does not write itself (escaped strings, doubles,
   * base64), one root-level value at a time, flushed after each; made the first time a batch needs
   * it.
   */
  private JsonGenerator generator;

  private final AttributeWriter attributeWriter = new AttributeWriter();

  /** The constant starts of attributes' {@code KeyValue}s, by key. */
  private final AttributePrefixes prefixes = new AttributePrefixes();

  /** What the guardrails took out, or {@code null} when they are off. */
  private final GuardrailReport guardrails;

  private final PolicyCache policy;
  private TextMode textMode = TextMode.AS_IS;

  /**
   * Whether the span being written recorded previews, and the event being written, for {@link
   * ContentPolicy#keepsPreviewedEventAttribute}.
   */
  private boolean spanRecordsPreviews;

  private String eventName;
  private String attributeKey;
  private boolean attributeRedacted;

  OtlpJsonValueWriter(JsonBuffer out, GuardrailReport guardrails) {
    this.out = out;
    this.guardrails = guardrails == null || !guardrails.enabled() ? null : guardrails;
    this.policy = this.guardrails == null ? null : new PolicyCache();
  }

  /**
   * Whether an event named {@code name} is left out (counted as such), its name being a payload
   * name.
   */
  boolean dropsEvent(String name) {
    if (guardrails == null || name == null || !policy.of(name).dropsEvent()) {
      return false;
    }
    guardrails.droppedEvent(name);
    return true;
  }

  /**
   * The span whose attributes and events come next; {@code previews}: it holds {@code
   * spanweave.redaction}.
   */
  void startSpan(boolean previews) {
    spanRecordsPreviews = previews;
    eventName = null;
  }

  /** The event whose attributes come next, or {@code null} after it. */
  void startEvent(String name) {
    eventName = name;
  }

  /** Whether the guardrails are on: only then does {@link #startSpan} matter. */
  boolean guards() {
    return guardrails != null;
  }

  /** At the end of a batch: the guardrails' report may say what it took out. */
  void batchWritten() {
    if (guardrails != null) {
      guardrails.batchDone();
    }
  }

  /**
   * Drops the generator at the end of a batch: a fresh one for the next, whatever state a failure
   * left this one in.
   */
  void endBatch() throws IOException {
    if (generator != null) {
      generator.close();
      generator = null;
    }
  }

  private JsonGenerator generator() throws IOException {
    if (generator == null) {
      generator = JSON.createGenerator(out, JsonEncoding.UTF8);
      generator.disable(JsonGenerator.Feature.AUTO_CLOSE_TARGET);
      generator.setRootValueSeparator(
          null); // its values go between bytes written around it, unseparated
    }
    return generator;
  }

  /** A field name (with its quotes and colon), after a comma unless it is the object's first. */
  void writeField(byte[] name) {
    out.separate();
    out.raw(name);
  }

  /**
   * A string that is not plain ASCII (an id that is not hex, from a span context of another class),
   * written by the generator as it is.
   */
  void writeEscaped(String value) throws IOException {
    JsonGenerator json = generator();
    json.writeString(value);
    json.flush();
  }

  void writeAttributes(Attributes attributes) throws IOException {
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
      if (guardrails != null && !guard(key, value)) {
        return;
      }
      try {
        write(key, value);
      } finally {
        if (attributeRedacted) {
          guardrails.redactedAttribute(attributeKey);
          attributeRedacted = false;
        }
        textMode = TextMode.AS_IS;
      }
    }

    /**
     * Whether the attribute is written, and how its text is: as {@link ContentPolicy} says for its
     * key.
     */
    private boolean guard(AttributeKey<?> key, Object value) {
      attributeKey = key.getKey();
      switch (policy.of(attributeKey).action()) {
        case DROP:
          if (eventName != null
              && ContentPolicy.keepsPreviewedEventAttribute(
                  spanRecordsPreviews, eventName, attributeKey)) {
            textMode = TextMode.CHECKED;
            return true;
          }
          if (holdsText(key, value)) {
            guardrails.droppedAttribute(attributeKey);
            return false;
          }
          return true;
        case REDACT:
          textMode = TextMode.REDACTED;
          return true;
        default:
          textMode = TextMode.CHECKED;
          return true;
      }
    }

    private void write(AttributeKey<?> key, Object value) {
      try {
        out.separate();
        byte[] prefix = prefixes.of(key);
        if (prefix != null) {
          out.raw(prefix);
          if (value instanceof String) {
            writeText((String) value);
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
        writeText((String) value);
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
      writeText((String) element);
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

  /**
   * The fields of an {@code AnyValue} for a {@link Value} attribute (maps, bytes and nested arrays
   * too).
   */
  private void writeValueFields(Value<?> value) throws IOException {
    switch (value.getType()) {
      case STRING:
        writeField(STRING_VALUE);
        writeText((String) value.getValue());
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
      case ARRAY:
        {
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
      case KEY_VALUE_LIST:
        {
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
            TextMode outer = textMode;
            if (outer == TextMode.CHECKED
                && policy.of(entry.getKey()).action() != ContentPolicy.Action.KEEP) {
              textMode = TextMode.REDACTED; // a payload or a secret inside a map: its text redacted
            }
            writeValueFields(entry.getValue());
            textMode = outer;
            out.write('}');
            out.write('}');
          }
          out.write(']');
          out.write('}');
          break;
        }
      case BYTES:
        {
          if (textMode == TextMode.REDACTED) {
            writeField(STRING_VALUE);
            writeText(SecretValues.REDACTED);
            break;
          }
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

  /**
   * Values found clean lately, by identity: the same instances recur span after span (a stage's
   * name, a thread's, the run id), and are scanned once. A direct-mapped table, so bounded.
   */
  private final String[] cleanValues = new String[256];

  /** A string of an attribute's value, as the guardrails let it be written. */
  private void writeText(String value) throws IOException {
    if (textMode == TextMode.CHECKED) {
      int slot = value.hashCode() & (cleanValues.length - 1);
      if (cleanValues[slot] != value) {
        writeChecked(value, slot);
        return;
      }
    } else if (textMode == TextMode.REDACTED) {
      attributeRedacted = true;
      value = SecretValues.REDACTED;
    }
    writeString(value);
  }

  private void writeChecked(String value, int slot) throws IOException {
    if (ContentPolicy.mayHoldSecret(value)) {
      String redacted = ContentPolicy.redactValue(value, attributeKey);
      if (redacted != null) {
        attributeRedacted = true;
        writeString(redacted);
        return;
      }
    } else {
      cleanValues[slot] = value; // the quick scan found nothing: clean under any key
    }
    writeString(value);
  }

  /**
   * Whether an attribute's value holds text: a string, or a string or bytes anywhere in a {@link
   * Value}.
   */
  private static boolean holdsText(AttributeKey<?> key, Object value) {
    switch (key.getType()) {
      case STRING:
      case STRING_ARRAY:
        return true;
      case VALUE:
        return holdsText((Value<?>) value);
      default:
        return false;
    }
  }

  private static boolean holdsText(Value<?> value) {
    switch (value.getType()) {
      case STRING:
      case BYTES:
        return true;
      case ARRAY:
        for (Object element : (List<?>) value.getValue()) {
          if (holdsText((Value<?>) element)) {
            return true;
          }
        }
        return false;
      case KEY_VALUE_LIST:
        for (Object entry : (List<?>) value.getValue()) {
          if (holdsText(((KeyValue) entry).getValue())) {
            return true;
          }
        }
        return false;
      default:
        return false;
    }
  }

  void writeStringIfNotEmpty(byte[] field, String value) throws IOException {
    if (value != null && !value.isEmpty()) {
      writeField(field);
      writeString(value);
    }
  }

  /**
   * A string value: plain ASCII copied as it is; anything else escaped by the generator, as
   * OpenTelemetry's marshalers write it: they hold strings as UTF-8 bytes made by {@code
   * String.getBytes}, which turns an unpaired surrogate into {@code ?}, and decode them again for
   * Jackson. Jackson alone would write an unpaired surrogate as an escape sequence (backslash, u,
   * D8xx), which is not valid UTF-8 once decoded. Strings without surrogates (nearly all) skip the
   * round trip.
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

  void writeCountIfNotZero(byte[] field, int count) {
    if (count != 0) {
      writeField(field);
      out.decimal(count);
    }
  }

  void writeTimeIfNotZero(byte[] field, long epochNanos) {
    if (epochNanos != 0) {
      writeFixed64(field, epochNanos);
    }
  }

  /** A 64-bit integer as the decimal string of the OTLP/JSON mapping. */
  void writeFixed64(byte[] field, long value) {
    writeField(field);
    out.quotedDecimal(value);
  }
}
