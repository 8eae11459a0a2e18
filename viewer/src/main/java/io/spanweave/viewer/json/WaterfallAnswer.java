package io.spanweave.viewer.json;

import java.util.List;

/**
 * {@code /api/waterfall}: every span of one trace or one sample on a common time axis, depth first
 * (a span, then its children by start), so the page draws one row per span in this order.
 *
 * @param traceIds the traces the spans come from (a sample's spans may be in several)
 * @param sample the sample's id when the waterfall is a sample's, else null
 * @param startUnixNano the time axis' zero: the earliest start of the spans shown
 * @param durationMs from the earliest start to the latest end
 * @param total spans of the trace or sample; {@code spans} holds the first {@code limit} of them
 */
public record WaterfallAnswer(
    List<String> traceIds,
    String sample,
    String runId,
    String startUnixNano,
    double durationMs,
    int total,
    boolean truncated,
    List<Span> spans) {

  /**
   * One row of the waterfall.
   *
   * @param depth 0 for a span whose parent is not among the spans shown
   * @param offsetMs start relative to the axis' zero
   * @param inFlight started per {@code live.jsonl} and not ended: status running, duration until
   *     now, no details in the trace file yet
   */
  public record Span(
      String traceId,
      String spanId,
      String parentSpanId,
      String name,
      String stage,
      String kind,
      String status,
      String errorType,
      int depth,
      double offsetMs,
      double durationMs,
      int childCount,
      boolean inFlight) {}
}
