package io.spanweave.viewer.views;

import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.LiveSpans;
import io.spanweave.viewer.ingest.SourceFiles;
import io.spanweave.viewer.query.RolloutQueries;
import io.spanweave.viewer.query.SpanDetails;
import io.spanweave.viewer.query.TraceQueries;
import io.spanweave.viewer.query.Waterfalls;
import java.util.List;

/**
 * An index of spans and the queries over it: the in-memory index of the newest spans, or the spans
 * of some segments loaded on demand, with what could not be loaded.
 */
public final class Window implements AutoCloseable {
  private final SpanIndex index;
  private final SourceFiles sources;
  private final RolloutQueries rollout;
  private final TraceQueries traces;
  private final SpanDetails details;
  private final Waterfalls waterfalls;
  private final List<String> problems;
  private final boolean loaded;

  Window(
      SpanIndex index, SourceFiles sources, LiveSpans live, List<String> problems, boolean loaded) {
    this.index = index;
    this.sources = sources;
    this.rollout = new RolloutQueries(index, live);
    this.traces = new TraceQueries(index, live);
    this.details = new SpanDetails(index, sources, traces);
    this.waterfalls = new Waterfalls(index, live);
    this.problems = problems;
    this.loaded = loaded;
  }

  public SpanIndex index() {
    return index;
  }

  public RolloutQueries rollout() {
    return rollout;
  }

  public TraceQueries traces() {
    return traces;
  }

  public SpanDetails details() {
    return details;
  }

  public Waterfalls waterfalls() {
    return waterfalls;
  }

  /** What could not be loaded into it (a part deleted or damaged), empty when all was. */
  public List<String> problems() {
    return problems;
  }

  /**
   * Whether it was loaded on demand (rather than being the in-memory index of the newest spans).
   */
  public boolean loaded() {
    return loaded;
  }

  public int spanCount() {
    return index.read(index::spanCount);
  }

  @Override
  public void close() {
    if (loaded) {
      sources.close();
    }
  }
}
