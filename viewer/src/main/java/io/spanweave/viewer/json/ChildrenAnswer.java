package io.spanweave.viewer.json;

import java.util.List;

/** {@code /api/children}: one level of a trace's span tree. */
public record ChildrenAnswer(String traceId, String parentSpanId, List<SpanNode> children) {}
