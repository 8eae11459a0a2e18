package io.spanweave.viewer.query;

import io.spanweave.viewer.formats.FormatException;
import io.spanweave.viewer.formats.SpanLineParser;
import io.spanweave.viewer.index.Attribute;
import io.spanweave.viewer.index.OtlpLineParser;
import io.spanweave.viewer.index.ParsedSpan;
import io.spanweave.viewer.index.SpanEvent;
import io.spanweave.viewer.index.SpanIds;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.index.SpanLink;
import io.spanweave.viewer.ingest.SourceFile;
import io.spanweave.viewer.ingest.SourceFiles;
import io.spanweave.viewer.json.SpanAnswer;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * Everything about one span, for the inspector. The index keeps only what views aggregate over; the
 * rest (all attributes, events, links, resource) is read back from the span's line in the file,
 * which costs one positioned read and one line parse.
 */
public final class SpanDetails {
  private static final String[] SPAN_KINDS = {
    "unspecified", "internal", "server", "client", "producer", "consumer"
  };

  private final SpanIndex index;
  private final SourceFiles sources;
  private final TraceQueries traces;
  private final SpanLineParser parser = new SpanLineParser(new OtlpLineParser());

  public SpanDetails(SpanIndex index, SourceFiles sources, TraceQueries traces) {
    this.index = index;
    this.sources = sources;
    this.traces = traces;
  }

  /** Where the span's line is, and what the index alone knows of it. */
  private record IndexedSpan(
      int sourceId, long offset, int length, int ordinal, String status, String stage) {}

  public SpanAnswer span(String traceHex, String spanHex) {
    IndexedSpan indexed =
        index.read(
            () -> {
              int t = traces.requireTrace(traceHex);
              int i = traces.findSpan(t, SpanIds.spanIdToLong(spanHex));
              if (i < 0) {
                throw new NotFoundException("no span " + spanHex + " in trace " + traceHex);
              }
              return new IndexedSpan(
                  index.sourceId(i),
                  index.lineOffset(i),
                  index.lineLength(i),
                  index.ordinalInLine(i),
                  index.status(i).label(),
                  index.strings().get(index.stage(i)));
            });
    int sourceId = indexed.sourceId();
    String status = indexed.status();
    String stage = indexed.stage();
    ParsedSpan s =
        reread(sourceId, indexed.offset(), indexed.length(), indexed.ordinal(), traceHex, spanHex);
    List<SpanAnswer.Event> events = new ArrayList<>();
    for (SpanEvent e : s.events) {
      events.add(
          new SpanAnswer.Event(
              e.name(),
              Long.toString(e.timeUnixNano()),
              Durations.millis(e.timeUnixNano() - s.startTimeUnixNano),
              attributes(e.attributes())));
    }
    List<SpanAnswer.Link> links = new ArrayList<>();
    for (SpanLink l : s.links) {
      links.add(new SpanAnswer.Link(l.traceId(), l.spanId(), attributes(l.attributes())));
    }
    SourceFile file = sources.get(sourceId);
    return new SpanAnswer(
        s.traceId,
        s.spanId,
        s.parentSpanId,
        s.name,
        stage,
        status,
        s.statusCode,
        s.statusMessage,
        s.kind >= 0 && s.kind < SPAN_KINDS.length ? SPAN_KINDS[s.kind] : Integer.toString(s.kind),
        Long.toString(s.startTimeUnixNano),
        Long.toString(s.endTimeUnixNano),
        Durations.millis(s.endTimeUnixNano - s.startTimeUnixNano),
        attributes(s.attributes),
        events,
        links,
        attributes(s.resource),
        new SpanAnswer.Scope(s.scopeName, s.scopeVersion),
        new SpanAnswer.Source(file == null ? null : file.path().toString(), indexed.offset()));
  }

  private ParsedSpan reread(
      int sourceId, long offset, int length, int ordinal, String traceHex, String spanHex) {
    SourceFile file = sources.get(sourceId);
    if (file == null) {
      throw new NotFoundException("the file holding span " + spanHex + " is no longer open");
    }
    try {
      byte[] line = file.readLine(traceHex, offset, length);
      List<ParsedSpan> spans = parser.parse(line, 0, line.length, sourceId, offset);
      if (ordinal < spans.size() && spanHex.equals(spans.get(ordinal).spanId)) {
        return spans.get(ordinal);
      }
      if (file.fromBackend()) {
        // A backend answers a trace with its spans in an order of its own.
        for (ParsedSpan s : spans) {
          if (spanHex.equals(s.spanId) && traceHex.equals(s.traceId)) {
            return s;
          }
        }
      }
    } catch (IOException | FormatException e) {
      // Fall through: the file changed under us (truncated and rewritten).
    }
    throw new NotFoundException("span " + spanHex + " is no longer at its place in " + file.path());
  }

  private static List<SpanAnswer.KeyValue> attributes(List<Attribute> attributes) {
    List<SpanAnswer.KeyValue> out = new ArrayList<>();
    for (Attribute a : attributes) {
      out.add(new SpanAnswer.KeyValue(a.key(), a.value()));
    }
    return out;
  }
}
