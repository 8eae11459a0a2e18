package io.spanweave.runtime.internal.guard;

import io.spanweave.api.TracingFaults;
import io.spanweave.conventions.ContentPolicy;
import io.spanweave.conventions.ContentPolicy.Action;
import io.spanweave.conventions.SecretValues;
import io.spanweave.conventions.SpanAttributes;
import io.spanweave.runtime.spi.InvalidTraceRequestException;
import io.spanweave.runtime.spi.TraceRequestWriter;
import java.nio.charset.StandardCharsets;

/**
 * The run-time guardrails ({@link ContentPolicy}) in front of the collector's writer, so that every
 * decoder (OTLP/JSON, protobuf, gRPC) is held to them: of the resource, scope, span, event and link
 * attributes of each received span, an attribute under a payload key is left out when its value
 * holds text, the text of one under a secret key becomes {@link SecretValues#REDACTED}, credentials
 * in any other text are redacted, and an event whose name is a payload name is left out whole.
 * Inside a map value, text under a payload or secret key is redacted. The span is always kept, and
 * nothing here refuses a request: what the writer behind it refuses, it refuses as before.
 *
 * <p>An attribute whose key comes first, as every sender writes it, is decided and forwarded at
 * once, holding nothing; otherwise, and under a payload key (kept only when its value holds no
 * text), the calls of that one attribute are held until it can decide ({@link CallLog}). An event
 * is held until its name comes, which OpenTelemetry's JavaScript exporter writes after the
 * attributes. Not thread-safe: one request at a time, then {@link #reset()}.
 */
public final class GuardingTraceWriter implements TraceRequestWriter {

  /** As the line writer refuses: deeper nesting is not held on to either. */
  private static final int MAX_DEPTH = 64;

  private final TraceRequestWriter out;
  private final GuardrailReport report;
  private final PolicyCache policy = new PolicyCache();
  private final Utf8Chars chars = new Utf8Chars();
  private final Message[] open = new Message[MAX_DEPTH + 1];
  private int depth;

  // The event open now: held until its name is known, kept, or left out.
  private final CallLog eventCalls = new CallLog();
  private int eventDepth;

  /** The name of the event open now, once known. */
  private String eventName;

  /** Whether the span open now has {@code spanweave.redaction}: it recorded previews. */
  private boolean spanRecordsPreviews;

  private boolean holdingEvent;
  private boolean keptEvent;
  private boolean skippingEvent;

  // The attribute (a KeyValue of a resource, scope, span, event or link) open now.
  private final CallLog attributeCalls = new CallLog();
  private int attributeDepth;

  /** What holds the attribute open now: a resource, a scope, a span, an event or a link. */
  private Message attributeHolder;

  private boolean holdingAttribute;

  /**
   * Its {@code begin(KEY_VALUE)}, not yet held: when its key comes first, as it nearly always does,
   * nothing is held.
   */
  private boolean beginNotHeld;

  /** {@code null} until its key is known. */
  private Action attributeAction;

  private String attributeKey;
  private boolean attributeHasText;
  private boolean attributeRedacted;

  /** Depth of a key-value inside a map value whose key is a payload or a secret; 0 when none. */
  private int redactingEntryDepth;

  /**
   * @param out the writer the guarded calls go to, such as the collector's line writer
   */
  public GuardingTraceWriter(TraceRequestWriter out, GuardrailReport report) {
    this.out = out;
    this.report = report;
    reset();
  }

  /** Starts a new request. */
  public void reset() {
    depth = 0;
    eventCalls.clear();
    attributeCalls.clear();
    holdingEvent = false;
    keptEvent = false;
    skippingEvent = false;
    eventDepth = 0;
    eventName = null;
    spanRecordsPreviews = false;
    endAttribute();
  }

  private void endAttribute() {
    holdingAttribute = false;
    beginNotHeld = false;
    attributeDepth = 0;
    attributeHolder = null;
    attributeAction = null;
    attributeKey = null;
    attributeHasText = false;
    attributeRedacted = false;
    redactingEntryDepth = 0;
  }

  @Override
  public void begin(Message message) throws InvalidTraceRequestException {
    if (depth == MAX_DEPTH) {
      throw new InvalidTraceRequestException("values are nested more than " + MAX_DEPTH + " deep");
    }
    Message parent = depth == 0 ? null : open[depth];
    open[++depth] = message;
    if (holdingEvent) {
      eventCalls.begin(message);
      return;
    }
    if (skippingEvent) {
      return;
    }
    if (message == Message.SPAN) {
      spanRecordsPreviews = false;
    }
    if (message == Message.EVENT && !keptEvent) {
      eventName = null;
      holdingEvent = true;
      eventDepth = depth;
      eventCalls.begin(message);
      return;
    }
    if (message == Message.KEY_VALUE && attributeDepth == 0 && isAttributeHolder(parent)) {
      attributeDepth = depth;
      attributeHolder = parent;
      holdingAttribute = true;
      beginNotHeld = true;
      return;
    }
    if (holdingAttribute) {
      holdCall();
      attributeCalls.begin(message);
      return;
    }
    out.begin(message);
  }

  private static boolean isAttributeHolder(Message message) {
    return message == Message.RESOURCE
        || message == Message.SCOPE
        || message == Message.SPAN
        || message == Message.EVENT
        || message == Message.LINK;
  }

  @Override
  public void end(Message message) throws InvalidTraceRequestException {
    int ending = depth;
    depth--;
    if (holdingEvent) {
      eventCalls.end(message);
      if (ending == eventDepth) {
        keepEvent(); // no name: nothing says it is a payload
      }
      return;
    }
    if (skippingEvent) {
      if (ending == eventDepth) {
        skippingEvent = false;
        eventDepth = 0;
      }
      return;
    }
    if (holdingAttribute) {
      holdCall();
      attributeCalls.end(message);
      if (ending == attributeDepth) {
        if (attributeAction == Action.DROP && attributeHasText) {
          attributeCalls.clear();
          report.droppedAttribute(attributeKey);
          endAttribute();
        } else {
          // no key, or a payload key over numbers only: kept as it is
          if (attributeAction == null) {
            attributeAction = Action.KEEP;
          }
          replayAttribute();
        }
      }
      return;
    }
    if (message == Message.KEY_VALUE && ending == redactingEntryDepth) {
      redactingEntryDepth = 0;
    }
    out.end(message);
    if (ending == attributeDepth) {
      if (attributeRedacted) {
        report.redactedAttribute(attributeKey);
      }
      endAttribute();
    } else if (ending == eventDepth && keptEvent) {
      keptEvent = false;
      eventDepth = 0;
    }
  }

  /**
   * The event's name is known (or it ended without one): left out, or its held calls made through
   * the guard.
   */
  private void decideEvent(String name, boolean dropped) throws InvalidTraceRequestException {
    eventName = name;
    if (dropped) {
      holdingEvent = false;
      skippingEvent = true;
      eventCalls.clear();
      report.droppedEvent(name);
    } else {
      keepEvent();
    }
  }

  private void keepEvent() throws InvalidTraceRequestException {
    holdingEvent = false;
    keptEvent = true;
    int now = depth;
    depth = eventDepth - 1;
    eventCalls.replay(this);
    depth = now;
    if (depth < eventDepth) {
      keptEvent = false; // it had ended: the replay ended it
      eventDepth = 0;
    }
  }

  /** Holds the attribute's {@code begin(KEY_VALUE)} before the first call held after it. */
  private void holdCall() {
    if (beginNotHeld) {
      attributeCalls.begin(Message.KEY_VALUE);
      beginNotHeld = false;
    }
  }

  /**
   * The attribute's key came first: forwarded at once with its {@code begin(KEY_VALUE)}, holding
   * nothing, unless it is a payload key, whose calls are held from here to its end.
   *
   * @return whether the key was forwarded
   */
  private boolean forwardKeyFirst(String key, Action action) {
    if (decide(key, action) == Action.DROP) {
      return false;
    }
    holdingAttribute = false;
    beginNotHeld = false;
    return true;
  }

  /**
   * The attribute's key is known: its held calls made again through the guard, which now forwards
   * them.
   */
  private void decideAttribute(String key, Action action) throws InvalidTraceRequestException {
    if (decide(key, action) != Action.DROP) {
      replayAttribute();
    } // a payload key: held to the end, to see whether its value holds text
  }

  /**
   * Notes the attribute's key and what becomes of it: {@code action}, unless a preview exempts it.
   */
  private Action decide(String key, Action action) {
    attributeKey = key;
    if (attributeHolder == Message.SPAN && key.equals(SpanAttributes.REDACTION)) {
      spanRecordsPreviews = true;
    } else if (action == Action.DROP
        && attributeHolder == Message.EVENT
        && ContentPolicy.keepsPreviewedEventAttribute(spanRecordsPreviews, eventName, key)) {
      action = Action.KEEP;
    }
    attributeAction = action;
    return action;
  }

  private void replayAttribute() throws InvalidTraceRequestException {
    holdingAttribute = false;
    int now = depth;
    depth = attributeDepth - 1;
    // begin(KEY_VALUE) comes first in the calls, forwarded this time: attributeDepth is set
    attributeCalls.replay(this);
    depth = now;
  }

  @Override
  public void id(Field field, byte[] bytes, int offset, int length)
      throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.id(field, bytes, offset, length);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.id(field, bytes, offset, length);
    } else if (!skippingEvent) {
      out.id(field, bytes, offset, length);
    }
  }

  @Override
  public void id(Field field, String hex) throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.id(field, hex);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.id(field, hex);
    } else if (!skippingEvent) {
      out.id(field, hex);
    }
  }

  @Override
  public void string(Field field, byte[] utf8, int offset, int length)
      throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.string(field, utf8, offset, length);
      if (field == Field.NAME && depth == eventDepth) {
        PolicyCache.Decision decision = policy.of(utf8, offset, length);
        decideEvent(decision.name(), decision.dropsEvent());
      }
      return;
    }
    if (skippingEvent) {
      return;
    }
    if (holdingAttribute) {
      if (beginNotHeld && field == Field.KEY && depth == attributeDepth) {
        PolicyCache.Decision decision = policy.of(utf8, offset, length);
        if (forwardKeyFirst(decision.name(), decision.action())) {
          out.begin(Message.KEY_VALUE);
          out.string(field, utf8, offset, length);
          return;
        }
      }
      holdCall();
      attributeCalls.string(field, utf8, offset, length);
      noteHeld(field);
      if (field == Field.KEY && depth == attributeDepth && attributeAction == null) {
        PolicyCache.Decision decision = policy.of(utf8, offset, length);
        decideAttribute(decision.name(), decision.action());
      }
      return;
    }
    if (field == Field.KEY && inAttribute() && depth > attributeDepth) {
      entryKey(policy.of(utf8, offset, length).action());
    } else if (field == Field.STRING_VALUE && inAttribute()) {
      if (redactsText()) {
        redacted();
        return;
      }
      if (ContentPolicy.mayHoldSecret(chars.of(utf8, offset, length))) {
        String value = new String(utf8, offset, length, StandardCharsets.UTF_8);
        String written = redactValue(value);
        if (written != null) {
          attributeRedacted = true;
          out.string(field, written);
          return;
        }
      }
    }
    out.string(field, utf8, offset, length);
  }

  @Override
  public void string(Field field, String value) throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.string(field, value);
      if (field == Field.NAME && depth == eventDepth) {
        PolicyCache.Decision decision = policy.of(value);
        decideEvent(decision.name(), decision.dropsEvent());
      }
      return;
    }
    if (skippingEvent) {
      return;
    }
    if (holdingAttribute) {
      if (beginNotHeld && field == Field.KEY && depth == attributeDepth) {
        if (forwardKeyFirst(value, policy.of(value).action())) {
          out.begin(Message.KEY_VALUE);
          out.string(field, value);
          return;
        }
      }
      holdCall();
      attributeCalls.string(field, value);
      noteHeld(field);
      if (field == Field.KEY && depth == attributeDepth && attributeAction == null) {
        decideAttribute(value, policy.of(value).action());
      }
      return;
    }
    if (field == Field.KEY && inAttribute() && depth > attributeDepth) {
      entryKey(policy.of(value).action());
    } else if (field == Field.STRING_VALUE && inAttribute()) {
      if (redactsText()) {
        redacted();
        return;
      }
      if (ContentPolicy.mayHoldSecret(value)) {
        String written = redactValue(value);
        if (written != null) {
          attributeRedacted = true;
          out.string(field, written);
          return;
        }
      }
    }
    out.string(field, value);
  }

  private void noteHeld(Field field) {
    if (field == Field.STRING_VALUE || field == Field.BYTES_VALUE) {
      attributeHasText = true;
    }
  }

  /** Whether an attribute is open and being forwarded (its key known). */
  private boolean inAttribute() {
    return attributeDepth != 0;
  }

  /** A key inside a map value: a payload or a secret one has its text redacted. */
  private void entryKey(Action action) {
    if (action != Action.KEEP && redactingEntryDepth == 0) {
      redactingEntryDepth = depth;
    }
  }

  private boolean redactsText() {
    return attributeAction == Action.REDACT
        || attributeAction == Action.DROP
        || redactingEntryDepth != 0;
  }

  private void redacted() throws InvalidTraceRequestException {
    attributeRedacted = true;
    out.string(Field.STRING_VALUE, SecretValues.REDACTED);
  }

  /**
   * {@link ContentPolicy#redactValue}, and {@link SecretValues#REDACTED} should it fail: never an
   * exception into a request.
   */
  private String redactValue(String value) {
    try {
      return ContentPolicy.redactValue(value, attributeKey);
    } catch (RuntimeException | StackOverflowError e) {
      TracingFaults.report(
          "guardrails",
          "could not check a value of attribute '"
              + attributeKey
              + "' for secrets; "
              + "it is written as "
              + SecretValues.REDACTED,
          e instanceof RuntimeException ? e : null);
      return SecretValues.REDACTED;
    }
  }

  @Override
  public void integer(Field field, long value) throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.integer(field, value);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.integer(field, value);
    } else if (!skippingEvent) {
      out.integer(field, value);
    }
  }

  @Override
  public void bool(Field field, boolean value) throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.bool(field, value);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.bool(field, value);
    } else if (!skippingEvent) {
      out.bool(field, value);
    }
  }

  @Override
  public void floating(Field field, double value) throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.floating(field, value);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.floating(field, value);
    } else if (!skippingEvent) {
      out.floating(field, value);
    }
  }

  @Override
  public void bytes(Field field, byte[] value, int offset, int length)
      throws InvalidTraceRequestException {
    if (holdingEvent) {
      eventCalls.bytes(field, value, offset, length);
    } else if (holdingAttribute) {
      holdCall();
      attributeCalls.bytes(field, value, offset, length);
      noteHeld(field);
    } else if (!skippingEvent) {
      if (inAttribute() && redactsText()) {
        redacted();
      } else {
        out.bytes(field, value, offset, length);
      }
    }
  }
}
