package io.spanweave.viewer.http;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;
import io.spanweave.viewer.index.SpanIndex;
import io.spanweave.viewer.ingest.IngestLoop;
import io.spanweave.viewer.ingest.PartState;
import io.spanweave.viewer.ingest.Progress;
import io.spanweave.viewer.json.BackendStatus;
import io.spanweave.viewer.json.ErrorAnswer;
import io.spanweave.viewer.json.IndexCounts;
import io.spanweave.viewer.json.LineCounts;
import io.spanweave.viewer.json.LoadStatus;
import io.spanweave.viewer.json.ReadingStatus;
import io.spanweave.viewer.json.StatusAnswer;
import io.spanweave.viewer.query.BadRequestException;
import io.spanweave.viewer.query.CompareQueries;
import io.spanweave.viewer.query.NotFoundException;
import io.spanweave.viewer.query.RunFilter;
import io.spanweave.viewer.query.StepSelector;
import io.spanweave.viewer.query.TimeWindow;
import io.spanweave.viewer.views.RunViews;
import io.spanweave.viewer.views.SpanSource;
import java.io.IOException;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/** The JSON API under {@code /api/}. Every endpoint is a GET with validated query parameters. */
public final class ApiHandler implements HttpHandler {
  private static final Logger LOG = Logger.getLogger(ApiHandler.class.getName());
  private static final ObjectMapper JSON =
      new ObjectMapper().disable(SerializationFeature.FAIL_ON_EMPTY_BEANS);
  private static final Set<String> SAMPLE_STATUSES = Set.of("completed", "running", "error");
  private static final Set<String> TRACE_STATUSES = Set.of("ok", "error", "running");
  private static final Set<String> ORDERS = Set.of("asc", "desc");

  private record Route(Set<String> params, Function<QueryParams, Object> body) {}

  private final Map<String, Route> routes = new LinkedHashMap<>();
  private final SpanIndex index;
  private final IngestLoop ingest;
  private final ApiSettings options;
  private final RunViews views;
  private final CompareQueries compare;
  private final SpanSource source;

  /**
   * @param source where the spans come from: the run's files, or a Zipkin server
   */
  public ApiHandler(SpanIndex index, IngestLoop ingest, ApiSettings options, SpanSource source) {
    this.source = source;
    this.index = index;
    this.ingest = ingest;
    this.options = options;
    this.views = new RunViews(index, ingest.records(), source);
    this.compare =
        new CompareQueries(index, () -> !views.everythingInMemory(), ingest.records().summary());

    routes.put("/api/status", new Route(Set.of(), p -> status()));
    routes.put("/api/facets", new Route(Set.of(), p -> views.facets()));
    routes.put("/api/runs", new Route(Set.of(), p -> views.runs()));
    routes.put("/api/steps", new Route(Set.of("run", "attempt"), p -> views.steps(runs(p))));
    routes.put(
        "/api/stages",
        new Route(
            Set.of("run", "attempt", "step"),
            p -> views.stages(runs(p), StepSelector.parse(p.optional("step")))));
    routes.put(
        "/api/samples",
        new Route(
            Set.of("run", "attempt", "step", "status", "sort", "order", "limit", "offset"),
            p ->
                views.samples(
                    runs(p),
                    StepSelector.parse(p.optional("step")),
                    p.oneOf("status", null, SAMPLE_STATUSES),
                    sampleSort(p),
                    p.oneOf("order", "asc", ORDERS).equals("desc"),
                    p.integer("limit", 100, 1, 1000),
                    p.integer("offset", 0, 0, Integer.MAX_VALUE))));
    routes.put(
        "/api/samples.csv",
        new Route(
            Set.of("run", "attempt", "step", "status", "sort", "order"),
            p -> SamplesDownload.csv(export(p), downloadName(p))));
    routes.put(
        "/api/samples.jsonl",
        new Route(
            Set.of("run", "attempt", "step", "status", "sort", "order"),
            p -> SamplesDownload.jsonLines(export(p), downloadName(p), JSON)));
    routes.put(
        "/api/sample",
        new Route(
            Set.of("run", "attempt", "id"),
            p ->
                views
                    .forSample(runs(p), p.required("id"))
                    .rollout()
                    .sample(runs(p), p.required("id"))));
    routes.put(
        "/api/stuck",
        new Route(
            Set.of("run"),
            p -> views.head().rollout().stuck(runs(p), System.currentTimeMillis() * 1_000_000L)));
    routes.put(
        "/api/llm",
        new Route(
            Set.of("run", "attempt", "step"),
            p -> {
              StepSelector steps = StepSelector.parse(p.optional("step"));
              return views.forTraceList(runs(p), steps).rollout().llm(runs(p), steps);
            }));
    routes.put(
        "/api/compare",
        new Route(
            Set.of("a", "b", "metric"),
            p ->
                compare.compare(
                    options.service(), p.required("a"), p.required("b"), p.optional("metric"))));
    routes.put(
        "/api/timeline",
        new Route(
            Set.of("run", "attempt", "metric"),
            p -> views.timeline(runs(p), p.optional("metric"))));
    routes.put(
        "/api/traces",
        new Route(
            Set.of(
                "run", "attempt", "step", "status", "kind", "q", "from", "to", "limit", "offset"),
            p -> traceList(p)));
    routes.put(
        "/api/trace",
        new Route(
            Set.of("run", "id"),
            p -> views.forTrace(p.traceId("id")).traces().trace(p.traceId("id"))));
    routes.put(
        "/api/children",
        new Route(
            Set.of("run", "trace", "parent"),
            p ->
                views
                    .forTrace(p.traceId("trace"))
                    .traces()
                    .children(
                        p.traceId("trace"),
                        "root".equals(p.optional("parent")) ? "root" : p.spanId("parent"))));
    routes.put(
        "/api/waterfall",
        new Route(Set.of("run", "attempt", "trace", "sample", "limit"), p -> waterfall(p)));
    routes.put(
        "/api/span",
        new Route(
            Set.of("run", "trace", "span"),
            p ->
                views
                    .forTrace(p.traceId("trace"))
                    .details()
                    .span(p.traceId("trace"), p.spanId("span"))));
  }

  /** A trace's waterfall ({@code trace=<id>}) or a sample's ({@code sample=<id>}, with its run). */
  private Object waterfall(QueryParams p) {
    int limit = p.integer("limit", 5000, 1, 50_000);
    boolean byTrace = p.optional("trace") != null;
    if (byTrace == (p.optional("sample") != null)) {
      throw new BadRequestException("give trace=<trace id> or sample=<sample id>, one of them");
    }
    long now = System.currentTimeMillis() * 1_000_000L;
    return byTrace
        ? views.forTrace(p.traceId("trace")).waterfalls().trace(p.traceId("trace"), limit, now)
        : views
            .forSample(runs(p), p.required("sample"))
            .waterfalls()
            .sample(runs(p), p.required("sample"), limit, now);
  }

  private Object traceList(QueryParams p) {
    StepSelector steps =
        StepSelector.parse(p.optional("step") == null ? "all" : p.optional("step"));
    RunFilter runs = runs(p);
    return views
        .forTraceList(runs, steps)
        .traces()
        .traces(
            runs,
            p.oneOf("status", null, TRACE_STATUSES),
            p.optional("kind"),
            p.optional("q"),
            steps,
            TimeWindow.parse(p.optional("from"), p.optional("to")),
            p.integer("limit", 50, 1, 500),
            p.integer("offset", 0, 0, Integer.MAX_VALUE));
  }

  private io.spanweave.viewer.query.SampleExport export(QueryParams p) {
    return views.exportSamples(
        runs(p),
        StepSelector.parse(p.optional("step")),
        p.oneOf("status", null, SAMPLE_STATUSES),
        sampleSort(p),
        p.oneOf("order", "asc", ORDERS).equals("desc"));
  }

  private String downloadName(QueryParams p) {
    String run = runs(p).runId();
    String step = p.optional("step");
    return SamplesDownload.baseName(run, step == null ? "latest" : step);
  }

  private static String sampleSort(QueryParams p) {
    String sort = p.optional("sort");
    if (sort == null) {
      return "start";
    }
    if (sort.startsWith("stage:") && sort.length() > "stage:".length()) {
      return sort;
    }
    return p.oneOf(
        "sort", "start", Set.of("id", "step", "status", "group", "reward", "start", "duration"));
  }

  /**
   * {@code run} absent: the command line's run; {@code *}: every run; else that run id. {@code
   * attempt} absent: each step as its counting attempt (the latest that recorded it) recorded it;
   * else only that attempt's spans.
   */
  private RunFilter runs(QueryParams p) {
    String run = p.optional("run");
    RunFilter runs =
        run == null
            ? new RunFilter(options.service(), options.runId())
            : new RunFilter(options.service(), run.equals("*") ? null : run);
    return p.optional("attempt") == null
        ? runs
        : runs.withAttempt(p.integer("attempt", 1, 1, Integer.MAX_VALUE));
  }

  /** The status, each part as what knows it reports it. */
  private StatusAnswer status() {
    // Lines first: the ingest thread counts a chunk's lines after it adds the chunk's spans to the
    // index, so counts read after them hold at least those lines' spans (a client waiting for a
    // line count then sees the spans and duplicates of those lines, never the count alone).
    LineCounts lines = ingest.lineCounts();
    IndexCounts counts =
        index.read(
            () ->
                new IndexCounts(
                    index.spanCount(),
                    index.traceCount(),
                    index.distinctSamples(),
                    index.duplicateSpans()));
    LoadStatus load = ingest.loadStatus();
    if (source.fetching()) {
      load = load.stillLoading();
    }
    return new StatusAnswer(
        counts,
        ingest.filesRead(),
        load,
        lines,
        ingest.liveStatus(),
        ingest.lastError(),
        options.viewedRun(),
        index.version(),
        new BackendStatus(
            source.kind(), source.api(), source.spansFetched(), source.polls(), source.lastError()),
        reading(),
        ingest.guardrails());
  }

  private ReadingStatus reading() {
    Progress progress = ingest.progress();
    List<ReadingStatus.SkippedPart> skipped = new ArrayList<>();
    int segments = 0;
    for (PartState part : ingest.segments().parts()) {
      segments += part.segments().size();
      if (part.problem() != null) {
        skipped.add(new ReadingStatus.SkippedPart(part.part().name(), part.problem()));
      }
    }
    for (String problem : views.loadProblems()) {
      skipped.add(
          new ReadingStatus.SkippedPart(
              problem.substring(0, Math.max(0, problem.indexOf(' '))), problem));
    }
    RunViews.WindowStats windows = views.windowStats();
    boolean all = views.everythingInMemory();
    skipped.addAll(source.skipped());
    return new ReadingStatus(
        source.phase(progress.phase()),
        progress.partsDone(),
        progress.partsTotal(),
        progress.storedBytesDone(),
        progress.storedBytesTotal(),
        all,
        views.head().spanCount(),
        ingest.records().summary().read(v -> v.spans()),
        all ? null : stepsInMemory(),
        segments,
        String.valueOf(ingest.cacheDir()),
        ingest.cacheProblem(),
        ingest.summariesTaken(),
        ingest.runSummaryParts(),
        ingest.summariesBuilt(),
        skipped,
        windows.windows(),
        windows.spans());
  }

  /** First and last step whose segments are all in the in-memory index, or null. */
  private List<Integer> stepsInMemory() {
    List<Integer> steps = views.stepsInMemory();
    return steps.isEmpty() ? null : List.of(steps.get(0), steps.get(steps.size() - 1));
  }

  @Override
  public void handle(HttpExchange exchange) throws IOException {
    // The status poll is not the view: the full pass waits for the view's answers (FirstViewHold).
    boolean data = !exchange.getRequestURI().getPath().equals("/api/status");
    boolean reported = ingest.requestStarted(data);
    try {
      answer(exchange);
    } finally {
      if (reported) {
        ingest.requestEnded(data);
      }
    }
  }

  private void answer(HttpExchange exchange) throws IOException {
    try (exchange) {
      String path = exchange.getRequestURI().getPath();
      Route route = routes.get(path);
      if (route == null) {
        sendError(exchange, 404, "no API endpoint " + path + "; endpoints: " + routes.keySet());
        return;
      }
      if (!exchange.getRequestMethod().equals("GET")
          && !exchange.getRequestMethod().equals("HEAD")) {
        sendError(exchange, 405, "only GET is supported");
        return;
      }
      Object body;
      try {
        body =
            route
                .body()
                .apply(new QueryParams(exchange.getRequestURI().getRawQuery(), route.params()));
      } catch (BadRequestException e) {
        sendError(exchange, 400, e.getMessage());
        return;
      } catch (NotFoundException e) {
        sendError(exchange, 404, e.getMessage());
        return;
      } catch (RuntimeException e) {
        LOG.log(Level.WARNING, "spanweave viewer: " + path + " failed", e);
        sendError(exchange, 500, "internal error: " + e);
        return;
      }
      if (body instanceof SamplesDownload.File file) {
        exchange
            .getResponseHeaders()
            .set("Content-Disposition", "attachment; filename=\"" + file.fileName() + "\"");
        StaticHandler.send(exchange, 200, file.contentType(), file.body());
        return;
      }
      StaticHandler.send(
          exchange, 200, "application/json; charset=utf-8", JSON.writeValueAsBytes(body));
    }
  }

  static void sendError(HttpExchange exchange, int status, String message) throws IOException {
    byte[] body = JSON.writeValueAsBytes(new ErrorAnswer(message));
    StaticHandler.send(exchange, status, "application/json; charset=utf-8", body);
  }
}
