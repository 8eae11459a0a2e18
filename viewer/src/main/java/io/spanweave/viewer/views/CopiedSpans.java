package io.spanweave.viewer.views;

import io.spanweave.viewer.ingest.BackendSource;
import io.spanweave.viewer.ingest.SegmentsRead;

/**
 * Spans a Zipkin server gives, copied into the run's file as they are fetched; the file is then
 * read like any other ({@link FileSpans}), the status tells about the server.
 */
final class CopiedSpans extends FileSpans {
  private final BackendSource zipkin;

  CopiedSpans(BackendSource zipkin, SegmentsRead segments) {
    super(segments);
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
}
