package io.spanweave.runtime.internal.collector;

import static io.spanweave.runtime.internal.collector.TraceRequestSlots.ANY_VALUE_FIELDS;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.ATTRIBUTES_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.EVENTS_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.FIRST_FIELD_SLOT;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.LINKS_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.RESOURCE_OBJECT;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.RESOURCE_SPANS_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.SCOPE_SPANS_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.SLOT_NAMES;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.SPANS_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.VALUES_LIST;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.VALUE_OBJECT;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.jsonName;
import static io.spanweave.runtime.internal.collector.TraceRequestSlots.placement;

import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.internal.export.JsonBuffer;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.nio.charset.StandardCharsets;
import java.util.Arrays;
import java.util.HexFormat;

/**
 * Writes one received OTLP trace request as a line of the run's {@code traces.jsonl}, straight from
 * the decoder's events into bytes: OTLP/JSON as the OpenTelemetry Collector's file exporter writes
 * it (ids as lowercase hex, 64-bit integers as decimal strings, enums as numbers, fields with their
 * default value and empty lists left out), the format the driver's own spans are in. Every decoder
 * (OTLP/JSON here, protobuf and gRPC in spanweave-otlp) drives the same writer, so the same rules
 * hold for each:
 *
 * <ul>
 *   <li>ids OpenTelemetry calls invalid are refused (W3C Trace Context: a trace id of 16 bytes and
 *       a span id of 8, not all zero; a parent span id may be empty), naming the field, e.g. {@code
 *       resourceSpans[0].scopeSpans[0].spans[3].traceId}: one bad span refuses the whole request,
 *       so a file never holds half a batch;
 *   <li>a resource without {@code spanweave.run.id} gets this run's (the collector's token proved
 *       the sender belongs to the run); one naming another run keeps it and is counted;
 *   <li>a field that comes twice in one message is refused: protobuf would keep the last, JSON
 *       readers disagree, and no OpenTelemetry sender writes one.
 * </ul>
 *
 * <p>Lists are opened when their first element arrives, so an empty list is never written; a
 * resource's attributes may get the run id after they were closed, which moves what follows them by
 * one attribute. Not thread-safe: one request at a time, then {@link #reset()}.
 */
public final class TraceLineWriter implements TraceRequestWriter {

  /**
   * Deeper nesting (arrays in maps in arrays ...) is refused, as protobuf's own parser refuses past
   * 100.
   */
  private static final int MAX_DEPTH = 64;

  private static final int TRACE_ID_BYTES = 16;
  private static final int SPAN_ID_BYTES = 8;

  /**
   * What a writer holds on to between requests; a larger buffer is let go after a large request.
   */
  private static final int KEPT_CAPACITY = 4 << 20;

  private static final byte[] RUN_ID_KEY = SpanAttributes.RUN_ID.getBytes(StandardCharsets.UTF_8);

  /** One open message: what it is, the list open in it, and the fields and lists it has had. */
  private static final class Frame {
    Message message; // null for the request itself
    int openList = -1;
    long had;
  }

  private final String runId;

  /** {@code {"key":"spanweave.run.id","value":{"stringValue":"<run id>"}}}. */
  private final byte[] runIdAttribute;

  private JsonBuffer out = new JsonBuffer(64 * 1024);
  private final Frame[] frames = new Frame[MAX_DEPTH + 1];
  private int depth;

  // Where in the request: for the names of refused fields.
  private int resourceSpansIndex;
  private int scopeSpansIndex;
  private int spanIndex;
  private int linkIndex;

  // The resource open now: whether it named a run, and where its closed attribute list ends.
  private boolean resourceNamedRun;
  private int resourceAttributesEnd;

  /**
   * Depth of a resource attribute being read, whose key and string value are watched; 0 when none.
   */
  private int watchedAttributeDepth;

  private boolean watchedKeyIsRunId;
  private String watchedValue;

  private long spans;
  private int stampedResources;
  private int otherRunResources;
  private String otherRunId;

  /**
   * @param runId the run id that resources without one get
   */
  public TraceLineWriter(String runId) {
    this.runId = runId;
    JsonBuffer attribute = new JsonBuffer(128);
    attribute.write('{');
    attribute.raw(SLOT_NAMES[FIRST_FIELD_SLOT + Field.KEY.ordinal()]);
    attribute.string(SpanAttributes.RUN_ID);
    attribute.write(',');
    attribute.raw(SLOT_NAMES[VALUE_OBJECT]);
    attribute.write('{');
    attribute.raw(SLOT_NAMES[FIRST_FIELD_SLOT + Field.STRING_VALUE.ordinal()]);
    attribute.string(runId);
    attribute.write('}');
    attribute.write('}');
    this.runIdAttribute = Arrays.copyOf(attribute.array(), attribute.size());
    for (int i = 0; i < frames.length; i++) {
      frames[i] = new Frame();
    }
    reset();
  }

  /** Starts a new request: what was written before is dropped. */
  public void reset() {
    if (out.array().length > KEPT_CAPACITY) {
      out = new JsonBuffer(64 * 1024);
    }
    out.reset();
    out.write('{');
    depth = 0;
    frames[0].message = null;
    frames[0].openList = -1;
    frames[0].had = 0;
    resourceSpansIndex = -1;
    watchedAttributeDepth = 0;
    spans = 0;
    stampedResources = 0;
    otherRunResources = 0;
    otherRunId = null;
  }

  /**
   * Ends the request: the buffer then holds its line with the newline.
   *
   * @throws IllegalStateException when a message is still open (a decoder's mistake)
   */
  public JsonBuffer finish() {
    if (depth != 0) {
      throw new IllegalStateException(frames[depth].message + " was not ended");
    }
    closeList(frames[0]);
    out.write('}');
    out.write('\n');
    return out;
  }

  /** Spans in the request so far. */
  public long spans() {
    return spans;
  }

  /** Resources that had no run id and were given this run's. */
  public int stampedResources() {
    return stampedResources;
  }

  /** Resources that named another run, kept as they were. */
  public int otherRunResources() {
    return otherRunResources;
  }

  /** The run one of those named, or {@code null}. */
  public String otherRunId() {
    return otherRunId;
  }

  @Override
  public void begin(Message message) throws InvalidTraceRequestException {
    Frame parent = frames[depth];
    switch (placement(parent.message, message)) {
      case RESOURCE_SPANS_LIST -> {
        element(parent, RESOURCE_SPANS_LIST);
        resourceSpansIndex++;
        scopeSpansIndex = -1;
      }
      case SCOPE_SPANS_LIST -> {
        element(parent, SCOPE_SPANS_LIST);
        scopeSpansIndex++;
        spanIndex = -1;
      }
      case SPANS_LIST -> {
        element(parent, SPANS_LIST);
        spanIndex++;
        linkIndex = -1;
        spans++;
      }
      case LINKS_LIST -> {
        element(parent, LINKS_LIST);
        linkIndex++;
      }
      case RESOURCE_OBJECT -> {
        object(parent, RESOURCE_OBJECT);
        resourceNamedRun = false;
        resourceAttributesEnd = -1;
      }
      case ATTRIBUTES_LIST -> {
        element(parent, ATTRIBUTES_LIST);
        if (parent.message == Message.RESOURCE) {
          watchedAttributeDepth = depth + 1;
          watchedKeyIsRunId = false;
          watchedValue = null;
        }
      }
      case EVENTS_LIST, VALUES_LIST -> element(parent, placement(parent.message, message));
      default -> object(parent, placement(parent.message, message));
    }
    if (depth == MAX_DEPTH) {
      throw new InvalidTraceRequestException("values are nested more than " + MAX_DEPTH + " deep");
    }
    Frame frame = frames[++depth];
    frame.message = message;
    frame.openList = -1;
    frame.had = 0;
  }

  /** The start of an element of the list in {@code slot}, opening the list when it is not open. */
  private void element(Frame frame, int slot) throws InvalidTraceRequestException {
    if (frame.openList == slot) {
      out.write(',');
    } else {
      closeList(frame);
      had(frame, slot);
      out.separate();
      out.raw(SLOT_NAMES[slot]);
      out.write('[');
      frame.openList = slot;
    }
    out.write('{');
  }

  private void object(Frame frame, int slot) throws InvalidTraceRequestException {
    field(frame, slot);
    out.write('{');
  }

  /** The name of the field in {@code slot}, after the list open before it is closed. */
  private void field(Frame frame, int slot) throws InvalidTraceRequestException {
    closeList(frame);
    had(frame, slot);
    out.separate();
    out.raw(SLOT_NAMES[slot]);
  }

  private void had(Frame frame, int slot) throws InvalidTraceRequestException {
    long bit = 1L << slot;
    if (frame.message == Message.ANY_VALUE
        && (bit & ANY_VALUE_FIELDS) != 0
        && (frame.had & ANY_VALUE_FIELDS) != 0) {
      throw new InvalidTraceRequestException(
          where() + "an attribute value holds two values; OTLP's AnyValue holds one");
    }
    if ((frame.had & bit) != 0) {
      String name =
          new String(SLOT_NAMES[slot], 1, SLOT_NAMES[slot].length - 3, StandardCharsets.UTF_8);
      throw new InvalidTraceRequestException(
          where()
              + name
              + " comes twice in one "
              + (frame.message == null
                  ? "request"
                  : frame.message.name().toLowerCase(java.util.Locale.ROOT))
              + "; OTLP senders write each field once");
    }
    frame.had |= bit;
  }

  private void closeList(Frame frame) {
    if (frame.openList >= 0) {
      if (frame.openList == ATTRIBUTES_LIST && frame.message == Message.RESOURCE) {
        resourceAttributesEnd = out.size();
      }
      out.write(']');
      frame.openList = -1;
    }
  }

  @Override
  public void end(Message message) throws InvalidTraceRequestException {
    Frame frame = frames[depth];
    if (frame.message != message) {
      throw new IllegalStateException("ending " + message + " while " + frame.message + " is open");
    }
    switch (message) {
      case RESOURCE -> stampRunId(frame);
      case RESOURCE_SPANS -> {
        if ((frame.had & (1L << RESOURCE_OBJECT)) == 0) {
          // No resource at all: one with the run id alone.
          closeList(frame);
          out.separate();
          out.raw(SLOT_NAMES[RESOURCE_OBJECT]);
          out.write('{');
          out.raw(SLOT_NAMES[ATTRIBUTES_LIST]);
          out.write('[');
          out.raw(runIdAttribute);
          out.write(']');
          out.write('}');
          stampedResources++;
        }
      }
      case SPAN, LINK -> {
        requireId(frame, Field.TRACE_ID, TRACE_ID_BYTES);
        requireId(frame, Field.SPAN_ID, SPAN_ID_BYTES);
      }
      case KEY_VALUE -> {
        if (depth == watchedAttributeDepth) {
          watchedAttributeDepth = 0;
          if (watchedKeyIsRunId) {
            resourceNamedRun = true;
            if (!runId.equals(watchedValue)) {
              otherRunResources++;
              otherRunId = watchedValue == null ? "(not a string)" : watchedValue;
            }
          }
        }
      }
      default -> {}
    }
    closeList(frame);
    out.write('}');
    depth--;
  }

  /** Gives the resource ending now this run's id, unless it named a run. */
  private void stampRunId(Frame resource) {
    if (resourceNamedRun) {
      return;
    }
    stampedResources++;
    if (resource.openList == ATTRIBUTES_LIST) {
      out.write(',');
      out.raw(runIdAttribute);
    } else if ((resource.had & (1L << ATTRIBUTES_LIST)) != 0) {
      byte[] inserted = new byte[runIdAttribute.length + 1];
      inserted[0] = ',';
      System.arraycopy(runIdAttribute, 0, inserted, 1, runIdAttribute.length);
      out.insert(resourceAttributesEnd, inserted);
    } else {
      closeList(resource);
      out.separate();
      out.raw(SLOT_NAMES[ATTRIBUTES_LIST]);
      out.write('[');
      out.raw(runIdAttribute);
      out.write(']');
    }
  }

  private void requireId(Frame frame, Field field, int bytes) throws InvalidTraceRequestException {
    if ((frame.had & (1L << (FIRST_FIELD_SLOT + field.ordinal()))) == 0) {
      throw invalidId(field, "empty", bytes);
    }
  }

  @Override
  public void id(Field field, byte[] bytes, int offset, int length)
      throws InvalidTraceRequestException {
    int expected = idLength(field);
    if (length == 0 && field == Field.PARENT_SPAN_ID) {
      return; // a root span
    }
    if (length != expected || allZero(bytes, offset, length)) {
      throw invalidId(
          field,
          length == 0
              ? "empty"
              : "'" + HexFormat.of().formatHex(bytes, offset, offset + length) + "'",
          expected);
    }
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.hexString(bytes, offset, length);
  }

  @Override
  public void id(Field field, String hex) throws InvalidTraceRequestException {
    int expected = idLength(field);
    if (hex.isEmpty() && field == Field.PARENT_SPAN_ID) {
      return;
    }
    byte[] bytes;
    try {
      bytes = HexFormat.of().parseHex(hex);
    } catch (IllegalArgumentException e) {
      throw new InvalidTraceRequestException(
          where()
              + jsonName(field)
              + " '"
              + abbreviate(hex)
              + "' is not hex; "
              + "OTLP/JSON writes ids as lowercase hex, e.g. \"spanId\":\"00f067aa0ba902b7\"");
    }
    id(field, bytes, 0, bytes.length);
  }

  private static int idLength(Field field) {
    return switch (field) {
      case TRACE_ID -> TRACE_ID_BYTES;
      case SPAN_ID, PARENT_SPAN_ID -> SPAN_ID_BYTES;
      default -> throw new IllegalArgumentException(field + " is not an id");
    };
  }

  private InvalidTraceRequestException invalidId(Field field, String shown, int length) {
    return new InvalidTraceRequestException(
        where()
            + jsonName(field)
            + " "
            + shown
            + " is not a valid OpenTelemetry "
            + "id: it must be "
            + length
            + " bytes ("
            + 2 * length
            + " hex digits in JSON), not all zero");
  }

  private static boolean allZero(byte[] bytes, int offset, int length) {
    for (int i = offset; i < offset + length; i++) {
      if (bytes[i] != 0) {
        return false;
      }
    }
    return true;
  }

  @Override
  public void string(Field field, byte[] utf8, int offset, int length)
      throws InvalidTraceRequestException {
    watch(field, utf8, offset, length, null);
    if (length == 0 && field != Field.STRING_VALUE) {
      return; // protobuf's default, left out as protobuf leaves it out
    }
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.utf8String(utf8, offset, length);
  }

  @Override
  public void string(Field field, String value) throws InvalidTraceRequestException {
    watch(field, null, 0, 0, value);
    if (value.isEmpty() && field != Field.STRING_VALUE) {
      return;
    }
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.string(value);
  }

  /** Notes the key and the string value of a resource attribute, to find the run id among them. */
  private void watch(Field field, byte[] utf8, int offset, int length, String value) {
    if (watchedAttributeDepth == 0) {
      return;
    }
    if (field == Field.KEY && depth == watchedAttributeDepth) {
      watchedKeyIsRunId =
          value != null
              ? value.equals(SpanAttributes.RUN_ID)
              : Arrays.equals(utf8, offset, offset + length, RUN_ID_KEY, 0, RUN_ID_KEY.length);
    } else if (field == Field.STRING_VALUE && depth == watchedAttributeDepth + 1) {
      watchedValue =
          value != null ? value : new String(utf8, offset, length, StandardCharsets.UTF_8);
    }
  }

  @Override
  public void integer(Field field, long value) throws InvalidTraceRequestException {
    switch (field) {
      case INT_VALUE -> {
        field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
        out.quotedDecimal(value);
      }
      case START_TIME_UNIX_NANO, END_TIME_UNIX_NANO, TIME_UNIX_NANO -> {
        if (value != 0) {
          field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
          out.quotedUnsignedDecimal(value); // fixed64: unsigned
        }
      }
      case KIND,
          CODE,
          FLAGS,
          DROPPED_ATTRIBUTES_COUNT,
          DROPPED_EVENTS_COUNT,
          DROPPED_LINKS_COUNT -> {
        if (value != 0) {
          field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
          out.decimal(value);
        }
      }
      default -> throw new IllegalArgumentException(field + " is not an integer");
    }
  }

  @Override
  public void bool(Field field, boolean value) throws InvalidTraceRequestException {
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.raw(value ? TRUE : FALSE);
  }

  private static final byte[] TRUE = JsonBuffer.utf8("true");
  private static final byte[] FALSE = JsonBuffer.utf8("false");

  @Override
  public void floating(Field field, double value) throws InvalidTraceRequestException {
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.number(value);
  }

  @Override
  public void bytes(Field field, byte[] value, int offset, int length)
      throws InvalidTraceRequestException {
    field(frames[depth], FIRST_FIELD_SLOT + field.ordinal());
    out.base64String(value, offset, length);
  }

  /**
   * The path of the span or link open now, such as {@code
   * resourceSpans[0].scopeSpans[1].spans[3].}.
   */
  private String where() {
    StringBuilder path = new StringBuilder();
    for (int i = 1; i <= depth; i++) {
      switch (frames[i].message) {
        case RESOURCE_SPANS ->
            path.append("resourceSpans[").append(resourceSpansIndex).append("].");
        case SCOPE_SPANS -> path.append("scopeSpans[").append(scopeSpansIndex).append("].");
        case SPAN -> path.append("spans[").append(spanIndex).append("].");
        case LINK -> path.append("links[").append(linkIndex).append("].");
        case RESOURCE -> path.append("resource.");
        case SCOPE -> path.append("scope.");
        default -> {
          return path.toString();
        }
      }
    }
    return path.toString();
  }

  private static String abbreviate(String value) {
    return value.length() <= 40 ? value : value.substring(0, 40) + "...";
  }
}
