package io.spanweave.viewer.index;

import java.util.List;

/** A link from a span to another span, possibly in another trace. */
public record SpanLink(String traceId, String spanId, List<Attribute> attributes) {}
