/**
 * Where the viewer's spans come from and how they get into the index. In: a run's folder (its parts
 * in order, listed and decoded through {@code parts}; the part being written followed as it grows;
 * {@code live.jsonl} for spans in flight; the attempt records), a single OTLP JSON lines file (or
 * another span format of {@code formats}), or a tracing backend's query API (Zipkin). Lines are cut
 * into chunks, parsed on a small pool and appended to {@code index} in file order; every span is
 * also summarised per segment into {@code summary}, and the summaries of closed parts are cached
 * beside the run, so that steps the in-memory index no longer holds are loaded on demand ({@link
 * io.spanweave.viewer.ingest.SegmentLoader}).
 *
 * <p>Out: {@code views} and {@code query} read the index, the summaries, the parts read so far and
 * the spans in flight; each job reports its own facts for {@code /api/status} as a part of {@code
 * json}'s status answer. The ingest loop hands out no job of its own: a view of the files reads the
 * segments and unread parts through {@code SegmentsRead}, the views read the summaries, live spans
 * and attempt records through {@code RunRecords}, and the HTTP side asks the loop for the parts of
 * the status and reports its requests to it (the first view).
 *
 * <p>{@link io.spanweave.viewer.ingest.IngestLoop} only sequences the jobs of its thread: the runs
 * the roots name ({@code RunSet}), the live files and attempt records ({@code RunLiveness}), the
 * first pass ({@code FirstPass}), the part being written ({@code LivePartReader}), closed parts
 * ({@code ClosedPartReader}), folders listed again ({@code PartRelisting}) and the progress ({@code
 * ReadProgress}).
 */
package io.spanweave.viewer.ingest;
