package io.spanweave.viewer.json;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.List;

/** {@code /api/trace}: the trace's row and its root spans. */
public record TraceAnswer(@JsonUnwrapped TraceRow trace, List<SpanNode> roots) {}
