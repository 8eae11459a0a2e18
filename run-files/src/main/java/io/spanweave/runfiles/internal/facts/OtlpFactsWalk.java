package io.spanweave.runfiles.internal.facts;

import io.spanweave.conventions.ViewerKeys;

/**
 * Walks the OTLP structure of a block of lines (requests, resources, scopes, spans, events, links)
 * and hands each span's facts to {@link ChunkSpans}, reading only what the summaries need: the ids,
 * times, name, status code, the attributes {@link AttributeKeys} knows and the exception events'
 * types. Everything else is checked and skipped. The shape it reads is the one the viewer's span
 * parser reads on its fast path, arrays and kvlists included; on anything else it gives up ({@link
 * JsonCursor#GIVE_UP}).
 *
 * <p>Not thread-safe.
 */
final class OtlpFactsWalk {
  private static final byte[] RESOURCE_SPANS = JsonCursor.bytes("resourceSpans");
  private static final byte[] RESOURCE = JsonCursor.bytes("resource");
  private static final byte[] SCOPE_SPANS = JsonCursor.bytes("scopeSpans");
  private static final byte[] SCOPE = JsonCursor.bytes("scope");
  private static final byte[] SPANS = JsonCursor.bytes("spans");
  private static final byte[] ATTRIBUTES = JsonCursor.bytes("attributes");
  private static final byte[] TRACE_ID = JsonCursor.bytes("traceId");
  private static final byte[] SPAN_ID = JsonCursor.bytes("spanId");
  private static final byte[] NAME = JsonCursor.bytes("name");
  private static final byte[] VERSION = JsonCursor.bytes("version");
  private static final byte[] TIME = JsonCursor.bytes("timeUnixNano");
  private static final byte[] CODE = JsonCursor.bytes("code");
  private static final byte[] MESSAGE = JsonCursor.bytes("message");
  private static final byte[] KEY = JsonCursor.bytes("key");
  private static final byte[] VALUE = JsonCursor.bytes("value");
  private static final JsonCursor.Literal ATTRIBUTE_KEY = JsonCursor.Literal.of("{\"key\":\"");
  private static final JsonCursor.Literal ATTRIBUTE_VALUE =
      JsonCursor.Literal.of("\",\"value\":{\"");
  private static final JsonCursor.Literal STRING_VALUE = JsonCursor.Literal.of("stringValue\":\"");
  private static final JsonCursor.Literal INT_VALUE = JsonCursor.Literal.of("intValue\":");
  private static final JsonCursor.Literal BOOL_VALUE = JsonCursor.Literal.of("boolValue\":");
  private static final JsonCursor.Literal DOUBLE_VALUE = JsonCursor.Literal.of("doubleValue\":");
  private static final JsonCursor.Literal ATTRIBUTE_END = JsonCursor.Literal.of("}}");
  private static final byte[] EXCEPTION_EVENT = JsonCursor.bytes(ViewerKeys.EXCEPTION_EVENT);
  private static final String[] SPAN_KINDS = {
    "UNSPECIFIED", "INTERNAL", "SERVER", "CLIENT", "PRODUCER", "CONSUMER"
  };
  private static final String[] STATUS_CODES = {"UNSET", "OK", "ERROR"};

  /** The keys of a span the walk reads. */
  private enum SpanKey {
    TRACE_ID("traceId"),
    SPAN_ID("spanId"),
    PARENT_SPAN_ID("parentSpanId"),
    TRACE_STATE("traceState"),
    NAME("name"),
    KIND("kind"),
    START_TIME("startTimeUnixNano"),
    END_TIME("endTimeUnixNano"),
    ATTRIBUTES("attributes"),
    EVENTS("events"),
    LINKS("links"),
    STATUS("status"),
    // Keys whose values the summaries skip, known so that finding them costs a guess, not a
    // search through the others.
    FLAGS("flags"),
    DROPPED_ATTRIBUTES("droppedAttributesCount"),
    DROPPED_EVENTS("droppedEventsCount"),
    DROPPED_LINKS("droppedLinksCount");

    final String json;

    SpanKey(String json) {
      this.json = json;
    }
  }

  private final KnownKeys<SpanKey> spanKeys = new KnownKeys<>(SpanKey.values(), key -> key.json);
  private final JsonCursor in;
  private final AnyValues values;
  private final AttributeKeys keys = new AttributeKeys();
  private final ChunkSpans spans;
  private final SpanFactRules rules;
  private final SpanIdReader ids;

  /** Spans left out of the block so far for a missing or invalid trace or span id. */
  long invalidSpans;

  /**
   * The resource being read: what it says of the run, for the spans of its resourceSpans object.
   */
  private String service;

  private String resourceRun;
  private int resourceRunRank;
  private int resourceAttempt;

  OtlpFactsWalk(JsonCursor in, ChunkSpans spans) {
    this.in = in;
    this.values = new AnyValues(in);
    this.spans = spans;
    this.rules = new SpanFactRules(spans);
    this.ids = new SpanIdReader(in);
  }

  /** Reads one request object at the cursor. */
  void request() {
    in.expect('{');
    if (in.objectEmpty()) {
      return;
    }
    do {
      in.readKey();
      if (!in.keyIs(RESOURCE_SPANS)) {
        throw JsonCursor.GIVE_UP; // another format (a Jaeger export, say) or another key
      }
      in.expect('[');
      if (!in.arrayEmpty()) {
        do {
          resourceSpans();
        } while (in.nextInArray());
      }
    } while (in.nextInObject());
  }

  private void resourceSpans() {
    in.expect('{');
    int first = spans.size;
    service = null;
    resourceRun = null;
    resourceRunRank = Integer.MAX_VALUE;
    resourceAttempt = 0;
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(RESOURCE)) {
          resource();
        } else if (in.keyIs(SCOPE_SPANS)) {
          in.expect('[');
          if (!in.arrayEmpty()) {
            do {
              scopeSpans();
            } while (in.nextInArray());
          }
        } else {
          in.skipValue();
        }
      } while (in.nextInObject());
    }
    // The resource may come after the spans in the object: it applies once the object is closed.
    spans.resource(first, service, resourceRun, resourceAttempt);
  }

  private void resource() {
    // A later resource key replaces the earlier one, as in the span parser.
    service = null;
    resourceRun = null;
    resourceRunRank = Integer.MAX_VALUE;
    resourceAttempt = 0;
    in.expect('{');
    if (in.objectEmpty()) {
      return;
    }
    do {
      in.readKey();
      if (in.keyIs(ATTRIBUTES)) {
        // Attributes twice: the later list replaces the earlier one.
        service = null;
        resourceRun = null;
        resourceRunRank = Integer.MAX_VALUE;
        resourceAttempt = 0;
        attributes(Scope.RESOURCE);
      } else {
        in.skipValue();
      }
    } while (in.nextInObject());
  }

  private void scopeSpans() {
    in.expect('{');
    if (in.objectEmpty()) {
      return;
    }
    do {
      in.readKey();
      if (in.keyIs(SCOPE)) {
        in.expect('{');
        if (!in.objectEmpty()) {
          do {
            in.readKey();
            if (in.keyIs(NAME) || in.keyIs(VERSION)) {
              in.skipString();
            } else {
              in.skipValue();
            }
          } while (in.nextInObject());
        }
      } else if (in.keyIs(SPANS)) {
        in.expect('[');
        if (!in.arrayEmpty()) {
          do {
            span();
          } while (in.nextInArray());
        }
      } else {
        in.skipValue();
      }
    } while (in.nextInObject());
  }

  private void span() {
    in.expect('{');
    rules.start();
    long traceHi = 0;
    long traceLo = 0;
    long spanId = 0;
    long parentId = 0;
    long start = 0;
    long end = 0;
    String name = "";
    int statusCode = 0;
    if (!in.objectEmpty()) {
      SpanKey key = null;
      do {
        key = spanKeys.read(in, key);
        if (key == null) {
          in.skipValue();
          continue;
        }
        switch (key) {
          case TRACE_ID -> {
            ids.traceId();
            traceHi = ids.hi;
            traceLo = ids.lo;
          }
          case SPAN_ID -> spanId = ids.spanId();
          case PARENT_SPAN_ID -> parentId = ids.spanId();
          case TRACE_STATE -> in.skipString();
          case NAME -> name = in.readString();
          case KIND -> in.readEnum(SPAN_KINDS, "SPAN_KIND_");
          case START_TIME -> start = in.readInt64();
          case END_TIME -> end = in.readInt64();
          case ATTRIBUTES -> attributes(Scope.SPAN);
          case EVENTS -> events();
          case LINKS -> links();
          case STATUS -> statusCode = status(statusCode);
          case FLAGS, DROPPED_ATTRIBUTES, DROPPED_EVENTS, DROPPED_LINKS -> in.skipValue();
        }
      } while (in.nextInObject());
    }
    if ((traceHi | traceLo) == 0 || spanId == 0) {
      invalidSpans++; // as the span parser: a span without valid ids is left out and counted
      return;
    }
    spans.add(rules, traceHi, traceLo, spanId, parentId, start, end, name, statusCode);
  }

  private int status(int code) {
    in.expect('{');
    if (in.objectEmpty()) {
      return code;
    }
    do {
      in.readKey();
      if (in.keyIs(CODE)) {
        code = in.readEnum(STATUS_CODES, "STATUS_CODE_");
      } else if (in.keyIs(MESSAGE)) {
        in.skipString();
      } else {
        in.skipValue();
      }
    } while (in.nextInObject());
    return code;
  }

  private void events() {
    in.expect('[');
    if (in.arrayEmpty()) {
      return;
    }
    do {
      in.expect('{');
      boolean exception = false;
      Object type = null;
      if (!in.objectEmpty()) {
        do {
          in.readKey();
          if (in.keyIs(TIME)) {
            in.readInt64();
          } else if (in.keyIs(NAME)) {
            in.scanString();
            exception = in.textIs(EXCEPTION_EVENT);
          } else if (in.keyIs(ATTRIBUTES)) {
            type = attributes(Scope.EVENT); // a later list replaces an earlier one
          } else {
            in.skipValue();
          }
        } while (in.nextInObject());
      }
      if (exception && type != null) {
        rules.exceptionType(type);
      }
    } while (in.nextInArray());
  }

  private void links() {
    in.expect('[');
    if (in.arrayEmpty()) {
      return;
    }
    do {
      in.expect('{');
      if (!in.objectEmpty()) {
        do {
          in.readKey();
          if (in.keyIs(TRACE_ID) || in.keyIs(SPAN_ID)) {
            in.skipString();
          } else if (in.keyIs(ATTRIBUTES)) {
            attributes(Scope.LINK);
          } else {
            in.skipValue();
          }
        } while (in.nextInObject());
      }
    } while (in.nextInArray());
  }

  /** Where an attributes list is: which of its keys are read. */
  private enum Scope {
    SPAN,
    RESOURCE,
    EVENT,
    LINK
  }

  /**
   * Reads an attributes list, handing the attributes read to the span's rules or the resource.
   *
   * @return for an event's list, the value of its first {@code exception.type} that is not null
   */
  private Object attributes(Scope scope) {
    in.expect('[');
    Object exceptionType = null;
    if (in.arrayEmpty()) {
      return null;
    }
    do {
      if (!compactAttribute(scope)) {
        attribute(scope);
      }
      AttributeKeys.Key key = attributeKey;
      Object value = attributeValue;
      if (key == null || value == null || !wanted(key, scope)) {
        continue;
      }
      switch (scope) {
        case SPAN -> rules.attribute(key, value);
        case RESOURCE -> resourceAttribute(key, value);
        case EVENT -> exceptionType = exceptionType == null ? value : exceptionType;
        default -> {}
      }
    } while (in.nextInArray());
    return exceptionType;
  }

  /** The attribute {@link #compactAttribute} or {@link #attribute} read last. */
  private AttributeKeys.Key attributeKey;

  private Object attributeValue;

  /**
   * Reads an attribute written as OpenTelemetry's writers write one, {@code
   * {"key":"k","value":{"stringValue":"v"}}} (or an int, bool or double value), the key and value
   * plain, no whitespace: nine in ten of the tokens of a span are in its attributes, and this form
   * takes a few word compares and two string scans. Anything else (and the end of the block) leaves
   * the cursor where it was and returns false, for {@link #attribute}.
   */
  private boolean compactAttribute(Scope scope) {
    int at = in.pos;
    if (!in.skip(ATTRIBUTE_KEY)) {
      return false;
    }
    int keyEnd = in.plainString(in.pos);
    if (keyEnd < 0) {
      in.pos = at;
      return false;
    }
    AttributeKeys.Key key = keys.ofPlain(in);
    in.pos = keyEnd;
    if (!in.skip(ATTRIBUTE_VALUE) || in.pos >= in.end) {
      in.pos = at;
      return false;
    }
    boolean keep = key != null && wanted(key, scope);
    Object value;
    switch (in.b[in.pos]) {
      case 's' -> {
        int valueEnd;
        if (!in.skip(STRING_VALUE) || (valueEnd = in.plainString(in.pos)) < 0) {
          in.pos = at;
          return false;
        }
        value = keep ? in.text() : AnyValues.SKIPPED;
        in.pos = valueEnd + 1;
      }
      case 'i' -> {
        if (!in.skip(INT_VALUE)) {
          in.pos = at;
          return false;
        }
        long v = in.readInt64();
        value = keep ? (Object) v : AnyValues.SKIPPED;
      }
      case 'b' -> {
        if (!in.skip(BOOL_VALUE)) {
          in.pos = at;
          return false;
        }
        boolean v = in.readBoolean();
        value = keep ? (Object) v : AnyValues.SKIPPED;
      }
      case 'd' -> {
        if (!in.skip(DOUBLE_VALUE)) {
          in.pos = at;
          return false;
        }
        double v = in.readDouble();
        value = keep ? (Object) v : AnyValues.SKIPPED;
      }
      default -> {
        in.pos = at;
        return false;
      }
    }
    if (!in.skip(ATTRIBUTE_END)) {
      in.pos = at;
      return false;
    }
    attributeKey = key;
    attributeValue = value;
    return true;
  }

  /** Reads an attribute object of any shape the span parser reads, token by token. */
  private void attribute(Scope scope) {
    in.expect('{');
    AttributeKeys.Key key = null;
    boolean named = false;
    Object value = null;
    boolean early = false;
    if (!in.objectEmpty()) {
      do {
        in.readKey();
        if (in.keyIs(KEY)) {
          in.scanString();
          key = keys.of(in);
          named = true;
        } else if (in.keyIs(VALUE)) {
          // A value before its key is kept: whether it is read is not known yet.
          early = !named;
          value = values.read(early || (key != null && wanted(key, scope)));
        } else {
          in.skipValue();
        }
      } while (in.nextInObject());
    }
    if (value == AnyValues.SKIPPED && key != null && wanted(key, scope)) {
      throw JsonCursor.GIVE_UP; // a key named again after its value was skipped: not worth reading
    }
    attributeKey = key;
    attributeValue = value;
  }

  private static boolean wanted(AttributeKeys.Key key, Scope scope) {
    return switch (scope) {
      case SPAN -> key.onSpan;
      case RESOURCE -> key.onResource();
      case EVENT -> key.exceptionType;
      case LINK -> false;
    };
  }

  private void resourceAttribute(AttributeKeys.Key key, Object value) {
    if (key.serviceName) {
      service = ViewerKeys.stringOf(value);
    } else if (key.runAttempt) {
      int named = SpanFactRules.attemptOf(value);
      resourceAttempt = named > 0 ? named : resourceAttempt;
    } else if (key.meaning.rank() < resourceRunRank) {
      resourceRunRank = key.meaning.rank();
      resourceRun = ViewerKeys.stringOf(value);
    }
  }
}
