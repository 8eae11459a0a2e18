package io.spanweave.viewer.json;

/**
 * Part of {@code /api/status}: whether the first pass over the run still runs.
 *
 * @param loading true until the first pass over every part (or over the backend's steps) ended
 * @param initialLoadMillis how long the first pass over the parts took, -1 while it runs
 */
public record LoadStatus(boolean loading, long initialLoadMillis) {

  /** The same, still loading: another source's first pass has not ended. */
  public LoadStatus stillLoading() {
    return new LoadStatus(true, initialLoadMillis);
  }
}
