package io.spanweave.viewer.index;

import java.util.List;

/** A span event: a timestamped, named point inside a span (an exception, "infer.finished", ...). */
public record SpanEvent(long timeUnixNano, String name, List<Attribute> attributes) {}
