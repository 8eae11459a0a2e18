package io.spanweave.viewer.json;

import java.util.List;

/**
 * How far the viewer has read the run, part of {@code /api/status}.
 *
 * @param phase what it does now: reading the newest spans, summarising older parts, following
 * @param partsDone parts read (or taken from the summary cache) so far
 * @param partsTotal parts found
 * @param storedBytesDone bytes of those parts as stored (compressed or not)
 * @param storedBytesTotal bytes of all parts as stored
 * @param everythingInMemory whether every span read is in the in-memory index; when false the
 *     newest spans are, older steps are answered from summaries and loaded on demand
 * @param spansInMemory spans in the in-memory index
 * @param spansSummarized spans in the summaries (every span read)
 * @param stepsInMemory the first and last step whose spans are all in memory (lists over "all
 *     steps" cover these), or null while everything is in memory or no step is
 * @param segments segments summarised
 * @param cacheDir where summaries are cached
 * @param cacheProblem why they are kept in memory only, or null
 * @param summariesTaken parts known from a summary file (written by the runtime as it closed the
 *     part, or by an earlier viewer) instead of being read
 * @param runSummaryParts parts whose steps came from a run summary (the runtime writes one when it
 *     closes a run): their own summary files then only tell where their steps are
 * @param summariesBuilt summary files this viewer built and wrote
 * @param skipped parts that could not be read in full, and why
 * @param windows windows of segments loaded on demand held now
 * @param windowSpans spans in them
 */
public record ReadingStatus(
    String phase,
    int partsDone,
    int partsTotal,
    long storedBytesDone,
    long storedBytesTotal,
    boolean everythingInMemory,
    int spansInMemory,
    long spansSummarized,
    List<Integer> stepsInMemory,
    int segments,
    String cacheDir,
    String cacheProblem,
    long summariesTaken,
    long runSummaryParts,
    long summariesBuilt,
    List<SkippedPart> skipped,
    int windows,
    long windowSpans) {

  /** A part that could not be read in full. */
  public record SkippedPart(String part, String problem) {}
}
