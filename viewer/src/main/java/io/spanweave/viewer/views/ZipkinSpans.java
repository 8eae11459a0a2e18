package io.spanweave.viewer.views;

import io.spanweave.viewer.ingest.ZipkinRun;
import io.spanweave.viewer.json.ReadingStatus;
import io.spanweave.viewer.query.RunFilter;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * Spans a Zipkin server gives on demand, nothing copied to a file: the newest steps are fetched
 * into the in-memory index, and a step, trace or sample it does not hold is fetched when asked.
 * What the newest steps hold still grows, so their windows are fetched again after each poll.
 */
final class ZipkinSpans implements SpanSource {
  private final ZipkinRun zipkin;

  ZipkinSpans(ZipkinRun zipkin) {
    this.zipkin = zipkin;
  }

  @Override
  public void start() {
    zipkin.start();
  }

  @Override
  public void close() {
    zipkin.close();
  }

  @Override
  public String kind() {
    return "zipkin";
  }

  @Override
  public String api() {
    return zipkin.api().toString();
  }

  @Override
  public long spansFetched() {
    return zipkin.spans();
  }

  @Override
  public long polls() {
    return zipkin.polls();
  }

  @Override
  public String lastError() {
    return zipkin.lastError();
  }

  @Override
  public boolean fetching() {
    return !zipkin.firstPassDone();
  }

  @Override
  public String phase(String ingestPhase) {
    return zipkin.firstPassDone()
        ? "following Zipkin"
        : "fetching steps from Zipkin, newest first: "
            + zipkin.stepsFetched()
            + " so far"
            + (zipkin.latestStep() == null ? "" : ", latest " + zipkin.latestStep());
  }

  @Override
  public List<ReadingStatus.SkippedPart> skipped() {
    List<ReadingStatus.SkippedPart> skipped = new ArrayList<>();
    for (String cut : zipkin.truncated()) {
      skipped.add(new ReadingStatus.SkippedPart("zipkin", cut));
    }
    return skipped;
  }

  @Override
  public boolean everythingInMemory() {
    return zipkin.everythingInMemory();
  }

  @Override
  public boolean stepUnread(int step) {
    return !zipkin.stepInMemory(step);
  }

  @Override
  public Optional<Load> step(int step) {
    if (zipkin.stepInMemory(step)) {
      return Optional.empty();
    }
    // The newest steps still grow: their windows are fetched again after each poll.
    Integer latest = zipkin.latestStep();
    String fresh = latest != null && step >= latest - 1 ? ":" + zipkin.polls() : "";
    return Optional.of(new Load("zipkin:step:" + step + fresh, () -> zipkin.step(step)));
  }

  @Override
  public Optional<Load> trace(String traceHex) {
    return Optional.of(
        new Load("zipkin:trace:" + traceHex + ":" + zipkin.polls(), () -> zipkin.trace(traceHex)));
  }

  @Override
  public Optional<Load> sample(RunFilter runs, String sampleId) {
    return Optional.of(
        new Load(
            "zipkin:sample:" + runs.runId() + ":" + sampleId + ":" + zipkin.polls(),
            () -> zipkin.sample(runs.runId(), sampleId)));
  }

  @Override
  public List<Integer> stepsInMemory() {
    List<Integer> steps = new ArrayList<>();
    Integer latest = zipkin.latestStep();
    for (int step = latest == null ? -1 : latest; step >= 0 && zipkin.stepInMemory(step); step--) {
      steps.add(0, step);
    }
    return steps;
  }
}
